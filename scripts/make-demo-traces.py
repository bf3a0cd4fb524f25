#!/usr/bin/env python3
"""Writes every bundled demo trace (Assets/Traces/<scene>.jsonl, docs/trace-format.md).

`make traces` runs this; it is the only script that makes the bundled traces.

Each scene trace is a scripted session a person could have made: motion events every
8 ms along minimum-jerk strokes (a hand's bell-shaped speed profile, peaking at a few
hundred to ~1500 pt/s), the finger lifting between strokes, clicks a beat after
arriving, flicks that end at speed (so inertia and magnetism carry on), scrolls and
pinches. Targets are region ids looked up in the scene, so traces follow layout edits.

A trace is written the way `run --record` writes a live session on a display server
that accelerates the pointer itself: it starts with {"type":"acceleration","curve":"host"},
so each `motion` is the on-screen step and the engine takes it 1:1. The script therefore
needs no copy of the engine's acceleration curve, and each stroke lands where it aims.
Before each stroke the trace so far is replayed (`adaptive-pointer replay`) to learn
where recentering, inertia and magnetism actually left the model pointer. Each trace
starts with a lift, as from a touchpad that reports lifts (so the engine never has to
infer one).

The `demo` trace (a tour of Assets/Scenes/demo.json) is different: the finger glides
between targets with eased absolute `position` events at 120 Hz, so it is independent
of acceleration altogether.

Deterministic: same script, same bytes.

    swift build --product adaptive-pointer
    /usr/bin/python3 scripts/make-demo-traces.py            # all scenes
    /usr/bin/python3 scripts/make-demo-traces.py toolbar    # one
"""
import json, math, os, random, subprocess, sys, tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCENES = os.path.join(ROOT, "Assets", "Scenes")
TRACES = os.path.join(ROOT, "Assets", "Traces")
STEP = 0.008
BINARY = os.environ.get("ADAPTIVE_POINTER", os.path.join(ROOT, ".build", "debug", "adaptive-pointer"))


def write_events(name, events, duration):
    path = os.path.join(TRACES, name + ".jsonl")
    with open(path, "w") as f:
        for e in events:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")
    print(f"{path}: {len(events)} events, {duration:.2f} s")


class Scene:
    def __init__(self, name):
        self.path = os.path.join(SCENES, name + ".json")
        with open(self.path) as f:
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
        self.events = []
        self.rng = random.Random(seed)
        # Motion below is what the display server delivered: already accelerated.
        self.emit("acceleration", curve="host")
        self.emit("position", x=round(self.x, 3), y=round(self.y, 3))
        self.emit("lift")
        self.synced = True

    def emit(self, kind, **fields):
        self.events.append(dict({"t": round(self.t, 3), "type": kind}, **fields))
        if kind != "motion":
            self.synced = False

    def sync(self):
        """Replays the trace so far and takes the engine's model pointer at `self.t`."""
        if self.synced:
            return
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            for e in self.events:
                f.write(json.dumps(e, separators=(",", ":")) + "\n")
            path = f.name
        try:
            out = subprocess.run([BINARY, "replay", self.scene.path, path, "--fps", "250", "--states", "-"],
                                 check=True, capture_output=True, text=True).stdout
        finally:
            os.unlink(path)
        best = None
        for line in out.splitlines():
            frame = json.loads(line)
            if frame["t"] <= self.t + 1e-9:
                best = frame
        if best is not None:
            self.x, self.y = best["pointer"]["x"], best["pointer"]["y"]
        self.synced = True

    def wait(self, seconds):
        self.t += seconds

    def _motion(self, dx, dy):
        """One motion event moving the model pointer by (dx, dy) (host-accelerated: 1:1)."""
        if math.hypot(dx, dy) < 1e-6:
            return
        mx, my = round(dx, 3), round(dy, 3)
        self.emit("motion", dx=mx, dy=my)
        # Follow what the engine will do with the rounded values.
        self.x += mx
        self.y += my

    def stroke(self, target, duration=None, wobble=0.6, keep_speed=False):
        """A minimum-jerk stroke to `target` (a point or a region id), 8 ms per event.
        keep_speed: stop at the halfway speed peak instead (a flick; inertia carries on)."""
        if isinstance(target, str):
            target = self.scene.at(target)
        self.sync()
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
        self.sync()
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
        write_events(name, self.events, self.t)


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
    tr.stroke((560, 260)); tr.lift(); tr.wait(2.0)                   # rest: auto-hide (B10)
    tr.write("toolbar")


