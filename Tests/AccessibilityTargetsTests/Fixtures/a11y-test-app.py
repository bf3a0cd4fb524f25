#!/usr/bin/python3
"""A small GTK 3 application for the accessibility end-to-end tests.

It shows a tool bar of three buttons, a check box, a single-line entry, a
multi-line text view and a wide button, and reports on stdout what happens:
  widget NAME X Y W H   where each widget is (root coordinates), then
  ready X Y W H         the window is mapped (root coordinates)
  clicked NAME          a button was clicked
Commands on stdin, one per line:
  move X Y              move the window
  hang SECONDS          block the main loop (an application that stops answering)
  quit
"""
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

title = sys.argv[1] if len(sys.argv) > 1 else "A11y test"
x0 = int(sys.argv[2]) if len(sys.argv) > 2 else 100
y0 = int(sys.argv[3]) if len(sys.argv) > 3 else 100


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


win = Gtk.Window(title=title)
win.set_default_size(640, 420)
win.move(x0, y0)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
box.set_border_width(12)
win.add(box)

named = {}
bar = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL, spacing=0)
for name in ["Back", "Forward", "Share"]:
    b = Gtk.Button(label=name)
    named[name] = b
    b.connect("clicked", lambda _b, n=name: say("clicked " + n))
    bar.pack_start(b, False, False, 0)
box.pack_start(bar, False, False, 0)

check = Gtk.CheckButton(label="Remember")
check.connect("toggled", lambda _c: say("clicked Remember"))
box.pack_start(check, False, False, 0)

entry = Gtk.Entry()
entry.set_text("single line")
box.pack_start(entry, False, False, 0)
named["Entry"] = entry

view = Gtk.TextView()
view.get_buffer().set_text("\n".join("line %d of the text view" % i for i in range(1, 9)))
scroller = Gtk.ScrolledWindow()
scroller.set_min_content_height(180)
scroller.add(view)
box.pack_start(scroller, True, True, 0)
named["TextView"] = view

many = int(sys.argv[4]) if len(sys.argv) > 4 else 0
if many:
    # A large window for the cost figures: MANY buttons in a grid.
    grid = Gtk.Grid()
    for i in range(many):
        grid.attach(Gtk.Button(label=str(i)), i % 40, i // 40, 1, 1)
    big = Gtk.ScrolledWindow()
    big.set_min_content_height(200)
    big.add(grid)
    box.pack_start(big, True, True, 0)

wide = Gtk.Button(label="A wide button at the bottom")
wide.connect("clicked", lambda _b: say("clicked Wide"))
box.pack_start(wide, False, False, 0)
named["Wide"] = wide


def report_widgets():
    origin = win.get_window().get_origin()
    ox, oy = origin[1], origin[2]
    for name, w in named.items():
        a = w.get_allocation()
        x, y = w.translate_coordinates(win, 0, 0)
        say("widget %s %d %d %d %d" % (name, ox + x, oy + y, a.width, a.height))


def on_map(_w, _e):
    def report():
        report_widgets()
        x, y = win.get_position()
        w, h = win.get_size()
        say("ready %d %d %d %d" % (x, y, w, h))
        return False
    GLib.timeout_add(200, report)
    return False


win.connect("map-event", on_map)
win.connect("destroy", Gtk.main_quit)


def on_stdin(channel, _condition):
    line = channel.readline()
    if not line:
        Gtk.main_quit()
        return False
    parts = line.split()
    if not parts:
        return True
    if parts[0] == "move":
        win.move(int(parts[1]), int(parts[2]))
        GLib.timeout_add(300, lambda: (report_widgets(), say("moved %d %d" % win.get_position()), False)[2])
    elif parts[0] == "hang":
        say("hanging")
        time.sleep(float(parts[1]))
        say("answering")
    elif parts[0] == "quit":
        Gtk.main_quit()
    return True


GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
win.show_all()
Gtk.main()
