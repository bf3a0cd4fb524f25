#!/usr/bin/python3
"""End to end on headless KWin 5.27 (issue 37), run inside scripts/kwin-rig.sh
after `adaptive-pointer companion install kde` (a user's install and re-login).

  kwin-e2e.py BINARY PLAYER APP-FIXTURE OUT-DIR

Starts a GTK 3 window (GDK_BACKEND=wayland) and `adaptive-pointer run desktop`,
moves the pointer through KWin's fake input (wayland-input-player) in small
steps, and checks what a user sees in screenshots from KWin's ScreenShot2.
Prints one line per check, `ok NAME detail` or `FAIL NAME detail`, and figures
as `figure NAME VALUE`; screenshots go to OUT-DIR. Exit 0 when every check passed.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_support import Process, changed_box, check, failures, figure, write_png  # noqa: E402

import gi  # noqa: E402
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BINARY, PLAYER, APP, OUT = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(OUT, exist_ok=True)
SOCKET = os.path.join(os.environ["XDG_RUNTIME_DIR"], "adaptive-pointer-companion.sock")
where = [640.0, 700.0]  # where the test last put the pointer (fake input moves are exact)


def play(lines):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(json.dumps(line) for line in lines) + "\n")
    try:
        run = subprocess.run([PLAYER, f.name], capture_output=True, text=True, timeout=30)
        if run.returncode != 0:
            raise RuntimeError("player: " + run.stderr.strip())
    finally:
        os.unlink(f.name)


def stroke(x, y, steps=30, interval=0.008):
    """Many small absolute steps from where the pointer is."""
    x0, y0 = where
    play([{"t": i * interval, "type": "position", "x": x0 + (x - x0) * i / steps, "y": y0 + (y - y0) * i / steps}
          for i in range(1, steps + 1)])
    where[:] = [x, y]


def click():
    play([{"t": 0, "type": "button", "button": "primary", "state": "pressed"},
          {"t": 0.06, "type": "button", "button": "primary", "state": "released"}])


def screenshot(name, cursor=False):
    """The whole workspace through org.kde.KWin.ScreenShot2 (raw pixels into a pipe)."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    r, w = os.pipe()
    chunks = []
    reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(r, 1 << 20), b"")), daemon=True)
    reader.start()
    fds = Gio.UnixFDList.new()
    fds.append(w)  # a copy: KWin's end is the only writer left once the list goes
    os.close(w)
    options = {"include-cursor": GLib.Variant("b", cursor), "native-resolution": GLib.Variant("b", True)}
    result, _ = bus.call_with_unix_fd_list_sync(
        "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureWorkspace",
        GLib.Variant("(a{sv}h)", (options, 0)), GLib.VariantType("(a{sv})"), Gio.DBusCallFlags.NONE, 10000, fds, None)
    for fd in fds.steal_fds():
        os.close(fd)
    reader.join(10)
    os.close(r)
    meta = result.unpack()[0]
    width, height, stride = meta["width"], meta["height"], meta["stride"]
    data = b"".join(chunks)
    rows = []
    for y in range(height):  # QImage ARGB32 in memory: B G R A
        line = data[y * stride:y * stride + width * 4]
        rgba = bytearray(len(line))
        rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = line[2::4], line[1::4], line[0::4], line[3::4]
        rows.append(rgba)
    write_png(os.path.join(OUT, name + ".png"), width, height, 4, rows)
    return width, height, 4, rows


def cursor_drawn(name, x, y):
    """Whether KWin draws a system cursor near (x, y): a shot with the cursor differs there."""
    with_cursor = screenshot(name + "-with-cursor", cursor=True)
    without = screenshot(name + "-without-cursor")
    return changed_box(with_cursor, without, int(x) - 4, int(y) - 4, int(x) + 32, int(y) + 32, threshold=60)


def companion_windows():
    """The companion's own report of the windows (connect, read `windows`, leave)."""
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(3)
    s.connect(SOCKET)
    data = b""
    while b"\nwindows " not in data or not data.split(b"\nwindows ", 1)[1].count(b"\n"):
        data += s.recv(65536)
    s.close()
    return json.loads(data.split(b"\nwindows ", 1)[1].split(b"\n", 1)[0])


def kwin_script(js):
    """Runs a KWin script once (to place a window, as a user would drag it)."""
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as f:
        f.write(js)
    name = "ap-e2e-%d" % time.time_ns()
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting",
                          "--method", "org.kde.kwin.Scripting.loadScript", f.name, name],
                         capture_output=True, text=True, timeout=10).stdout
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting",
                    "--method", "org.kde.kwin.Scripting.start"], capture_output=True, timeout=10)
    time.sleep(0.3)
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting",
                    "--method", "org.kde.kwin.Scripting.unloadScript", name], capture_output=True, timeout=10)
    os.unlink(f.name)
    return out