def text_editor():
    s = Scene("text-editor")
    tr = Trace(s, (620, 520), seed=2)
    tr.stroke(s.at("page", 0.3, 0.2)); tr.wait(0.3)                 # over text: the I-beam (A3)
    tr.drift(0, 150, 2.2); tr.wait(0.2)                              # slow: steps from line to line
    tr.drift(260, 0, 1.2); tr.lift(); tr.wait(0.2)                   # sideways: free along the line
    tr.click(); tr.wait(0.4)                                         # place the caret
    tr.flick(-4, 25); tr.wait(0.9)                                   # flick: glides, settles on a line
    tr.stroke(s.at("page", 0.55, 0.35), duration=0.4); tr.hold(0.1)
    tr.modifiers(["alt"]); tr.wait(0.5)                              # alt: arrows (E27)
    tr.drift(40, 0, 0.4); tr.wait(0.3)
    tr.modifiers([]); tr.wait(0.3)
    tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)         # context menu (E26)
    tr.stroke("italic"); tr.lift(); tr.click(); tr.wait(0.3)
    tr.stroke("bold", duration=0.3); tr.lift(); tr.wait(0.3)
    tr.stroke("share"); tr.lift(); tr.wait(0.4)
    tr.stroke("find", duration=0.3); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke(s.at("page", 0.8, 0.8)); tr.lift(); tr.wait(2.0)
    tr.write("text-editor")


def calendar():
    s = Scene("calendar")
    tr = Trace(s, (600, 600), seed=3)
    tr.stroke(s.at("day", 0.75, 0.1)); tr.wait(0.3)                  # slot-sized pointer
    tr.drift(0, 120, 2.4); tr.wait(0.2)                              # slow: clear 15-minute steps (A4)
    tr.stroke(s.at("day", 0.8, 0.85), duration=0.35); tr.lift()      # fast: snapping barely shows
    tr.wait(0.5)
    tr.stroke("design-review"); tr.lift(); tr.wait(0.6)              # hover: scale, shadow, tint (C16)
    tr.stroke("lunch", duration=0.35); tr.lift(); tr.wait(0.5)
    tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)         # event menu
    tr.stroke("focus"); tr.lift(); tr.wait(0.6)
    tr.stroke("next-day"); tr.wait(0.2)                              # toolbar: highlight, slide along
    tr.stroke("today", duration=0.3); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke("add-event"); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke(s.at("day", 0.7, 0.9)); tr.lift(); tr.wait(2.0)
    tr.write("calendar")


def quilt():
    s = Scene("quilt")
    tr = Trace(s, (430, 590), seed=4)
    tr.stroke(s.at("board", 0.2, 0.5)); tr.lift(); tr.wait(0.4)      # crosshair held on a guide (D23)
    tr.drift(400, 6, 1.6); tr.wait(0.2)                              # free along the guide
    tr.drift(0, 130, 1.8); tr.lift(); tr.wait(0.4)                   # slow: hops to the next guide
    tr.flick(0, -60); tr.wait(1.0)                                   # toss: lands on a guide
    tr.stroke(s.at("board", 0.4, 0.7), duration=0.5); tr.lift(); tr.wait(0.3)
    tr.click(after=0.1, length=0.05)
    tr.modifiers(["shift"]); tr.wait(0.6)                            # shift: target shape
    tr.drift(-60, 0, 0.5); tr.wait(0.2)
    tr.modifiers([]); tr.wait(0.4)
    tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)
    tr.stroke("show-grid"); tr.wait(0.2)
    tr.stroke("favourite", duration=0.28); tr.wait(0.1)
    tr.stroke("share", duration=0.28); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke(s.at("board", 0.5, 0.5)); tr.lift(); tr.wait(2.0)
    tr.write("quilt")


