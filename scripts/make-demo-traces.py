#!/usr/bin/env python3
"""Writes the bundled demo traces (Assets/Traces/<scene>.jsonl, TRACE-FORMAT.md).

Each trace is a scripted session a person could have made: motion events every 8 ms
along minimum-jerk strokes (a hand's bell-shaped speed profile, peaking at a few hundred
to ~1500 pt/s), the finger lifting between strokes, clicks a beat after arriving,
flicks that end at speed (so inertia and magnetism carry on), scrolls and pinches.
Targets are region ids looked up in the scene, so traces follow layout edits.
The engine's acceleration curve (PointerCore AccelerationCurve) is inverted so each
stroke lands where the script aims. Deterministic: same script, same bytes.

    /usr/bin/python3 scripts/make-demo-traces.py            # all scenes
    /usr/bin/python3 scripts/make-demo-traces.py toolbar    # one
"""
import json, math, os, random, sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCENES = os.path.join(ROOT, "Assets", "Scenes")
TRACES = os.path.join(ROOT, "Assets", "Traces")
STEP = 0.008

# AccelerationCurve (PointerCore/Engine/AccelerationCurve.swift).
LOW, HIGH, MAX_GAIN, MIN_DT, MAX_DT = 150.0, 1500.0, 2.5, 0.002, 0.05


def gain(speed):
    if speed <= LOW:
        return 1.0
    if speed >= HIGH:
        return MAX_GAIN
    return 1 + (MAX_GAIN - 1) * (speed - LOW) / (HIGH - LOW)


def device_delta(want, dt):
    """The device motion whose accelerated length is `want` (bisection: gain is monotone)."""
    dt = min(max(dt, MIN_DT), MAX_DT)
    lo, hi = 0.0, want
    for _ in range(60):
        mid = (lo + hi) / 2
        if mid * gain(mid / dt) < want:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


class Scene:
    def __init__(self, name):
        with open(os.path.join(SCENES, name + ".json")) as f:
            self.doc = json.load(f)
        self.frames = {}

        def visit(regions, ox, oy):
            for r in regions:
                x, y, w, h = r["frame"]
                self.frames[r["id"]] = (ox + x, oy + y, w, h)
                visit(r.get("regions", []), ox + x, oy + y)
        visit(self.doc.get("regions", []), 0, 0)

    def at(self, rid, fx=0.5, fy=0.5):
        """A point in region `rid`: fractions of its frame (0.5, 0.5 = centre)."""
        x, y, w, h = self.frames[rid]
        return (x + w * fx, y + h * fy)


