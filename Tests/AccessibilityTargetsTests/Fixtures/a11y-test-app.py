#!/usr/bin/python3
"""A small GTK 3 application for the accessibility end-to-end tests.

It shows a tool bar of three buttons, a check box, a single-line entry, a
multi-line text view and a wide button, and reports on stdout what happens:
  widget NAME X Y W H   where each widget is (root coordinates), then
  ready X Y W H         the window is mapped (root coordinates)
  clicked NAME          a button was clicked
  typed TEXT            the entry's text changed (keys reached the application)
Commands on stdin, one per line:
  move X Y              move the window
  shift NAME DX         move widget NAME DX px to the right (its margin grows)
  add NAME              add a button NAME to the tool-bar row
  churn MS              from now on, move the Share button 1 px right and back every MS ms
  (after shift and add: "changed T" at once, T the monotonic clock in
  seconds, then the widgets again and "shifted NAME" / "added NAME")
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
# argv[4]: MANY extra buttons; argv[5]: "scrolled" (default: rows of 40 in a
# scrolled view, most of them scrolled away) or "wall" (small buttons, all
# showing at once).


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
entry.connect("changed", lambda e: say("typed " + e.get_text()))
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
wall = len(sys.argv) > 5 and sys.argv[5] == "wall"
if many:
    # A large window for the cost figures: MANY buttons, in rows of 40 as
    # real interfaces nest them. (One flat container of thousands is GTK 3's
    # worst case: its accessible children are found by walking a list, so
    # enumerating n of them costs n^2 and takes the app seconds at 5,000.)
    if wall:
        css = Gtk.CssProvider()
        css.load_from_data(b"button.tiny { min-height: 0; min-width: 0; padding: 0; margin: 0; }")
        Gtk.StyleContext.add_provider_for_screen(win.get_screen(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    rows = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=0)
    row = None
    for i in range(many):
        if i % 40 == 0:
            row = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL, spacing=0)
            rows.pack_start(row, False, False, 0)
        b = Gtk.Button(label="" if wall else str(i))
        if wall:
            b.get_style_context().add_class("tiny")
            b.set_size_request(28, 14)
        row.pack_start(b, False, False, 0)
    if wall:
        box.pack_start(rows, False, False, 0)
    else:
        big = Gtk.ScrolledWindow()
        big.set_min_content_height(200)
        big.add(rows)
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
    elif parts[0] == "shift" and parts[1] in named:
        w = named[parts[1]]
        w.set_margin_start(w.get_margin_start() + int(parts[2]))
        say("changed %.6f" % time.monotonic())
        GLib.timeout_add(300, lambda: (report_widgets(), say("shifted " + parts[1]), False)[2])
    elif parts[0] == "add":
        b = Gtk.Button(label=parts[1])
        named[parts[1]] = b
        b.connect("clicked", lambda _b, n=parts[1]: say("clicked " + n))
        bar.pack_start(b, False, False, 0)
        b.show()
        say("changed %.6f" % time.monotonic())
        GLib.timeout_add(300, lambda: (report_widgets(), say("added " + parts[1]), False)[2])
    elif parts[0] == "churn":
        flip = [1]

        def churn():
            named["Share"].set_margin_start(named["Share"].get_margin_start() + flip[0])
            flip[0] = -flip[0]
            return True
        GLib.timeout_add(int(parts[1]), churn)
        say("churning")
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