def segmented_control():
    s = Scene("segmented-control")
    tr = Trace(s, (560, 380), seed=5)
    tr.stroke("range-day"); tr.wait(0.35)                            # highlight on a segment
    for rid in ("range-week", "range-month", "range-year"):          # the selected one lifts (C19)
        tr.stroke(rid, duration=0.35, wobble=0.2); tr.wait(0.35)
    tr.stroke("range-month", duration=0.3); tr.lift(); tr.click(); tr.wait(0.4)
    tr.stroke("view-grid"); tr.wait(0.3)
    tr.stroke("view-list", duration=0.3); tr.lift(); tr.wait(0.5)
    tr.stroke("sort-name"); tr.wait(0.3)
    tr.stroke("sort-date", duration=0.3); tr.wait(0.3)
    tr.stroke("sort-size", duration=0.3); tr.lift(); tr.click(); tr.wait(0.5)
    tr.stroke((560, 380)); tr.lift(); tr.wait(2.0)
    tr.write("segmented-control")


def app_icons():
    s = Scene("app-icons")
    tr = Trace(s, (450, 420), seed=6)
    tr.stroke("camera"); tr.lift(); tr.wait(0.6)                     # lift: scale, shadow, specular (C15)
    tr.stroke("messages", duration=0.35); tr.wait(0.3)
    tr.drift(12, 8, 0.5); tr.lift(); tr.wait(0.4)                    # the specular follows the model pointer
    tr.stroke("mail", duration=0.35); tr.lift(); tr.click(); tr.wait(0.5)
    tr.stroke("weather"); tr.lift(); tr.wait(0.8)                    # a widget hovers instead
    tr.stroke("tips"); tr.lift(); tr.wait(0.3)
    tr.flick(20, 35); tr.wait(1.0)                                   # toss toward the dock: glides onto an icon (B12, B13)
    tr.stroke("dock-music", duration=0.4); tr.lift(); tr.wait(0.3)
    tr.click("secondary"); tr.wait(1.0); tr.click(after=0.1)         # app menu at once (E26)
    tr.stroke("dock-safari"); tr.lift(); tr.wait(0.5)
    tr.stroke((450, 420)); tr.lift(); tr.wait(2.0)
    tr.write("app-icons")


def notifications():
    s = Scene("notifications")
    tr = Trace(s, (620, 60), seed=7)
    tr.stroke("note-messages"); tr.lift(); tr.wait(0.6)              # hover: scale + shadow + tint
    tr.stroke("note-calendar", duration=0.35); tr.wait(0.4)
    tr.stroke("close-calendar", duration=0.3); tr.lift(); tr.wait(0.5)   # revealed on hover (E24)
    tr.stroke("note-mail", duration=0.35); tr.lift(); tr.wait(0.4)
    tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)
    tr.stroke("note-reminders", duration=0.35); tr.lift(); tr.wait(0.4)
    tr.stroke("focus"); tr.lift(); tr.wait(0.6)                      # underlay tint
    tr.stroke("silence", duration=0.4); tr.lift(); tr.click(); tr.wait(0.5)
    tr.stroke("clear-all"); tr.lift(); tr.wait(0.4); tr.click(); tr.wait(0.4)
    tr.stroke((620, 300)); tr.lift(); tr.wait(2.0)
    tr.write("notifications")


def map_scene():
    s = Scene("map")
    tr = Trace(s, (600, 40), seed=8)
    tr.stroke("search-field"); tr.lift(); tr.wait(0.5)               # a text field: I-beam
    tr.stroke("directions", duration=0.35); tr.lift(); tr.wait(0.5)
    tr.stroke("pin-cafe"); tr.lift(); tr.wait(0.5)                   # pins lift
    tr.stroke("pin-museum", duration=0.4); tr.lift(); tr.wait(0.3)
    tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)
    tr.stroke("zoom-in"); tr.wait(0.2)
    tr.stroke("zoom-out", duration=0.25); tr.lift(); tr.wait(0.4)
    tr.stroke(s.at("map", 0.45, 0.45)); tr.lift(); tr.wait(0.3)
    tr.modifiers(["alt"]); tr.wait(0.5); tr.modifiers([]); tr.wait(0.2)   # alt: target
    tr.scroll(-90, duration=0.5, dx=-60); tr.wait(0.3)               # two-finger scroll pans it (E25)
    tr.pinch(1.8, rotation=20, duration=0.7); tr.wait(0.5)           # pinch about the pointer
    tr.stroke(s.at("map", 0.6, 0.35), duration=0.4); tr.lift(); tr.wait(0.2)
    tr.pinch(0.7, rotation=-20, duration=0.6); tr.wait(0.6)
    tr.wait(2.0)
    tr.write("map")