class Trace:
    def __init__(self, scene, start, seed=1):
        self.scene = scene
        self.t = 0.0
        self.x, self.y = start
        self.last_motion = None
        self.events = []
        self.rng = random.Random(seed)
        self.emit("position", x=round(self.x, 3), y=round(self.y, 3))

    def emit(self, kind, **fields):
        self.events.append(dict({"t": round(self.t, 3), "type": kind}, **fields))

    def wait(self, seconds):
        self.t += seconds

    def _motion(self, dx, dy):
        """One motion event moving the model pointer by (dx, dy) after acceleration."""
        want = math.hypot(dx, dy)
        dt = self.t - self.last_motion if self.last_motion is not None else MAX_DT
        if want < 1e-6:
            return
        d = device_delta(want, dt)
        mx, my = round(dx / want * d, 3), round(dy / want * d, 3)
        self.emit("motion", dx=mx, dy=my)
        # Follow what the engine will compute from the rounded values.
        g = gain(math.hypot(mx, my) / min(max(dt, MIN_DT), MAX_DT))
        self.x += mx * g
        self.y += my * g
        self.last_motion = self.t

    def stroke(self, target, duration=None, wobble=0.6, keep_speed=False):
        """A minimum-jerk stroke to `target` (a point or a region id), 8 ms per event.
        keep_speed: stop at the halfway speed peak instead (a flick; inertia carries on)."""
        if isinstance(target, str):
            target = self.scene.at(target)
        sx, sy = self.x, self.y
        tx, ty = target
        dist = math.hypot(tx - sx, ty - sy)
        if duration is None:
            duration = 0.16 + dist / 1100.0
        n = max(2, int(round(duration / STEP)))
        end = n // 2 + 2 if keep_speed else n
        # A slight arc, as a wrist makes: perpendicular offset peaking mid-stroke.
        bend = self.rng.uniform(-1, 1) * min(dist * 0.04, 12) * wobble
        nx, ny = ((-(ty - sy) / dist, (tx - sx) / dist) if dist > 0 else (0, 0))
        for i in range(1, end + 1):
            s = i / n
            p = 10 * s**3 - 15 * s**4 + 6 * s**5
            arc = bend * math.sin(math.pi * s)
            wx, wy = sx + (tx - sx) * p + nx * arc, sy + (ty - sy) * p + ny * arc
            self.t += STEP
            if keep_speed and i == end:
                break
            self._motion(wx - self.x, wy - self.y)
        if not keep_speed:
            self._motion(tx - self.x, ty - self.y) if math.hypot(tx - self.x, ty - self.y) > 0.05 else None

    def flick(self, dx, dy, duration=0.12):
        """A quick swipe ending at speed, then the finger lifts: inertia and magnetism."""
        self.stroke((self.x + dx * 2, self.y + dy * 2), duration=duration * 2, keep_speed=True, wobble=0.2)
        self.lift()

    def drift(self, dx, dy, duration):
        """Slow, steady motion (adaptive precision shows its steps)."""
        n = max(1, int(round(duration / STEP)))
        for _ in range(n):
            self.t += STEP
            self._motion(dx / n, dy / n)

    def lift(self):
        self.t += STEP
        self.emit("lift")

    def hold(self, seconds=0.12):
        self.emit("hold", phase="begin")
        self.t += seconds
        self.emit("hold", phase="end")

    def click(self, button="primary", after=0.18, length=0.085):
        self.t += after
        self.emit("button", button=button, state="pressed")
        self.t += length
        self.emit("button", button=button, state="released")

    def scroll(self, dy, duration=0.4, dx=0.0):
        n = max(1, int(round(duration / STEP)))
        self.emit("scroll", dx=0, dy=0, source="finger", phase="begin")
        weights = [math.sin(math.pi * (i + 0.5) / n) for i in range(n)]
        total = sum(weights)
        for w in weights:
            self.t += STEP
            self.emit("scroll", dx=round(dx * w / total, 3), dy=round(dy * w / total, 3), source="finger", phase="update")
        self.t += STEP
        self.emit("scroll", dx=0, dy=0, source="finger", phase="end")

    def pinch(self, scale, rotation=0.0, duration=0.6):
        n = max(2, int(round(duration / STEP)))
        self.emit("pinch", phase="begin", scale=1.0, rotation=0)
        for i in range(1, n + 1):
            s = i / n
            p = 10 * s**3 - 15 * s**4 + 6 * s**5
            self.t += STEP
            self.emit("pinch", phase="update", scale=round(1 + (scale - 1) * p, 4), rotation=round(rotation * p, 3))
        self.t += STEP
        self.emit("pinch", phase="end", scale=round(scale, 4), rotation=round(rotation, 3))

    def modifiers(self, keys):
        self.emit("modifiers", keys=keys)

    def leave(self):
        self.emit("leave")

    def write(self, name):
        path = os.path.join(TRACES, name + ".jsonl")
        with open(path, "w") as f:
            for e in self.events:
                f.write(json.dumps(e, separators=(",", ":")) + "\n")
        print(f"{path}: {len(self.events)} events, {self.t:.2f} s")


# ---- the scripts -----------------------------------------------------------

def toolbar():
    s = Scene("toolbar")
    tr = Trace(s, (520, 330))
    tr.stroke("note-trip"); tr.lift(); tr.wait(0.6)                 # hover a list row
    tr.stroke("note-ideas", duration=0.35); tr.lift(); tr.wait(0.4)
    tr.stroke("search"); tr.wait(0.25)                               # into the toolbar: highlight
    for rid in ("compose", "share", "more"):                         # slide along the group (A2)
        tr.stroke(rid, duration=0.3, wobble=0.2); tr.wait(0.15)
    tr.lift(); tr.wait(0.35)
    tr.stroke("share", duration=0.28); tr.lift(); tr.click()         # click: scale down (C14)
    tr.wait(0.4); tr.click("secondary"); tr.wait(0.9)                # context menu (E26)
    tr.click(after=0.1)                                              # dismiss
    tr.stroke("done", duration=0.3); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke("back"); tr.lift(); tr.wait(0.3)
    tr.stroke("sidebar", duration=0.25); tr.lift(); tr.wait(0.5)
    tr.stroke("bold"); tr.wait(0.2)
    for rid in ("italic", "underline"):
        tr.stroke(rid, duration=0.28, wobble=0.2); tr.wait(0.12)
    tr.lift(); tr.click(); tr.wait(0.5)
    tr.stroke((560, 260)); tr.lift(); tr.wait(2.0)                   # rest: auto-hide (A10)
    tr.write("toolbar")


SCRIPTS = {"toolbar": toolbar}

if __name__ == "__main__":
    names = sys.argv[1:] or list(SCRIPTS)
    for n in names:
        SCRIPTS[n]()
