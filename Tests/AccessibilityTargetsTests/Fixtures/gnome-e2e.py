#!/usr/bin/python3
"""End to end on headless GNOME Shell (issue 36), run inside scripts/gnome-rig.sh
after `adaptive-pointer companion install gnome` (a user's install and re-login).

  gnome-e2e.py BINARY APP-FIXTURE OUT-DIR

Starts a GTK 3 window (GDK_BACKEND=wayland) and `adaptive-pointer run desktop`,
moves a Clutter virtual pointer in small steps, and checks what a user sees.
Prints one line per check, `ok NAME detail` or `FAIL NAME detail`, and figures
as `figure NAME VALUE`; screenshots go to OUT-DIR. Exit 0 when every check
passed.
"""
import ast
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_support import Process, changed_box, check, failures, figure, read_png  # noqa: E402

BINARY, APP, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(OUT, exist_ok=True)


def shell_eval(js):
    out = subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell",
         "--method", "org.gnome.Shell.Eval", js], capture_output=True, text=True, timeout=20).stdout.strip()
    try:
        ok, value = ast.literal_eval(out.replace("(true,", "(True,", 1).replace("(false,", "(False,", 1))
    except (ValueError, SyntaxError):
        return None
    return value if ok else None


def shell_json(js):
    """The value of a JS expression that returns JSON.stringify(...)."""
    v = shell_eval(js)
    return json.loads(json.loads(v)) if v else None


def screenshot(name, cursor=False):
    path = os.path.join(OUT, name + ".png")
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.gnome.Shell.Screenshot", "--object-path",
                    "/org/gnome/Shell/Screenshot", "--method", "org.gnome.Shell.Screenshot.Screenshot",
                    "true" if cursor else "false", "false", path], capture_output=True, timeout=20)
    return read_png(path)


POINTER_SETUP = ("if (!global._apVP) global._apVP = imports.gi.Clutter.get_default_backend().get_default_seat()"
                 ".create_virtual_device(imports.gi.Clutter.InputDeviceType.POINTER_DEVICE);"
                 "if (!global._apVK) global._apVK = imports.gi.Clutter.get_default_backend().get_default_seat()"
                 ".create_virtual_device(imports.gi.Clutter.InputDeviceType.KEYBOARD_DEVICE); 1")


def pointer():
    p = shell_json("JSON.stringify(global.get_pointer())")
    return (p[0], p[1]) if p else None


def stroke(x, y, steps=30, interval_ms=8):
    """Many small absolute steps from where the pointer is, then wait until the last has landed."""
    start = pointer() or (0, 0)
    js = ("(function(){ const GLib = imports.gi.GLib; let i = 0; const n = %d, x0 = %f, y0 = %f, x1 = %f, y1 = %f;"
          "GLib.timeout_add(GLib.PRIORITY_DEFAULT, %d, () => { i++; const t = i / n;"
          "global._apVP.notify_absolute_motion(GLib.get_monotonic_time(), x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);"
          "return i < n; }); return 1; })()") % (steps, start[0], start[1], x, y, interval_ms)
    shell_eval(js)
    end = time.time() + 5
    while time.time() < end:
        p = pointer()
        if p and abs(p[0] - x) < 1 and abs(p[1] - y) < 1:
            return True
        time.sleep(0.02)
    return False


def button(pressed):
    shell_eval("global._apVP.notify_button(imports.gi.GLib.get_monotonic_time(), imports.gi.Clutter.BUTTON_PRIMARY, "
               "imports.gi.Clutter.ButtonState.%s); 1" % ("PRESSED" if pressed else "RELEASED"))


def cursor_visible():
    v = shell_eval("imports.gi.Meta.CursorTracker.get_for_display(global.display).get_pointer_visible()")
    return v == "true"