def context_menus():
    s = Scene("context-menus")
    tr = Trace(s, (540, 380), seed=9)
    tr.stroke("side-recents"); tr.wait(0.3)
    tr.stroke("side-shared", duration=0.3); tr.wait(0.2)
    tr.stroke("side-icloud", duration=0.3); tr.lift(); tr.wait(0.3)
    tr.click("secondary"); tr.wait(1.0); tr.click(after=0.1)         # menu at once, no long press (E26)
    tr.stroke("file-photos"); tr.lift(); tr.wait(0.4)
    tr.click("secondary"); tr.wait(1.0); tr.click(after=0.1)
    tr.stroke("file-mixes"); tr.lift(); tr.wait(0.4)
    tr.click("secondary", length=0.12); tr.wait(1.0); tr.click(after=0.1)
    tr.stroke("files-more"); tr.lift(); tr.click("secondary"); tr.wait(0.9); tr.click(after=0.1)
    tr.stroke("file-archive"); tr.lift(); tr.click(); tr.wait(0.5)
    tr.stroke((540, 380)); tr.lift(); tr.wait(2.0)
    tr.write("context-menus")


def desktop():
    # No regions, no canvas: the pointer alone over whatever the desktop shows.
    s = Scene("desktop")
    tr = Trace(s, (640, 400), seed=10)
    tr.stroke((900, 260)); tr.lift(); tr.wait(0.5)
    tr.stroke((420, 520), duration=0.6); tr.lift(); tr.wait(0.4)
    tr.flick(80, -20); tr.wait(1.0)                                  # inertia: it glides on (B12)
    tr.stroke((700, 420)); tr.hold(0.15); tr.lift(); tr.wait(0.3)
    tr.click(); tr.wait(2.2)                                         # still: it fades (B10)
    tr.drift(6, 2, 0.1); tr.wait(0.6)                                # any motion brings it back
    tr.write("desktop")


class Tour:
    """The demo tour's finger: eased absolute `position` events at 120 Hz."""

    def __init__(self, start):
        self.t = 0.0
        self.pos = start
        self.events = []

    def emit(self, kind, **fields):
        self.events.append({"t": round(self.t, 4), "type": kind, **fields})

    def wait(self, seconds):
        self.t += seconds

    def move(self, to, duration, lift=True):
        """Ease in-out from here to `to`; lift on arrival so the pointer snaps and recentres."""
        start = self.pos
        steps = max(2, int(duration * 120))
        for i in range(1, steps + 1):
            u = i / steps
            e = u * u * (3 - 2 * u)
            self.t += duration / steps
            p = (start[0] + (to[0] - start[0]) * e, start[1] + (to[1] - start[1]) * e)
            self.emit("position", x=round(p[0], 2), y=round(p[1], 2))
        self.pos = to
        if lift:
            self.t += 0.02
            self.emit("lift")

    def flick(self, d, duration=0.12):
        """Fast positions ending at speed, then the lift: no easing out."""
        start = self.pos
        steps = max(2, int(duration * 120))
        for i in range(1, steps + 1):
            u = i / steps
            self.t += duration / steps
            p = (start[0] + d[0] * u * u, start[1] + d[1] * u * u)
            self.emit("position", x=round(p[0], 2), y=round(p[1], 2))
        self.pos = p
        self.t += 0.008
        self.emit("lift")

    def click(self, button="primary", hold=0.12):
        self.emit("button", button=button, state="pressed")
        self.t += hold
        self.emit("button", button=button, state="released")