def wait_until(predicate, timeout):
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def hold_a_pointer_device():
    """KWin hides the cursor while no pointer device exists (a touch-only machine),
    and each player run's fake-input device goes away with it: keep one for the test."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(json.dumps({"t": 900, "type": "wait"}) + "\n")
    return subprocess.Popen([PLAYER, f.name])


def main():
    holder = hold_a_pointer_device()
    time.sleep(0.3)
    try:
        steps(holder)
    finally:
        holder.kill()


def steps(holder):
    stroke(640, 700, steps=1)
    env = dict(os.environ, GDK_BACKEND="wayland", GTK_A11Y="atspi", NO_AT_BRIDGE="0")
    app = Process(["/usr/bin/python3", APP, "KDE e2e"], env=env, stdin=True)
    ready = app.wait_for("ready", timeout=20)
    check("app-started", ready is not None, " / ".join(app.lines[-3:]))
    if not ready:
        return
    kwin_script("workspace.clientList().filter(c => c.caption == 'KDE e2e').forEach(c => {"
                " const g = c.frameGeometry; c.frameGeometry = {x: 220, y: 140, width: g.width, height: g.height}; });")
    time.sleep(0.8)
    win = next((w for w in companion_windows() if w["title"] == "KDE e2e"), None)
    check("companion-reports-the-window", win is not None and win["frame"][:2] == [220, 140] and win["pid"] > 0,
          str(win))
    if win is None:
        return
    widgets = {}
    for line in app.lines:
        parts = line.split()
        if parts and parts[0] == "widget":
            widgets[parts[1]] = tuple(int(v) for v in parts[2:6])

    def on_screen(name):  # GTK on Wayland: relative to the window's buffer corner
        x, y, w, h = widgets[name]
        return win["buffer"][0] + x, win["buffer"][1] + y, w, h
    share, view, back = on_screen("Share"), on_screen("TextView"), on_screen("Back")
    print("window %s, Share %s, TextView %s, Back %s" % (win, share, view, back), flush=True)

    stroke(60, 700)
    time.sleep(0.3)
    before_cursor = cursor_drawn("00-before-overlay", 60, 700)
    base = screenshot("00-before-overlay")
    overlay_env = dict(os.environ, AP_COMPANION_DEBUG=os.environ.get("AP_COMPANION_DEBUG", ""))
    overlay = Process([BINARY, "run", "desktop", "--stats"], env=overlay_env)
    started = overlay.wait_for("accessibility targets on", timeout=25)
    check("overlay-started", started is not None, " | ".join(overlay.lines[-6:]))
    if not started:
        return
    check("log-names-the-companion", any("through the KWin 5.27" in line for line in overlay.lines),
          next((line for line in overlay.lines if "running" in line), ""))
    time.sleep(0.5)

    # The system cursor is drawn before the overlay runs, and not while it does.
    stroke(100, 650)
    time.sleep(0.4)
    during = cursor_drawn("01-overlay-running", 100, 650)
    check("system-cursor-hidden", before_cursor is not None and during is None,
          "cursor drawn before: %s, while the overlay runs: %s" % (before_cursor, during))

    # A2: the pointer morphs into the real Share button.
    sx, sy, sw, sh = share
    stroke(sx - 40, sy + sh / 2 + 60)
    stroke(sx + sw / 2 + 3, sy + sh / 2 + 2, steps=40)
    time.sleep(0.6)
    shot = screenshot("02-morphed-into-share")
    box = changed_box(base, shot, sx - 30, sy - 30, sx + sw + 30, sy + sh + 30)
    good = box is not None and abs(box[2] - sw) <= 14 and abs(box[3] - sh) <= 14 \
        and abs(box[0] + box[2] / 2 - (sx + sw / 2)) <= 6
    check("morphs-into-button", good, "drawn %s, button %s" % (box, share))

    # B9: resting in Back's hit padding (5 px left of it) recentres the real pointer
    # through fake input, so the click lands on Back.
    bx, by, bw, bh = back
    stroke(bx - 50, by + bh + 80)
    stroke(bx - 50, by + bh / 2, steps=20)
    time.sleep(0.3)
    stroke(bx - 5, by + bh / 2, steps=10)
    time.sleep(0.6)
    screenshot("03-rest-in-padding")
    before = len([line for line in app.lines if line == "clicked Back"])
    click()
    clicked = wait_until(lambda: len([line for line in app.lines if line == "clicked Back"]) > before, 3)
    check("click-from-padding-reaches-button", clicked, "app: %s" % app.lines[-3:])

    # A3: the I-beam on the text view.
    vx, vy, vw, vh = view
    stroke(vx + 200, vy + 45, steps=40)
    time.sleep(0.6)
    beam = changed_box(base, screenshot("04-ibeam-on-text"), vx + 170, vy + 5, vx + 230, vy + 90)
    check("ibeam-on-text", beam is not None and beam[2] <= 8 and 12 <= beam[3] <= 26, "drawn %s, view %s" % (beam, view))

    stroke(300, 600, steps=60)
    overlay.proc.send_signal(signal.SIGINT)
    overlay.proc.wait(timeout=10)
    with open(os.path.join(OUT, "overlay.log"), "w") as f:
        f.write("\n".join(overlay.lines) + "\n")
    for line in overlay.lines:
        if "event→commit" in line or "motion→" in line or "per-frame" in line:
            figure("overlay-stats", line.strip())
    time.sleep(0.3)
    check("cursor-back-after-exit", cursor_drawn("05-after-exit", 300, 600) is not None)

    # After SIGKILL the system cursor comes back (the socket closes; the effect shows it).
    overlay2 = Process([BINARY, "run", "desktop", "--targets", "scene"], env=overlay_env)
    overlay2.wait_for("running Desktop", timeout=20)
    stroke(320, 620, steps=10)
    time.sleep(0.4)
    hidden = cursor_drawn("06-before-sigkill", 320, 620) is None
    killed_at = time.time()
    overlay2.proc.kill()
    overlay2.proc.wait()
    back = None
    while time.time() - killed_at < 3:
        if cursor_drawn("06-after-sigkill", 320, 620) is not None:
            back = time.time() - killed_at
            break
    check("cursor-back-after-sigkill", hidden and back is not None and back <= 1.0,
          "hidden before: %s, back after %s s (a screenshot pair takes part of that)" %
          (hidden, None if back is None else "%.3f" % back))
    if back is not None:
        figure("cursor-back-after-sigkill-s", "%.3f" % back)

    # Ctrl+Alt+Esc ends the overlay through the companion's global shortcut.
    overlay3 = Process([BINARY, "run", "desktop", "--targets", "scene"], env=overlay_env)
    overlay3.wait_for("running Desktop", timeout=20)
    stroke(330, 600, steps=10)
    time.sleep(0.3)
    play([{"t": 0, "type": "modifiers", "keys": ["ctrl", "alt"]}, {"t": 0.05, "type": "key", "key": "escape"},
          {"t": 0.1, "type": "modifiers", "keys": []}])
    try:
        code = overlay3.proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        overlay3.proc.kill()
        code = None
    time.sleep(0.3)
    check("ctrl-alt-esc-ends-overlay", code == 0 and cursor_drawn("07-after-ctrl-alt-esc", 330, 600) is not None,
          "exit %s; %s" % (code, overlay3.lines[-2:]))

    # A binary KWin's desktop entries do not name gets no fake input: the overlay
    # runs, and says that the real pointer will not be moved and what to do.
    stranger = os.path.join(tempfile.mkdtemp(), "adaptive-pointer")
    subprocess.run(["cp", BINARY, stranger], check=True)
    overlay4 = Process([stranger, "run", "desktop", "--targets", "scene"], env=overlay_env)
    said = overlay4.wait_for("KWin does not let this program move the pointer", timeout=20)
    overlay4.proc.send_signal(signal.SIGINT)
    overlay4.proc.wait(timeout=10)
    check("untrusted-binary-says-warps-are-off", said is not None and "companion install kde" in said,
          said or " | ".join(overlay4.lines[-4:]))

    # Clients that vanish at once (a status probe, a crash right after connecting)
    # never take KWin down: the companion writes into sockets whose peer is gone.
    refused = None
    for i in range(300):
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(SOCKET)
            if i % 2:
                s.sendall(b"hello adaptive-pointer 1 1\ncursor hidden\n")
        except OSError as error:
            refused = "client %d: %r" % (i, error)
            break
        finally:
            s.close()
    time.sleep(0.5)
    alive = subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/KWin",
                            "--method", "org.freedesktop.DBus.Peer.Ping"], capture_output=True, timeout=10)
    check("kwin-survives-vanishing-clients", refused is None and alive.returncode == 0,
          "%s %s" % (refused or "", alive.stderr.decode(errors="replace").strip()))

    status = subprocess.run([BINARY, "companion", "status", "kde"], capture_output=True, text=True, timeout=30)
    check("status-says-running", status.returncode == 0 and "running: yes" in status.stdout,
          status.stdout.replace("\n", " | "))
    removed = subprocess.run([BINARY, "companion", "uninstall", "kde"], capture_output=True, text=True, timeout=30)
    time.sleep(1.0)
    refused = subprocess.run([BINARY, "run", "desktop"], capture_output=True, text=True, timeout=30)
    check("uninstall-then-run-says-what-to-install", removed.returncode == 0 and refused.returncode == 7
          and "adaptive-pointer companion install kde" in refused.stderr,
          "uninstall: %s; run: exit %d: %s" % (removed.stdout.strip().replace("\n", " | "), refused.returncode,
                                               refused.stderr.strip().replace("\n", " | ")[:300]))
    # The application lived through all of it (the overlay never takes it down).
    check("application-still-running", app.proc.poll() is None,
          "exit code %s; last lines %s" % (app.proc.poll(), app.lines[-4:]))
    if app.proc.poll() is None:
        app.send("quit")


try:
    main()
except Exception as error:  # a crash of the driver is a failure, not a pass
    check("driver", False, repr(error))
print("summary %d failed: %s" % (len(failures), " ".join(failures)), flush=True)
sys.exit(1 if failures else 0)