def main():
    shell_eval(POINTER_SETUP)
    # The top-left hot corner would open the overview under a stroke; start away from it.
    shell_eval("imports.gi.Gio.Settings.new('org.gnome.desktop.interface').set_boolean('enable-hot-corners', false); "
               "imports.ui.main.overview.hide(); "
               "global._apVP.notify_absolute_motion(imports.gi.GLib.get_monotonic_time(), 640, 700); 1")
    time.sleep(0.3)
    env = dict(os.environ, GDK_BACKEND="wayland", GTK_A11Y="atspi", NO_AT_BRIDGE="0")
    app = Process(["/usr/bin/python3", APP, "GNOME e2e"], env=env, stdin=True)
    ready = app.wait_for("ready", timeout=20)
    check("app-started", ready is not None, " / ".join(app.lines[-3:]))
    if not ready:
        return
    # Place the window where the test wants it (the shell places new windows itself).
    shell_eval("global.get_window_actors().map(a => a.meta_window).filter(w => w.get_title() == 'GNOME e2e')"
               ".forEach(w => w.move_frame(true, 220, 140)); 1")
    time.sleep(0.8)
    fr = shell_json("JSON.stringify(global.get_window_actors().map(a => a.meta_window)"
                       ".filter(w => w.get_title() == 'GNOME e2e').map(w => { const r = w.get_frame_rect(); "
                       "const b = w.get_buffer_rect(); return [r.x, r.y, r.width, r.height, b.x, b.y]; })[0])")
    widgets = {}
    for line in app.lines:
        parts = line.split()
        if parts and parts[0] == "widget":
            widgets[parts[1]] = tuple(int(v) for v in parts[2:6])
    # On Wayland GTK reports window-relative coordinates: the surface's corner is (0, 0).
    def on_screen(name):
        x, y, w, h = widgets[name]
        return fr[4] + x, fr[5] + y, w, h
    share, view, entry, back = on_screen("Share"), on_screen("TextView"), on_screen("Entry"), on_screen("Back")
    print("window frame %s, Share %s, TextView %s, Entry %s" % (fr, share, view, entry), flush=True)

    stroke(60, 700)
    base = screenshot("00-before-overlay")
    overlay_env = dict(os.environ, AP_A11Y_DEBUG="1", AP_COMPANION_DEBUG=os.environ.get("AP_COMPANION_DEBUG", ""))
    overlay = Process([BINARY, "run", "desktop", "--stats"], env=overlay_env)
    started = overlay.wait_for("accessibility targets on", timeout=25)
    check("overlay-started", started is not None, " | ".join(overlay.lines[-6:]))
    if not started:
        return
    check("log-names-the-companion", any("through the gnome-shell" in l for l in overlay.lines),
          next((l for l in overlay.lines if "running" in l), ""))
    time.sleep(0.5)

    # The system cursor is hidden while the overlay runs, and not drawn.
    stroke(100, 650)
    time.sleep(0.3)
    check("cursor-hidden", not cursor_visible())
    with_cursor = screenshot("01-system-cursor-included", cursor=True)
    without = screenshot("01-system-cursor-excluded")
    p = pointer()
    drawn = changed_box(with_cursor, without, int(p[0]) - 20, int(p[1]) - 20, int(p[0]) + 40, int(p[1]) + 40, threshold=200)
    check("system-cursor-not-drawn", drawn is None, "difference with the cursor included: %s" % (drawn,))

    # A2: the pointer morphs into the real Share button (highlight: it becomes the platter).
    sx, sy, sw, sh = share
    stroke(sx - 40, sy + sh / 2 + 60)
    stroke(sx + sw / 2 + 3, sy + sh / 2 + 2, steps=40)
    time.sleep(0.5)
    shot = screenshot("02-morphed-into-share")
    box = changed_box(base, shot, sx - 30, sy - 30, sx + sw + 30, sy + sh + 30)
    good = box is not None and abs(box[2] - sw) <= 14 and abs(box[3] - sh) <= 14 \
        and abs(box[0] + box[2] / 2 - (sx + sw / 2)) <= 6
    check("morphs-into-button", good, "drawn %s, button %s" % (box, share))

    # B9: from the Back button's hit padding (5 px left of it, inside the window, not on
    # it) the rest recentres the real pointer through the companion; the click lands.
    bx, by, bw, bh = back
    stroke(bx - 50, by + bh + 80)
    stroke(bx - 50, by + bh / 2, steps=20)
    time.sleep(0.3)
    stroke(bx - 5, by + bh / 2, steps=10)
    end, centred = time.time() + 3, False
    while time.time() < end and not centred:
        p = pointer()
        centred = abs(p[0] - (bx + bw / 2)) <= 3 and abs(p[1] - (by + bh / 2)) <= 3
        time.sleep(0.05)
    check("padding-recentres-pointer", centred, "pointer %s, button %s" % (pointer(), back))
    before = len([l for l in app.lines if l == "clicked Back"])
    button(True)
    time.sleep(0.08)
    pressed = screenshot("03-pressed")
    button(False)
    clicked = False
    end = time.time() + 3
    while time.time() < end and not clicked:
        clicked = len([l for l in app.lines if l == "clicked Back"]) > before
        time.sleep(0.05)
    check("click-from-padding-reaches-button", clicked, "app: %s" % app.lines[-3:])

    # A3: the I-beam on the text view's real lines.
    vx, vy, vw, vh = view
    stroke(vx + 200, vy + 45, steps=40)
    time.sleep(0.6)
    beam_shot = screenshot("04-ibeam-on-text")
    # Compare against the same spot with the overlay's pointer elsewhere is not possible (the app
    # keeps a caret); take the narrow tall shape that differs from the shot before the overlay.
    beam = changed_box(base, beam_shot, vx + 170, vy + 5, vx + 230, vy + 90)
    good = beam is not None and beam[2] <= 8 and 12 <= beam[3] <= 26
    offset = None
    if beam:
        offset = (beam[1] - vy) % 17
    check("ibeam-on-text-lines", good and offset is not None and (offset <= 3 or offset >= 14),
          "drawn %s, view %s, offset into a 17 px line %s" % (beam, view, offset))

    # Typing reaches the focused window (the overlay never takes the keyboard).
    ex, ey, ew, eh = entry
    stroke(ex + ew - 20, ey + eh / 2, steps=30)
    time.sleep(0.4)
    button(True)
    button(False)
    time.sleep(0.3)
    shell_eval("(function(){ const C = imports.gi.Clutter, G = imports.gi.GLib; for (const k of [C.KEY_x, C.KEY_y]) {"
               "global._apVK.notify_keyval(G.get_monotonic_time(), k, C.KeyState.PRESSED);"
               "global._apVK.notify_keyval(G.get_monotonic_time(), k, C.KeyState.RELEASED); } return 1; })()")
    typed = app.wait_for("xy", timeout=3)
    focus = shell_json("JSON.stringify(global.display.focus_window ? global.display.focus_window.get_title() : 'none')")
    check("typing-reaches-focused-window", typed is not None, "focus: %s; app: %s" % (focus, app.lines[-2:]))

    # The overlay is out of Alt+Tab's list and stays above.
    tab = shell_json("JSON.stringify(global.display.get_tab_list(0, null).map(w => w.get_title()))")
    check("overlay-not-in-alt-tab", tab is not None and "GNOME e2e" in tab
          and not any(t.startswith("AdaptivePointer overlay") for t in tab), str(tab))
    running = shell_json("JSON.stringify(imports.gi.Shell.AppSystem.get_default().get_running()"
                         ".map(a => a.get_windows().map(w => w.get_title())))")
    check("overlay-not-in-dash", running is not None
          and not any(t.startswith("AdaptivePointer overlay") for ts in running for t in ts), str(running))
    above = shell_json("JSON.stringify(global.get_window_actors().filter(a => (a.meta_window.get_title() || '')"
                       ".startsWith('AdaptivePointer overlay')).map(a => [a.get_parent() === global.top_window_group, "
                       "a.meta_window.get_buffer_rect().y + a.translation_y]))")
    check("overlay-above-everything-at-the-corner", bool(above) and all(a[0] and a[1] == 0 for a in above), str(above))

    # The overview hides the overlay: the system cursor shows there, and hides again after.
    shell_eval("imports.ui.main.overview.show(); 1")
    time.sleep(1.0)
    in_overview = cursor_visible()
    shell_eval("imports.ui.main.overview.hide(); 1")
    time.sleep(1.0)
    check("cursor-shown-in-overview", in_overview and not cursor_visible(),
          "visible in the overview: %s, after: %s" % (in_overview, cursor_visible()))

    # Latency: the overlay's own figures (event→commit includes the socket hop: the
    # event time is when the shell saw the motion).
    stroke(300, 600, steps=60, interval_ms=8)
    overlay.proc.send_signal(signal.SIGINT)
    overlay.proc.wait(timeout=10)
    time.sleep(0.3)
    with open(os.path.join(OUT, "overlay.log"), "w") as f:
        f.write("\n".join(overlay.lines) + "\n")
    for line in overlay.lines:
        if "event→commit" in line or "motion→" in line or "per-frame" in line:
            figure("overlay-stats", line.strip())

    # After SIGKILL of the overlay the system cursor is back within a second.
    overlay2 = Process([BINARY, "run", "desktop", "--targets", "scene"], env=overlay_env)
    overlay2.wait_for("running desktop", timeout=20)
    stroke(320, 620, steps=10)
    time.sleep(0.3)
    hidden = not cursor_visible()
    killed_at = time.time()
    overlay2.proc.kill()
    back = None
    while time.time() - killed_at < 3:
        if cursor_visible():
            back = time.time() - killed_at
            break
        time.sleep(0.01)
    check("cursor-back-after-sigkill", hidden and back is not None and back <= 1.0,
          "hidden before: %s, back after %s s" % (hidden, None if back is None else "%.3f" % back))
    if back is not None:
        figure("cursor-back-after-sigkill-s", "%.3f" % back)
    screenshot("05-after-sigkill", cursor=True)

    # Ctrl+Alt+Esc always ends the overlay (the companion catches it: the overlay
    # never has the keyboard), with exit code 0 and the cursor back.
    overlay3 = Process([BINARY, "run", "desktop", "--targets", "scene"], env=overlay_env)
    overlay3.wait_for("running desktop", timeout=20)
    stroke(330, 600, steps=10)
    time.sleep(0.3)
    shell_eval("(function(){ const C = imports.gi.Clutter, G = imports.gi.GLib, k = global._apVK, t = () => G.get_monotonic_time();"
               "k.notify_keyval(t(), C.KEY_Control_L, C.KeyState.PRESSED); k.notify_keyval(t(), C.KEY_Alt_L, C.KeyState.PRESSED);"
               "k.notify_keyval(t(), C.KEY_Escape, C.KeyState.PRESSED); k.notify_keyval(t(), C.KEY_Escape, C.KeyState.RELEASED);"
               "k.notify_keyval(t(), C.KEY_Alt_L, C.KeyState.RELEASED); k.notify_keyval(t(), C.KEY_Control_L, C.KeyState.RELEASED);"
               "return 1; })()")
    try:
        code = overlay3.proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        overlay3.proc.kill()
        code = None
    time.sleep(0.2)
    check("ctrl-alt-esc-ends-overlay", code == 0 and cursor_visible(),
          "exit %s, cursor visible %s; %s" % (code, cursor_visible(), overlay3.lines[-2:]))

    # The user's tools: status while it runs, uninstall (disabled at once), and then
    # `run desktop` says what to install instead of running.
    status = subprocess.run([BINARY, "companion", "status", "gnome"], capture_output=True, text=True, timeout=30)
    check("status-says-running", status.returncode == 0 and "running: yes, in gnome-shell 43" in status.stdout,
          status.stdout.replace("\n", " | "))
    removed = subprocess.run([BINARY, "companion", "uninstall", "gnome"], capture_output=True, text=True, timeout=30)
    time.sleep(1.0)
    gone = subprocess.run([BINARY, "companion", "status", "gnome"], capture_output=True, text=True, timeout=30)
    check("uninstall-disables-at-once", removed.returncode == 0 and gone.returncode == 1
          and "installed: no" in gone.stdout and "running: no" in gone.stdout,
          (removed.stdout + " / " + gone.stdout).replace("\n", " | "))
    refused = subprocess.run([BINARY, "run", "desktop"], capture_output=True, text=True, timeout=30)
    check("without-companion-says-what-to-install", refused.returncode == 7
          and "adaptive-pointer companion install gnome" in refused.stderr and "log out" in refused.stderr,
          "exit %d: %s" % (refused.returncode, refused.stderr.strip().replace("\n", " | ")[:300]))
    app.send("quit")


try:
    main()
except Exception as error:  # a crash of the driver is a failure, not a pass
    check("driver", False, repr(error))
print("summary %d failed: %s" % (len(failures), " ".join(failures)), flush=True)
sys.exit(1 if failures else 0)
