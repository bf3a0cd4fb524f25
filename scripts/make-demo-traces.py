#!/usr/bin/env python3
"""Writes the bundled demo traces (Assets/Traces/<scene>.jsonl, TRACE-FORMAT.md).

Each trace is a scripted session a person could have made: motion events every 8 ms
along minimum-jerk strokes (a hand's bell-shaped speed profile, peaking at a few hundred
to ~1500 pt/s), the finger lifting between strokes, clicks a beat after arriving,
flicks that end at speed (so inertia and magnetism carry on), scrolls and pinches.
Targets are region ids looked up in the scene, so traces follow layout edits.
The engine's acceleration curve (PointerCore AccelerationCurve) is inverted so each
stroke lands where the script aims, and before each stroke the trace so far is replayed
(`adaptive-pointer replay`) to learn where recentering, inertia and magnetism actually
left the model pointer. Each trace starts with a lift, as from a touchpad that reports
lifts (so the engine never has to infer one). Deterministic: same script, same bytes.

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
        self.last_motion = None
        self.events = []
        self.rng = random.Random(seed)
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
    tr.click(); tr.wait(2.2)                                         # still: it fades (A10)
    tr.drift(6, 2, 0.1); tr.wait(0.6)                                # any motion brings it back
    tr.write("desktop")


SCRIPTS = {"desktop": desktop, "toolbar": toolbar, "text-editor": text_editor, "calendar": calendar, "quilt": quilt,
           "segmented-control": segmented_control, "app-icons": app_icons, "notifications": notifications,
           "map": map_scene, "context-menus": context_menus}

if __name__ == "__main__":
    names = sys.argv[1:] or list(SCRIPTS)
    for n in names:
        SCRIPTS[n]()
