import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `adaptive-pointer run` under a real headless sway: real input through
/// wlroots' virtual pointer and keyboard (wayland-input-player), real
/// screenshots with grim. Each test compares screenshots taken with the
/// pointer at two places, so what differs is what the pointer drew.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SwayEndToEndTests {
    /// Starts sway + the overlay, plays `script` (screenshots named in it go to
    /// the returned directory), and always stops both.
    private func session(
        _ script: [String], scene sceneFile: String = "e2e-scene.json",
        absolutePointer: Bool = true, extraArguments: [String] = [],
        playerArguments: [String] = [],
        before: (HeadlessCompositor) throws -> Void = { _ in },
        body: (_ shots: String, _ overlay: OverlayProcess, _ sway: HeadlessCompositor) throws -> Void
    ) throws {
        _ = try TestEnvironment.tool("grim", package: "grim")
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        try before(sway)
        let scene = TestEnvironment.fixtures.appendingPathComponent(sceneFile).path
        let overlay = try OverlayProcess(
            arguments: ["run", scene] + (absolutePointer ? [] : ["--relative-pointer"]) + extraArguments,
            environment: sway.environment)
        defer { overlay.interrupt() }
        guard overlay.waitForLog("first frame shown") else {
            throw TestEnvironment.Failure(
                "the overlay showed no frame within 15 s. Log:\n\(overlay.log)\n\(sway.logTail)")
        }
        let shots = try TestEnvironment.privateDirectory("ap-shots")
        // Screenshots are removed afterwards; AP_KEEP_SHOTS=1 keeps them to look at.
        defer {
            if ProcessInfo.processInfo.environment["AP_KEEP_SHOTS"] == nil {
                try? FileManager.default.removeItem(atPath: shots)
            }
        }
        let scriptPath = shots + "/script.jsonl"
        try script.map { $0.replacingOccurrences(of: "$SHOTS", with: shots) }.joined(separator: "\n")
            .write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let played = try TestEnvironment.run(
            try TestEnvironment.executable("wayland-input-player"), [scriptPath] + playerArguments,
            environment: sway.environment, timeout: 60)
        guard played.status == 0 else {
            throw TestEnvironment.Failure(
                "wayland-input-player failed: \(played.output)\nOverlay log:\n\(overlay.log)\n\(sway.logTail)")
        }
        try body(shots, overlay, sway)
    }

    private func shot(_ dir: String, _ name: String) throws -> Screenshot {
        try Screenshot(path: "\(dir)/\(name).png")
    }

    /// Where the pointer drew near `p` (pt = px at scale 1): the bounding box of
    /// what differs from `reference` (pointer elsewhere) in a window around `p`.
    private func footprint(_ s: Screenshot, _ reference: Screenshot, around p: (Int, Int), radius: Int = 90)
        -> (x: Int, y: Int, w: Int, h: Int)?
    {
        s.changedBounds(from: reference, in: (p.0 - radius, p.1 - radius, 2 * radius, 2 * radius))
    }

    @Test("A1 the default pointer is a fingertip-sized circle where the pointer is")
    func circleAtPointer() throws {
        try session([
            #"{"t":0.0,"type":"position","x":1000,"y":300}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5}"#,
            #"{"t":0.2,"type":"position","x":1000,"y":600}"#,
            #"{"t":0.3,"type":"screenshot","path":"$SHOTS/circle.png","settle":0.5}"#,
        ]) { shots, overlay, _ in
            let found = footprint(try shot(shots, "circle"), try shot(shots, "ref"), around: (1000, 600))
            let fp = try #require(found, "nothing was drawn at the pointer. Log:\n\(overlay.log)")
            // 19 pt across (a soft edge or shadow may add a little), centred on the pointer.
            #expect((12...36).contains(fp.w) && (12...36).contains(fp.h), "footprint \(fp)")
            #expect(abs(fp.x + fp.w / 2 - 1000) <= 4 && abs(fp.y + fp.h / 2 - 600) <= 4, "footprint \(fp)")
            #expect(abs(fp.w - fp.h) <= 4, "a circle is as wide as tall: \(fp)")
        }
    }

    @Test(
        "a stage on Wayland never maps the accessibility stack (libatspi, GLib, D-Bus): it is opened only for real applications"
    )
    func noAccessibilityLibrariesOnAStage() throws {
        try session([
            #"{"t":0.0,"type":"position","x":1000,"y":300}"#,
            #"{"t":0.2,"type":"position","x":1000,"y":600}"#,
        ]) { _, overlay, _ in
            // Read to the end: /proc files say they are empty, and a sized read stops at a page.
            let file = try #require(FileHandle(forReadingAtPath: "/proc/\(overlay.pid)/maps"))
            let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
            let mapped = Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
            let stack = ["libatspi", "libglib-2.0", "libgobject-2.0", "libdbus-1"]
            let accessibility = mapped.filter { file in stack.contains { file.hasPrefix($0) } }
            #expect(accessibility.isEmpty, "mapped by the overlay on a stage: \(accessibility.sorted())")
            #expect(mapped.contains { $0.hasPrefix("libwayland-client") }, "the maps were read: \(mapped.sorted())")
        }
    }

    @Test("A2 over a toolbar button the pointer morphs into the button")
    func morphIntoToolbarButton() throws {
        try session([
            #"{"t":0.0,"type":"position","x":600,"y":700}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5}"#,
            #"{"t":0.2,"type":"position","x":56,"y":36}"#,
            #"{"t":0.25,"type":"position","x":58,"y":38}"#,
            #"{"t":0.3,"type":"screenshot","path":"$SHOTS/button.png","settle":0.8}"#,
        ]) { shots, overlay, _ in
            let found = footprint(try shot(shots, "button"), try shot(shots, "ref"), around: (58, 38), radius: 60)
            let fp = try #require(found, "nothing changed at the button. Log:\n\(overlay.log)")
            // The 37 pt button, not a 19 pt circle: the drawn shape covers the button.
            #expect(fp.w >= 30 && fp.h >= 30, "footprint \(fp) is circle-sized, not button-sized")
            #expect(
                fp.x <= 44 && fp.x + fp.w >= 73 && fp.y <= 24 && fp.y + fp.h >= 53,
                "footprint \(fp) does not cover the button [40,20,37,37]")
        }
    }

    @Test("A3 over text the pointer is a vertical I-beam")
    func iBeamOverText() throws {
        try session([
            #"{"t":0.0,"type":"position","x":1000,"y":700}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5}"#,
            #"{"t":0.2,"type":"position","x":300,"y":300}"#,
            #"{"t":0.25,"type":"position","x":301,"y":301}"#,
            #"{"t":0.3,"type":"screenshot","path":"$SHOTS/text.png","settle":0.8}"#,
        ]) { shots, overlay, _ in
            let found = footprint(try shot(shots, "text"), try shot(shots, "ref"), around: (301, 301), radius: 50)
            let fp = try #require(found, "nothing drawn over the text. Log:\n\(overlay.log)")
            // Tall and thin: as tall as a 22 pt line, a few pt wide.
            #expect(fp.h >= 14 && fp.w <= 10 && fp.h >= 2 * fp.w, "footprint \(fp) is not an I-beam")
        }
    }

    @Test("E27 holding ctrl turns the pointer into horizontal arrows")
    func ctrlShowsArrows() throws {
        try session([
            #"{"t":0.0,"type":"position","x":1000,"y":300}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5}"#,
            #"{"t":0.2,"type":"position","x":1000,"y":600}"#,
            #"{"t":0.3,"type":"screenshot","path":"$SHOTS/circle.png","settle":0.5}"#,
            #"{"t":0.4,"type":"modifiers","keys":["ctrl"]}"#,
            #"{"t":0.5,"type":"screenshot","path":"$SHOTS/ctrl.png","settle":0.8}"#,
            #"{"t":0.6,"type":"modifiers","keys":[]}"#,
            #"{"t":0.7,"type":"screenshot","path":"$SHOTS/released.png","settle":0.8}"#,
        ]) { shots, overlay, _ in
            let ref = try shot(shots, "ref")
            let circle = try shot(shots, "circle")
            let ctrl = try shot(shots, "ctrl")
            let released = try shot(shots, "released")
            let shapeChanged = ctrl.changedBounds(from: circle, in: (1000 - 60, 600 - 60, 120, 120)) != nil
            #expect(shapeChanged, "holding ctrl changed nothing. Log:\n\(overlay.log)")
            let found = footprint(ctrl, ref, around: (1000, 600), radius: 60)
            let fp = try #require(found, "nothing drawn at the pointer while ctrl was held")
            #expect(Double(fp.w) >= 1.25 * Double(fp.h), "footprint \(fp) is not a horizontal arrows shape")
            let circleBack = released.changedBounds(from: circle, in: (1000 - 60, 600 - 60, 120, 120)) == nil
            #expect(circleBack, "releasing ctrl did not bring the circle back")
        }
    }

    @Test("E26 a secondary click opens the region's context menu at once")
    func secondaryClickOpensMenu() throws {
        try session([
            #"{"t":0.0,"type":"position","x":758,"y":158}"#,
            #"{"t":0.05,"type":"position","x":760,"y":160}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/before.png","settle":0.8}"#,
            #"{"t":0.2,"type":"button","button":"secondary","state":"pressed"}"#,
            #"{"t":0.25,"type":"button","button":"secondary","state":"released"}"#,
            #"{"t":0.3,"type":"screenshot","path":"$SHOTS/menu.png","settle":0.6}"#,
        ]) { shots, overlay, _ in
            let before = try shot(shots, "before")
            let menu = try shot(shots, "menu")
            // Below the stage's quit banner, which may fade out between the two shots.
            let found = menu.changedBounds(from: before, in: (0, 80, menu.width, menu.height - 80))
            let fp = try #require(found, "the secondary click changed nothing. Log:\n\(overlay.log)")
            // A menu of three items: far bigger than any pointer shape.
            #expect(fp.w >= 80 && fp.h >= 50, "changed area \(fp) is too small for a menu")
        }
    }

    @Test("run stops cleanly on SIGTERM and records what it received, modifier sets only")
    func sigtermAndRecording() throws {
        let record = try TestEnvironment.privateDirectory("ap-rec") + "/trace.jsonl"
        try session(
            [
                #"{"t":0.0,"type":"position","x":500,"y":500}"#,
                #"{"t":0.1,"type":"modifiers","keys":["shift"]}"#,
                #"{"t":0.2,"type":"modifiers","keys":[]}"#,
                #"{"t":0.3,"type":"button","button":"primary","state":"pressed"}"#,
                #"{"t":0.35,"type":"button","button":"primary","state":"released"}"#,
                #"{"t":0.4,"type":"wait"}"#,
            ], extraArguments: ["--record", record, "--stats"]
        ) { _, overlay, _ in
            let code = overlay.interrupt(SIGTERM)
            #expect(code == 0, "exit status \(String(describing: code)). Log:\n\(overlay.log)")
            #expect(overlay.log.contains("event→commit: p50"), "no stats printed:\n\(overlay.log)")
            let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
            #expect(lines.contains { $0.contains(#""type":"position""#) && $0.contains(#""x":500"#) })
            #expect(lines.contains { $0.contains(#""type":"modifiers","keys":["shift"]"#) })
            #expect(lines.contains { $0.contains(#""button":"primary","state":"pressed""#) })
            #expect(!lines.contains { $0.contains("\"key\"") || $0.contains("sym") }, "a key symbol was recorded")
        }
    }

    @Test("run exits with code 4 and says why when the compositor goes away")
    func compositorGone() throws {
        try session([#"{"t":0.0,"type":"position","x":500,"y":500}"#]) { _, overlay, sway in
            sway.stop()
            let code = overlay.waitForExit(timeout: 10)
            #expect(code == 4, "exit status \(String(describing: code)). Log:\n\(overlay.log)")
            #expect(overlay.log.contains("lost the connection to the Wayland compositor"))
        }
    }

    @Test("Ctrl+Alt+Esc ends a stage with exit code 0; Escape alone does not")
    func quitShortcutEndsStage() throws {
        try session([
            #"{"t":0.0,"type":"position","x":500,"y":500}"#,
            #"{"t":0.1,"type":"key","key":"escape"}"#,
            #"{"t":0.2,"type":"modifiers","keys":["ctrl"]}"#,
            #"{"t":0.3,"type":"key","key":"escape"}"#,
            #"{"t":0.4,"type":"modifiers","keys":[]}"#,
            #"{"t":0.9,"type":"wait"}"#,
        ]) { _, overlay, sway in
            #expect(overlay.isRunning, "Escape or Ctrl+Esc ended the stage. Log:\n\(overlay.log)")
            let dir = try TestEnvironment.privateDirectory("ap-quit")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try [
                #"{"t":0.0,"type":"modifiers","keys":["ctrl","alt"]}"#, #"{"t":0.1,"type":"key","key":"escape"}"#,
                #"{"t":0.2,"type":"modifiers","keys":[]}"#,
            ].joined(separator: "\n")
                .write(toFile: dir + "/quit.jsonl", atomically: true, encoding: .utf8)
            _ = try TestEnvironment.run(
                try TestEnvironment.executable("wayland-input-player"), [dir + "/quit.jsonl"],
                environment: sway.environment, timeout: 30)
            let code = overlay.waitForExit(timeout: 5)
            #expect(code == 0, "exit status \(String(describing: code)). Log:\n\(overlay.log)")
            #expect(overlay.log.contains("Ctrl+Alt+Esc pressed"), "log:\n\(overlay.log)")
        }
    }

    @Test("the stage shows how to quit for its first seconds: the hint is on screen, then gone")
    func stageHint() throws {
        try session([
            #"{"t":0.0,"type":"position","x":1000,"y":600}"#,
            #"{"t":0.0,"type":"screenshot","path":"$SHOTS/early.png","settle":0.1}"#,
            #"{"t":3.6,"type":"screenshot","path":"$SHOTS/late.png","settle":0.1}"#,
        ]) { shots, overlay, _ in
            let early = try shot(shots, "early")
            let late = try shot(shots, "late")
            let changed = early.changedBounds(from: late, in: (440, 10, 400, 70))
            let box = try #require(changed, "no hint at the top of the stage. Log:\n\(overlay.log)")
            #expect(box.w > 200 && box.h > 20, "hint footprint \(box)")
        }
    }

    @Test("a pass-through scene (desktop) exits on Wayland with a message naming Wayland and what works")
    func desktopRefusedOnWayland() throws {
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let overlay = try OverlayProcess(arguments: ["run", "desktop"], environment: sway.environment)
        defer { overlay.interrupt() }
        let code = overlay.waitForExit(timeout: 10)
        #expect(code == 7, "exit status \(String(describing: code)). Log:\n\(overlay.log)")
        #expect(
            overlay.log.contains("Wayland") && overlay.log.contains("--backend x11") && overlay.log.contains("stage"),
            "log:\n\(overlay.log)")
    }

    @Test("editing the scene reloads it; a bad edit keeps the last good scene (rename-on-save followed)")
    func sceneReload() throws {
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let dir = try TestEnvironment.privateDirectory("ap-scene")
        let scene = dir + "/scene.json"
        let good = try String(
            contentsOf: TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json"), encoding: .utf8)
        try good.write(toFile: scene, atomically: false, encoding: .utf8)
        let overlay = try OverlayProcess(arguments: ["run", scene], environment: sway.environment)
        defer { overlay.interrupt() }
        #expect(overlay.waitForLog("first frame shown"), "no frame. Log:\n\(overlay.log)")
        // An editor that writes a temporary file and renames it over the scene.
        func save(_ text: String) throws {
            try text.write(toFile: dir + "/.scene.json.tmp", atomically: false, encoding: .utf8)
            guard rename(dir + "/.scene.json.tmp", scene) == 0 else { throw TestEnvironment.Failure("rename failed") }
        }
        try save(good.replacingOccurrences(of: "\"regions\": [", with: "\"regoins\": ["))
        #expect(
            overlay.waitForLog("keeping the last good one", timeout: 10), "bad edit not reported. Log:\n\(overlay.log)")
        #expect(
            overlay.log.contains("regoins") && overlay.log.contains("scene.json:"),
            "the error names the key and the file")
        try save(good.replacingOccurrences(of: "\"End-to-end\"", with: "\"Edited\""))
        #expect(overlay.waitForLog("reloaded", timeout: 10), "good edit not reloaded. Log:\n\(overlay.log)")
        #expect(overlay.isRunning)
    }

    @Test("at output scale 2 the pointer is drawn with twice the pixels (sharp, same size in pt)")
    func scaleTwo() throws {
        try session(
            [
                #"{"t":0.0,"type":"position","x":440,"y":40}"#,
                #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5,"still":true}"#,
                #"{"t":0.2,"type":"position","x":565,"y":40}"#,
                #"{"t":0.3,"type":"screenshot","path":"$SHOTS/circle.png","settle":0.5,"still":true}"#,
            ], playerArguments: ["--extent", "640x400"],
            before: { sway in
                try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
            },
            body: { shots, overlay, _ in
                #expect(overlay.log.contains("scale 2"), "the overlay did not see scale 2. Log:\n\(overlay.log)")
                let circle = try shot(shots, "circle")
                let ref = try shot(shots, "ref")
                #expect(circle.width == 1280 && circle.height == 800, "grim captures device pixels")
                let found = footprint(circle, ref, around: (1130, 80), radius: 70)
                let fp = try #require(found, "nothing drawn at the pointer. Log:\n\(overlay.log)")
                // 19 pt at 2 px/pt ≈ 38 px, centred at (565, 40) pt = (1130, 80) px: an empty spot right
                // of the stage's quit banner (150…490 pt), which fades out 3 s in, maybe between the shots.
                #expect((28...64).contains(fp.w) && (28...64).contains(fp.h), "footprint \(fp)")
                #expect(abs(fp.x + fp.w / 2 - 1130) <= 6 && abs(fp.y + fp.h / 2 - 80) <= 6, "footprint \(fp)")
            })
    }

    @Test("a hot-plugged output gets its own overlay")
    func hotPlug() throws {
        try session([#"{"t":0.0,"type":"wait"}"#]) { _, overlay, sway in
            try sway.swaymsg(["create_output"])
            #expect(overlay.waitForLog("overlay on HEADLESS-2", timeout: 10), "Log:\n\(overlay.log)")
            #expect(overlay.isRunning)
        }
    }

    @Test(
        "B12 a touchpad's flick glides on after the hand stops (the seat shows a touchpad by its finger scrolling); a mouse's stays where it stopped",
        arguments: [true, false])
    func flickGlidesOnlyFromTouchpad(touchpad: Bool) throws {
        // Positions 14 pt apart every 8 ms (1750 pt/s) from x 300 to 440, then stillness:
        // the inferred lift must carry the drawn pointer well past where the input stopped.
        var script = [
            #"{"t":0.0,"type":"position","x":300,"y":200}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.5}"#,
            #"{"t":0.2,"type":"position","x":300,"y":610}"#,
        ]
        // Only a touchpad scrolls with the `finger` axis source.
        if touchpad { script.append(#"{"t":0.3,"type":"scroll","dx":0,"dy":1,"source":"finger"}"#) }
        for i in 1...10 {
            script.append(#"{"t":\#(0.5 + Double(i) * 0.008),"type":"position","x":\#(300 + 14 * i),"y":610}"#)
        }
        script.append(#"{"t":0.7,"type":"screenshot","path":"$SHOTS/glide.png","settle":1.5}"#)
        try session(script, scene: "e2e-inertia-scene.json") { shots, overlay, _ in
            let glide = try shot(shots, "glide")
            let ref = try shot(shots, "ref")
            let found = glide.changedBounds(from: ref, in: (250, 560, 1030, 100))
            let fp = try #require(found, "no pointer drawn along the flick's row. Log:\n\(overlay.log)")
            if touchpad {
                #expect(
                    fp.x + fp.w / 2 > 520, "the pointer stopped at \(fp) — where the input stopped (x 440), no glide")
            } else {
                #expect(
                    abs(fp.x + fp.w / 2 - 440) <= 3,
                    "the mouse's pointer is at \(fp), not where the hand stopped (x 440)")
            }
        }
    }

    @Test(
        "B9 B13 a mouse stroke that stops dead in a control's hit padding, then clicks: the click is that control's, at several speeds",
        arguments: [6.0, 15.0, 30.0])
    func mouseStrokeClickLandsOnPaddedControl(step: Double) throws {
        let record = try TestEnvironment.privateDirectory("ap-mouse") + "/trace.jsonl"
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: record).deletingLastPathComponent().path)
        }
        // Towards "save" [400, 300, 60, 40] (padding 20) with "open" further on: the stroke
        // stops dead at x 385, 15 pt short of save, and presses 150 ms later, as a hand does.
        var script = [#"{"t":0.0,"type":"position","x":100,"y":320}"#]
        var x = 100.0
        var t = 0.3
        while x + step <= 385 {
            script.append(#"{"t":\#(t),"type":"motion","dx":\#(step),"dy":0}"#)
            x += step
            t += 0.008
        }
        script.append(#"{"t":\#(t),"type":"motion","dx":\#(385 - x),"dy":0}"#)
        let stop = t
        script.append(#"{"t":\#(stop + 0.15),"type":"button","button":"primary","state":"pressed"}"#)
        script.append(#"{"t":\#(stop + 0.21),"type":"button","button":"primary","state":"released"}"#)
        script.append(#"{"t":\#(stop + 1.0),"type":"wait"}"#)
        try session(script, scene: "e2e-mouse-scene.json", extraArguments: ["--record", record]) { _, overlay, _ in
            #expect(overlay.interrupt() == 0)
            let trace = try String(contentsOfFile: record, encoding: .utf8)
            #expect(trace.contains(#""type":"device","device":"unknown""#), "trace:\n\(trace)")
            let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-mouse-scene.json").path
            // Into a file: a pipe would fill before the replay ends.
            let states = record + ".states"
            let replay = try TestEnvironment.run(
                try TestEnvironment.executable("adaptive-pointer"),
                ["replay", scene, record, "--fps", "120", "--states", states])
            #expect(replay.status == 0, "\(replay.output)")
            let frames = try String(contentsOfFile: states, encoding: .utf8).split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let pressed = frames.filter { ($0["pressed"] as? Bool) == true }
            #expect(!pressed.isEmpty, "no press in the recording:\n\(trace)")
            #expect(
                pressed.allSatisfy { ($0["target"] as? String) == "save" },
                "pressed on \(pressed.map { $0["target"] ?? "nothing" }); log:\n\(overlay.log)")
            #expect(!frames.contains { ($0["target"] as? String) == "open" }, "the pointer reached open")
        }
    }

    @Test(
        "B11 a recorded session replays to where the live pointer ended: the trace says its motion was accelerated by the compositor"
    )
    func recordingReplaysWhereLiveEnded() throws {
        let record = try TestEnvironment.privateDirectory("ap-replay") + "/trace.jsonl"
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: record).deletingLastPathComponent().path)
        }
        // A fast 300 pt stroke from x 200: ten 30 pt steps 8 ms apart (3750 pt/s).
        var script = [
            #"{"t":0.0,"type":"position","x":200,"y":720}"#,
            #"{"t":0.1,"type":"screenshot","path":"$SHOTS/ref.png","settle":0.4}"#,
            #"{"t":0.2,"type":"position","x":200,"y":620}"#,
        ]
        for i in 1...10 { script.append(#"{"t":\#(0.4 + Double(i) * 0.008),"type":"motion","dx":30,"dy":0}"#) }
        script.append(#"{"t":0.7,"type":"screenshot","path":"$SHOTS/end.png","settle":0.5}"#)
        try session(script, extraArguments: ["--record", record]) { shots, overlay, _ in
            let found = try shot(shots, "end").changedBounds(from: try shot(shots, "ref"), in: (100, 570, 1150, 100))
            let fp = try #require(found, "no pointer drawn on the stroke's row. Log:\n\(overlay.log)")
            let liveX = Double(fp.x) + Double(fp.w) / 2
            #expect(overlay.interrupt() == 0)
            let trace = try String(contentsOfFile: record, encoding: .utf8)
            #expect(
                trace.hasPrefix(#"{"t":"#) && trace.contains(#""type":"acceleration","curve":"host""#),
                "trace:\n\(trace)")
            let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
            let replay = try TestEnvironment.run(
                try TestEnvironment.executable("adaptive-pointer"),
                ["replay", scene, record, "--fps", "60", "--states", "-"])
            #expect(replay.status == 0, "\(replay.output)")
            let last = try #require(replay.output.split(separator: "\n").last(where: { $0.contains("\"pointer\"") }))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            let pointer = try #require(object["pointer"] as? [String: Double])
            let replayX = try #require(pointer["x"])
            #expect(abs(replayX - liveX) <= 3, "live pointer ended at x \(liveX), the replay at \(replayX)")
        }
    }

    @Test("B11 with relative-pointer offered, motion arrives as unaccelerated deltas for the engine's own curve")
    func relativeMotion() throws {
        let record = try TestEnvironment.privateDirectory("ap-rel") + "/trace.jsonl"
        try session(
            [
                #"{"t":0.0,"type":"position","x":500,"y":500}"#,
                #"{"t":0.05,"type":"motion","dx":10,"dy":0}"#,
                #"{"t":0.1,"type":"motion","dx":10,"dy":5}"#,
                #"{"t":0.3,"type":"wait"}"#,
            ], absolutePointer: false, extraArguments: ["--record", record]
        ) { _, overlay, _ in
            overlay.interrupt()
            let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
            #expect(
                lines.contains { $0.contains(#""type":"motion","dx":10,"dy":5"#) },
                "trace:\n\(lines.joined(separator: "\n"))")
            #expect(
                !lines.dropFirst().contains { $0.contains(#""type":"position""#) && $0.contains(#""x":510"#) },
                "absolute motion must not be applied a second time")
        }
    }
}
