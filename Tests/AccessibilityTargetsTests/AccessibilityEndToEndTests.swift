import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real applications become targets: the X11 desktop overlay over a GTK 3
/// application, through the accessibility bus, driven like a mouse (many
/// small relative motions) and checked on screen.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct AccessibilityEndToEndTests {
    struct Widget { var x, y, width, height: Int }

    /// The pointer alone (no regions: targets come from the accessibility tree),
    /// without inertia, so where the hand stops is where the pointer is.
    static let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pointer-only.json").path

    /// The widgets the app reported last (root pixels).
    static func widgets(_ app: BackgroundProcess) -> [String: Widget] {
        var out: [String: Widget] = [:]
        for line in app.log.split(separator: "\n") where line.hasPrefix("widget ") {
            let p = line.split(separator: " ")
            guard p.count == 6, let x = Int(p[2]), let y = Int(p[3]), let w = Int(p[4]), let h = Int(p[5]) else {
                continue
            }
            out[String(p[1])] = Widget(x: x, y: y, width: w, height: h)
        }
        return out
    }

    /// What the overlay draws around `w` with the pointer at (px, py): the
    /// bounding box of the change against the same area with the pointer far away.
    static func drawn(_ d: AccessibleDesktop, around w: Widget, pointer: (Int, Int), margin: Int = 24) throws -> (
        x: Int, y: Int, w: Int, h: Int
    )? {
        let area = (x: w.x - margin, y: w.y - margin, width: w.width + 2 * margin, height: w.height + 2 * margin)
        // The area once it has settled: the same in three captures over 0.3 s, and (for the
        // shot) unlike `before`, so a loaded machine that has not drawn the pointer there yet
        // is waited for (in CI two captures in a row once matched before the overlay had drawn
        // the morph; beside two busy loops nothing was drawn yet after 0.9 s). Up to 10 s.
        func settled(unlike before: [UInt32]? = nil) -> [UInt32] {
            var shot = d.capture(x: area.x, y: area.y, width: area.width, height: area.height)
            var same = 0
            let deadline = Date().addingTimeInterval(10)
            while same < 2 || shot == before, Date() < deadline {
                usleep(150_000)
                let again = d.capture(x: area.x, y: area.y, width: area.width, height: area.height)
                same = again == shot ? same + 1 : 0
                shot = again
            }
            return shot
        }
        try d.glide(to: 1100, 700)
        usleep(300_000)
        let reference = settled()
        try d.glide(to: pointer.0, pointer.1)
        usleep(300_000)
        let shot = settled(unlike: reference)
        if let dir = ProcessInfo.processInfo.environment["AP_KEEP_SHOTS"] {
            for (name, pixels) in [("ref", reference), ("shot", shot)] {
                var ppm = Data("P6\n\(area.width) \(area.height)\n255\n".utf8)
                for p in pixels {
                    ppm.append(contentsOf: [UInt8(p >> 16 & 0xff), UInt8(p >> 8 & 0xff), UInt8(p & 0xff)])
                }
                try? ppm.write(to: URL(fileURLWithPath: "\(dir)/\(w.x)-\(w.y)-\(pointer.0)-\(name).ppm"))
            }
        }
        return AccessibleDesktop.changedBounds(reference, shot, width: area.width).map {
            ($0.x + area.x, $0.y + area.y, $0.w, $0.h)
        }
    }

    @Test("A2 over a real GTK button the pointer snaps to it and morphs into its shape")
    func morphsIntoRealButton() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        let overlay = try d.startOverlay([Self.scene])
        let back = try #require(Self.widgets(app)["Back"])
        let drawn = try Self.drawn(
            d, around: back, pointer: (back.x + back.width / 2 + 9, back.y + back.height / 2 + 4))
        let box = try #require(drawn, "nothing drawn at the button. Log:\n\(overlay.log)")
        #expect(
            box.w >= back.width - 6 && box.w <= back.width + 12 && box.h >= back.height - 6
                && box.h <= back.height + 12,
            "the drawn pointer \(box) is not the button \(back)")
        // Snapped: centred on the button although the pointer is off its centre.
        #expect(abs(box.x + box.w / 2 - (back.x + back.width / 2)) <= 4, "\(box) vs \(back)")
    }

    @Test("B9 a click from the button's hit padding reaches it: the real pointer is recentred onto the button")
    func clickFromPaddingLands() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        _ = try d.startOverlay([Self.scene])
        let back = try #require(Self.widgets(app)["Back"])
        // From outside every hit area, one step into the button's hit padding
        // (8 px left of it, not on it), then the hand rests.
        // (Around the window's left edge, so no target recentres the pointer on the way.)
        try d.glide(to: back.x - 50, 700)
        try d.glide(to: back.x - 50, back.y + back.height / 2)
        usleep(300_000)
        try d.xdotool("mousemove_relative", "--", "42", "0")
        #expect(
            BackgroundProcess.wait(timeout: 2) {
                let p = d.pointer()
                return abs(p.x - (back.x + back.width / 2)) <= 2 && abs(p.y - (back.y + back.height / 2)) <= 2
            }, "the real pointer stayed at \(d.pointer()), button \(back)")
        try d.xdotool("click", "1")
        #expect(app.waitFor("clicked Back", timeout: 3), "app: \(app.log)")
    }

    @Test("A3 the I-beam sits on the real text lines of a text view and on the line of an entry")
    func beamOnRealLines() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        let overlay = try d.startOverlay([Self.scene])
        let view = try #require(Self.widgets(app)["TextView"])
        // GTK's default line: 17 px at the default font; the first line starts at the view's top.
        let box = try #require(
            try Self.drawn(d, around: view, pointer: (view.x + 200, view.y + 45), margin: 4),
            "nothing drawn in the text view. Log:\n\(overlay.log)")
        #expect(box.w <= 8, "an I-beam is narrow: \(box)")
        #expect(box.h >= 12 && box.h <= 24, "as tall as a line: \(box)")
        let lineOffset = (box.y - view.y) % 17
        #expect(
            lineOffset <= 2 || lineOffset >= 15, "the beam starts \(box.y - view.y) px into the view, off the lines")
        let entry = try #require(Self.widgets(app)["Entry"])
        // Entered from below its line, the beam is held on the line.
        let e = try #require(
            try Self.drawn(d, around: entry, pointer: (entry.x + 200, entry.y + entry.height - 3), margin: 4))
        #expect(
            e.y >= entry.y + 2 && e.y + e.h <= entry.y + entry.height - 2,
            "the beam \(e) leaves the entry's line \(entry)")
    }

    @Test("moving the window moves the targets")
    func followsWindowMove() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        let overlay = try d.startOverlay([Self.scene])
        let before = try #require(Self.widgets(app)["Back"])
        app.send("move 420 260")
        #expect(app.waitFor("moved", timeout: 5))
        let back = try #require(Self.widgets(app)["Back"])
        #expect(back.x != before.x)
        let box = try #require(
            try Self.drawn(d, around: back, pointer: (back.x + back.width / 2, back.y + back.height / 2)),
            "nothing drawn at the moved button. Log:\n\(overlay.log)")
        #expect(box.w >= back.width - 6, "no morph at the button's new place: \(box) vs \(back)")
        // Where it was, the pointer is just the circle.
        let old = try Self.drawn(
            d, around: before, pointer: (before.x + before.width / 2, before.y + before.height / 2))
        #expect((old?.w ?? 0) <= 30, "still a target where the button was: \(String(describing: old))")
    }

    @Test("a hung application does not stall the pointer")
    func hungApplication() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        let overlay = try d.startOverlay([Self.scene, "--stats"])
        app.send("hang 4")
        #expect(app.waitFor("hanging", timeout: 3))
        // A window move makes the worker ask the hung application again.
        try d.xdotool("mousemove_relative", "--", "5", "5")
        let spot = (x: 1000, y: 650)
        let began = Date()
        try d.glide(to: spot.x, spot.y)
        let found = BackgroundProcess.wait(timeout: 1) {
            let around = d.capture(x: spot.x - 20, y: spot.y - 20, width: 40, height: 40)
            return around.contains { $0 != around[0] }
        }
        #expect(
            found, "the pointer was not drawn at \(spot) within 1 s while the application hung. Log:\n\(overlay.log)")
        #expect(Date().timeIntervalSince(began) < 3.5, "gliding took \(Date().timeIntervalSince(began)) s")
        #expect(app.log.contains("hanging") && !app.log.contains("answering"), "the app was not hung during the test")
    }

    @Test("without an accessibility bus: one line says how to enable it, and the pointer still runs")
    func noBus() throws {
        let d = try AccessibleDesktop()
        var env = d.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/bus"
        env["AT_SPI_BUS_ADDRESS"] = "unix:path=/nonexistent/atspi"
        let overlay = try BackgroundProcess(
            try BuiltProducts.executable(), ["run", "desktop", "--backend", "x11"], environment: env)
        #expect(overlay.waitFor("accessibility targets are off", timeout: 20), "log: \(overlay.log)")
        #expect(overlay.log.contains("at-spi") && overlay.isRunning, "log: \(overlay.log)")
        try d.glide(to: 640, 400)
        let found = BackgroundProcess.wait(timeout: 2) {
            let around = d.capture(x: 620, y: 380, width: 40, height: 40)
            return around.contains { $0 != around[0] }
        }
        #expect(found, "no pointer drawn. Log: \(overlay.log)")
    }

    @Test("capture --window writes the application's targets as a scene that validates and lints")
    func captureWritesScene() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp(title: "Capture me")
        let back = try #require(Self.widgets(app)["Back"])
        let out = try ChildRun.temporaryDirectory("ap-capture").appendingPathComponent("captured.json")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let exe = try BuiltProducts.executable()
        let capture = try ChildRun(
            exe, ["capture", "--window", "capture", "--out", out.path], environment: d.environment)
        #expect(capture.status == 0, "\(capture.stdout)\(capture.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        // Window coordinates: the app's window is at (100, 100).
        #expect(
            text.contains("\"frame\": [\(back.x - 100),\(back.y - 100),\(back.width),\(back.height)]"),
            "scene:\n\(text)")
        #expect(text.contains("verticalBeam"), "no text region:\n\(text)")
        let validate = try ChildRun(exe, ["validate", out.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let lint = try ChildRun(exe, ["lint", out.path])
        #expect(lint.status == 0 && lint.stdout.contains("0 errors"), "\(lint.stdout)\(lint.stderr)")
        let missing = try ChildRun(
            exe, ["capture", "--window", "no such window", "--out", out.path], environment: d.environment)
        #expect(missing.status == 1 && missing.stderr.contains("no such window"), "\(missing.stderr)")
    }

    /// The desktop defaults: inertia and magnetism on.
    static let glidingScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pointer-inertia.json").path

    /// Relative steps of (dx, dy), `interval` s apart: a hand moving a mouse.
    static func steps(_ d: AccessibleDesktop, _ n: Int, _ dx: Int, _ dy: Int, interval: Double) throws {
        var args: [String] = []
        for i in 0..<n {
            args +=
                (i == 0 ? [] : ["sleep", String(format: "%.3f", interval)]) + [
                    "mousemove_relative", "--", "\(dx)", "\(dy)",
                ]
        }
        try d.xdotool(args)
    }

    @Test(
        "B9 B12 a mouse over a real application: fast strokes that stop dead in a button's hit padding never glide on; the click reaches that button",
        arguments: [6, 12, 24])
    func mouseStrokeStopsInPadding(step: Int) throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        // The desktop defaults (inertia and magnetism on); xdotool's XTEST device is a mouse.
        let overlay = try d.startOverlay([Self.glidingScene])
        let widgets = Self.widgets(app)
        let back = try #require(widgets["Back"])
        let forward = try #require(widgets["Forward"])
        // Towards Back from below-left, heading for Forward and Share (the glide's old
        // victims), stopping 5 px left of Back: in its hit padding, not on it.
        let stop = (x: back.x - 5, y: back.y + back.height / 2)
        // As many steps as fit between the screen's edge and the button (at least 4).
        let count = min(8, (stop.x - 10) / step)
        try #require(count >= 4, "Back is too near the screen's edge: \(back)")
        try d.glide(to: stop.x - step * count, stop.y)
        usleep(400_000)
        try Self.steps(d, count, step, 0, interval: 0.008)
        let stopped = d.pointer()
        #expect(stopped.x < back.x, "the hand did not stop in the padding: \(stopped)")
        // The pause recentres on Back (B9): the real pointer goes there, and nowhere else.
        #expect(
            BackgroundProcess.wait(timeout: 2) {
                let p = d.pointer()
                return p.x >= back.x && p.x < back.x + back.width && abs(p.y - stop.y) <= back.height / 2
            }, "the real pointer is at \(d.pointer()), not on Back \(back); Forward is \(forward)")
        usleep(300_000)
        let settled = d.pointer()
        #expect(settled.x < forward.x, "the pointer glided on to \(settled)")
        try d.xdotool("click", "1")
        #expect(app.waitFor("clicked Back", timeout: 3), "app: \(app.log)\noverlay: \(overlay.log.suffix(800))")
        #expect(!app.log.contains("clicked Forward") && !app.log.contains("clicked Share"), "app: \(app.log)")
    }

    @Test(
        "B13 over a real application: a touchpad flick that stops short of a button glides onto it, and a click then reaches it"
    )
    func flickOntoRealButton() throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp()
        // XTEST is a mouse to the overlay: the user says it is a touchpad.
        _ = try d.startOverlay([Self.glidingScene, "--pointing-device", "touchpad"])
        let share = try #require(Self.widgets(app)["Share"])
        let centre = (x: share.x + share.width / 2, y: share.y + share.height / 2)
        // Right of the tool-bar row (nothing there to snap to), moving left towards
        // the button at ~400-600 px/s and stopping short of it: the glide carries
        // on (~70-100 px) onto it, and the pointer is recentred on it (B9).
        try d.glide(to: centre.x + 130, centre.y)
        // On a loaded machine the approach can arrive fast enough to glide on (about
        // 0.7 s), and the glide's end moves the real pointer: let any glide end, put
        // the pointer back, and let that settle too, so the flick starts at rest.
        usleep(1_000_000)
        try d.glide(to: centre.x + 130, centre.y)
        usleep(1_000_000)
        try Self.steps(d, 6, -6, 0, interval: 0.01)
        let short = d.pointer()
        #expect(short.x > share.x + share.width, "the hand reached the button itself: \(short)")
        #expect(
            BackgroundProcess.wait(timeout: 3) {
                let p = d.pointer()
                return abs(p.x - centre.x) <= 2 && abs(p.y - centre.y) <= 2
            }, "the real pointer stayed at \(d.pointer()), the button's centre is \(centre)")
        try d.xdotool("click", "1")
        #expect(app.waitFor("clicked Share", timeout: 3), "app: \(app.log)")
    }

    @Test(
        "B12 moving on while the pointer glides: the real pointer stays where the drawn one is, so a click lands under it"
    )
    func movingDuringGlideKeepsRealPointer() throws {
        let d = try AccessibleDesktop()
        _ = try d.startApp()
        let overlay = try d.startOverlay([Self.glidingScene, "--pointing-device", "touchpad"])
        // Right of the application's window, over the bare desktop (no target to snap to).
        let area = (x: 900, y: 40, width: 370, height: 750)
        try d.glide(to: 700, 700)
        usleep(500_000)
        let reference = d.capture(x: area.x, y: area.y, width: area.width, height: area.height)
        try d.glide(to: 1080, 700)
        usleep(300_000)
        for round in 0..<3 {
            // A flick up; the hand stops (the overlay infers a lift, the pointer glides
            // on), then moves a little further while the glide is still under way.
            try Self.steps(d, 5, 0, -24, interval: 0.008)
            usleep(90_000)
            try Self.steps(d, 8, 2, -2, interval: 0.012)
            usleep(1_200_000)
            let shot = d.capture(x: area.x, y: area.y, width: area.width, height: area.height)
            guard let drawn = AccessibleDesktop.changedBounds(reference, shot, width: area.width) else {
                Issue.record("round \(round): no pointer drawn beside the window; the real one is at \(d.pointer())")
                return
            }
            let centre = (x: area.x + drawn.x + drawn.w / 2, y: area.y + drawn.y + drawn.h / 2)
            let real = d.pointer()
            #expect(
                abs(centre.x - real.x) <= 3 && abs(centre.y - real.y) <= 3,
                """
                round \(round): the drawn pointer is at \(centre) (changed \(drawn)), the real one at \(real); \
                overlay \(overlay.isRunning ? "running" : "gone"), its log ends: \(overlay.log.suffix(1500))
                """)
            try d.glide(to: 1080, 700)
            usleep(300_000)
        }
    }

    @Test(
        "HiDPI: under GDK_SCALE=2 (logical extents) the pointer morphs onto the real button, at its real size on screen"
    )
    func morphsAtTwoX() throws {
        // Composited: without a compositor the shaped fallback over a GTK window
        // sometimes shows no platter (docs/x11.md, "Known gaps"); this test is
        // about logical-to-screen coordinates at 2x.
        let d = try AccessibleDesktop(compositor: true, screen: "2560x1600x24")
        // GTK 3 at 2x reports logical coordinates, to AT-SPI and in the app's own report.
        let app = try d.startApp(x: 100, y: 100, extra: ["GDK_SCALE": "2"])
        let overlay = try d.startOverlay([Self.scene, "--scale", "2"])
        let logical = try #require(Self.widgets(app)["Back"])
        let back = Widget(x: logical.x * 2, y: logical.y * 2, width: logical.width * 2, height: logical.height * 2)
        let box = try #require(
            try Self.drawn(
                d, around: back, pointer: (back.x + back.width / 2 + 18, back.y + back.height / 2 + 8), margin: 48),
            "nothing drawn at the button \(back). Log:\n\(overlay.log)")
        #expect(
            box.w >= back.width - 12 && box.w <= back.width + 24 && box.h >= back.height - 12
                && box.h <= back.height + 24,
            "the drawn pointer \(box) is not the button \(back) (pixels)")
        #expect(
            abs(box.x + box.w / 2 - (back.x + back.width / 2)) <= 6
                && abs(box.y + box.h / 2 - (back.y + back.height / 2)) <= 6,
            "not centred on the button: \(box) vs \(back)")
    }
}