def demo():
    """A tour of Assets/Scenes/demo.json: every behaviour the demo stage shows."""
    tr = Tour((640.0, 430.0))
    tr.emit("position", x=tr.pos[0], y=tr.pos[1])
    tr.wait(0.4)
    # Toolbar: highlight buttons (C14), snapping from one to the next (A2).
    tr.move((34.5, 30.5), 0.7); tr.wait(0.5)
    tr.move((75.5, 30.5), 0.25); tr.wait(0.35)
    tr.click(); tr.wait(0.4)
    # Segmented control (C19).
    tr.move((528, 30.5), 0.6); tr.wait(0.4)
    tr.move((640, 30.5), 0.3); tr.wait(0.4)
    tr.move((752, 30.5), 0.3); tr.wait(0.5)
    # App icons lift (C15); specular follows the finger inside the icon.
    tr.move((94, 150), 0.7); tr.wait(0.5)
    tr.move((112, 136), 0.35, lift=False); tr.move((80, 166), 0.45); tr.wait(0.3)
    # Secondary click opens the context menu at once (E26), then a click closes it.
    tr.click("secondary"); tr.wait(0.9)
    tr.move((150, 230), 0.4); tr.wait(0.5)
    tr.click(); tr.wait(0.4)
    tr.move((218, 150), 0.45); tr.wait(0.5)
    tr.move((342, 150), 0.35); tr.wait(0.5)
    # A flick: inertia carries the pointer on, magnetism lands it on an icon (B12, B13).
    tr.flick((110, 4)); tr.wait(1.0)
    # Notification hover (C16).
    tr.move((1040, 140), 0.9); tr.wait(0.9)
    # Text: the I-beam snaps to lines and moves freely along them (A3).
    tr.move((250, 318), 0.8, lift=False)
    tr.move((520, 322), 0.7, lift=False)
    tr.move((420, 392), 0.5); tr.wait(0.6)
    # Map: crosshair, pinch to zoom about the pointer (E25).
    tr.move((1000, 380), 0.8); tr.wait(0.4)
    tr.emit("pinch", phase="begin", scale=1.0, rotation=0)
    for i in range(1, 31):
        tr.t += 1 / 60
        tr.emit("pinch", phase="update", scale=round(1 + 0.8 * i / 30, 3), rotation=0)
    tr.t += 1 / 60
    tr.emit("pinch", phase="end", scale=1.8, rotation=0)
    tr.wait(0.6)
    # Two-finger scroll pans the map under the pointer (E25).
    tr.emit("scroll", dx=0, dy=0, source="finger", phase="begin")
    for i in range(30):
        tr.t += 1 / 60
        tr.emit("scroll", dx=-2.0, dy=-1.5, source="finger", phase="update")
    tr.t += 1 / 60
    tr.emit("scroll", dx=0, dy=0, source="finger", phase="end")
    tr.wait(0.6)
    # Formatting bar highlight, wide button hover (underlay), small lift.
    tr.move((81, 548), 1.0); tr.wait(0.4)
    tr.move((133, 548), 0.3); tr.wait(0.3)
    tr.move((185, 548), 0.3); tr.wait(0.3)
    tr.click(); tr.wait(0.3)
    tr.move((440, 548), 0.5); tr.wait(0.6)
    tr.move((614, 548), 0.4); tr.wait(0.6)
    # Hover reveal (E24): the card's close button appears, then highlight on it.
    tr.move((960, 640), 0.7); tr.wait(0.5)
    tr.move((1210, 550), 0.6); tr.wait(0.6)
    # Guides: a crosshair held on horizontal rails (D23); slow motion hops between them.
    tr.move((300, 660), 1.0); tr.wait(0.4)
    tr.move((560, 700), 1.2, lift=False); tr.move((600, 735), 0.8); tr.wait(0.5)
    # Ctrl changes the shape while held (E27).
    tr.move((400, 690), 1.0); tr.wait(0.3)
    tr.emit("modifiers", keys=["ctrl"]); tr.wait(0.6)
    tr.move((520, 700), 0.6); tr.wait(0.5)
    tr.emit("modifiers", keys=[]); tr.wait(0.6)
    # Idle: the pointer fades out (B10); any motion brings it back.
    tr.wait(3.5)
    tr.emit("motion", dx=0.5, dy=0)
    write_events("demo", tr.events, tr.t)


SCRIPTS = {"demo": demo, "desktop": desktop, "toolbar": toolbar, "text-editor": text_editor, "calendar": calendar, "quilt": quilt,
           "segmented-control": segmented_control, "app-icons": app_icons, "notifications": notifications,
           "map": map_scene, "context-menus": context_menus}

if __name__ == "__main__":
    names = sys.argv[1:] or list(SCRIPTS)
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        sys.exit(f"make-demo-traces.py: no script for {', '.join(unknown)}; known: {', '.join(SCRIPTS)}")
    for n in names:
        SCRIPTS[n]()
