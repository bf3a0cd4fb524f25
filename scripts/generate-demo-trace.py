#!/usr/bin/env python3
"""Writes Assets/Traces/demo.jsonl: a tour of Assets/Scenes/demo.json.

The finger glides between targets with eased `position` events at 120 Hz, lifts
when it arrives (so the pointer snaps and recentres), clicks, opens a context menu,
pinches the map and holds ctrl. Re-run after moving things in the scene.
"""
import json, math, os, sys

events = []
t = 0.0
pos = (640.0, 430.0)

def emit(kind, **fields):
    events.append({"t": round(t, 4), "type": kind, **fields})

checkpoints = []

def move(to, duration, lift=True):
    global t, pos
    checkpoints.append((round(t + duration, 2), to))
    start = pos
    steps = max(2, int(duration * 120))
    for i in range(1, steps + 1):
        u = i / steps
        e = u * u * (3 - 2 * u)  # ease in-out
        t += duration / steps
        p = (start[0] + (to[0] - start[0]) * e, start[1] + (to[1] - start[1]) * e)
        emit("position", x=round(p[0], 2), y=round(p[1], 2))
    pos = to
    if lift:
        t += 0.02
        emit("lift")

def wait(s):
    global t
    t += s

def click(button="primary", hold=0.12):
    global t
    emit("button", button=button, state="pressed")
    t += hold
    emit("button", button=button, state="released")

emit("position", x=pos[0], y=pos[1])
wait(0.4)
# Toolbar: highlight buttons (C14), snapping from one to the next (A2).
move((34.5, 30.5), 0.7); wait(0.5)
move((75.5, 30.5), 0.25); wait(0.35)
click(); wait(0.4)
# Segmented control (C19).
move((528, 30.5), 0.6); wait(0.4)
move((640, 30.5), 0.3); wait(0.4)
move((752, 30.5), 0.3); wait(0.5)
# App icons lift (C15); specular follows the finger inside the icon.
move((94, 150), 0.7); wait(0.5)
move((112, 136), 0.35, lift=False); move((80, 166), 0.45); wait(0.3)
# Secondary click opens the context menu at once (E26), then a click closes it.
click("secondary"); wait(0.9)
move((150, 230), 0.4); wait(0.5)
click(); wait(0.4)
move((218, 150), 0.45); wait(0.5)
move((342, 150), 0.35); wait(0.5)
# A flick: inertia carries the pointer on, magnetism lands it on an icon (B12, B13).
def flick(d, duration=0.12):
    """Fast positions ending at speed, then the lift: no easing out."""
    global t, pos
    start = pos
    steps = max(2, int(duration * 120))
    for i in range(1, steps + 1):
        u = i / steps
        t += duration / steps
        p = (start[0] + d[0] * u * u, start[1] + d[1] * u * u)
        emit("position", x=round(p[0], 2), y=round(p[1], 2))
    pos = p
    t += 0.008
    emit("lift")
flick((110, 4)); wait(1.0)
# Notification hover (C16).
move((1040, 140), 0.9); wait(0.9)
# Text: the I-beam snaps to lines and moves freely along them (A3).
move((250, 318), 0.8, lift=False)
move((520, 322), 0.7, lift=False)
move((420, 392), 0.5); wait(0.6)
# Map: crosshair, pinch to zoom about the pointer (E25).
move((1000, 380), 0.8); wait(0.4)
emit("pinch", phase="begin", scale=1.0, rotation=0)
for i in range(1, 31):
    t += 1 / 60
    emit("pinch", phase="update", scale=round(1 + 0.8 * i / 30, 3), rotation=0)
t += 1 / 60
emit("pinch", phase="end", scale=1.8, rotation=0)
wait(0.6)
# Two-finger scroll pans the map under the pointer (E25).
emit("scroll", dx=0, dy=0, source="finger", phase="begin")
for i in range(30):
    t += 1 / 60
    emit("scroll", dx=-2.0, dy=-1.5, source="finger", phase="update")
t += 1 / 60
emit("scroll", dx=0, dy=0, source="finger", phase="end")
wait(0.6)
# Formatting bar highlight, wide button hover (underlay), small lift.
move((81, 548), 1.0); wait(0.4)
move((133, 548), 0.3); wait(0.3)
move((185, 548), 0.3); wait(0.3)
click(); wait(0.3)
move((440, 548), 0.5); wait(0.6)
move((614, 548), 0.4); wait(0.6)
# Hover reveal (E24): the card's close button appears, then highlight on it.
move((960, 640), 0.7); wait(0.5)
move((1210, 550), 0.6); wait(0.6)
# Guides: a crosshair held on horizontal rails (D23); slow motion hops between them.
move((300, 660), 1.0); wait(0.4)
move((560, 700), 1.2, lift=False); move((600, 735), 0.8); wait(0.5)
# Ctrl changes the shape while held (E27).
move((400, 690), 1.0); wait(0.3)
emit("modifiers", keys=["ctrl"]); wait(0.6)
move((520, 700), 0.6); wait(0.5)
emit("modifiers", keys=[]); wait(0.6)
# Idle: the pointer fades out (B10).
wait(3.5)
emit("motion", dx=0.5, dy=0)

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
out = os.path.join(root, "Assets", "Traces", "demo.jsonl")
with open(out, "w") as f:
    for e in events:
        f.write(json.dumps(e, separators=(",", ":")) + "\n")
if "-v" in sys.argv:
    for c in checkpoints: print(c, file=sys.stderr)
print(f"wrote {len(events)} events, {t:.2f} s, to {out}", file=sys.stderr)
