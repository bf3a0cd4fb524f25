import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// End to end: `adaptive-pointer run --backend x11 --mode overlay` on a private
    /// Xvfb (with and without picom), driven by xdotool, checked by screenshots
    /// and by a plain X client that sits under the overlay.
    @Suite("X11 overlay end to end", .serialized)
    struct OverlayTests {
        /// The desktop colour the tests paint under the overlay.
        static let desk: UInt32 = 0x3366CC

        struct Rig {
            let server: XvfbServer
            let client: XTestClient
            let pointer: PointerProcess
            let xdo: XDo
        }

        static func rig(composited: Bool, scene: String = "overlay", extra: [String] = []) throws -> Rig {
            let server = try XvfbServer(compositor: composited)
            let client = try XTestClient(display: server.display)
            // An ordinary application window covering the screen.
            client.openWindow(x: 0, y: 0, width: client.width, height: client.height, color: desk)
            let xdo = XDo(display: server.display)
            try xdo.moveTo(300, 300, client: client)
            let pointer = try PointerProcess(
                server: server, [PointerProcess.sceneFile(scene), "--mode", "overlay"] + extra)
            try #require(pointer.waitUntilShown(), "overlay did not start: \(pointer.log)")
            usleep(300_000)
            return Rig(server: server, client: client, pointer: pointer, xdo: xdo)
        }

        static func save(_ shot: Screenshot?, _ name: String) {
            guard let dir = ProcessInfo.processInfo.environment["AP_X11_SCREENSHOTS"] else { return }
            shot?.writePNG(to: "\(dir)/\(name).png")
        }

        @Test("B6 the drawn pointer follows the real pointer; nothing else is covered", arguments: [false, true])
        func pointerFollows(composited: Bool) throws {
            let rig = try Self.rig(composited: composited)
            try rig.xdo.moveTo(400, 500, client: rig.client)
            let shot = try #require(
                rig.client.screenshot { s in
                    s.changedBounds(x: 370, y: 470, width: 60, height: 60, from: Self.desk).map {
                        abs($0.x + $0.width / 2 - 400) <= 3 && abs($0.y + $0.height / 2 - 500) <= 3
                    } ?? false
                })
            usleep(200_000)
            Self.save(shot, "overlay-follow-\(composited ? "picom" : "plain")")
            // Something is drawn around the pointer…
            let near = try #require(
                shot.changedBounds(x: 370, y: 470, width: 60, height: 60, from: Self.desk),
                "no pointer drawn near (400, 500)")
            #expect(
                abs(near.x + near.width / 2 - 400) <= 3 && abs(near.y + near.height / 2 - 500) <= 3,
                "pointer drawn at \(near), not centred on (400, 500)")
            #expect(near.width >= 12 && near.width <= 40, "pointer \(near.width) px wide")
            // …and nowhere else: the rest of the desktop keeps its colour (no black overlay).
            let elsewhere = shot.changedPixels(x: 0, y: 0, width: shot.width, height: 460, from: Self.desk)
            #expect(
                elsewhere.isEmpty,
                "\(elsewhere.count) pixels changed away from the pointer, e.g. \(elsewhere.prefix(3))")
            #expect(Screenshot.distance(shot.at(5, 5), Self.desk) <= 8)
            #expect(rig.pointer.log.contains("shaped window") == !composited, "log: \(rig.pointer.log)")
        }

        @Test("Without a compositor the overlay is shaped; it switches when a compositor starts and stops")
        func followsCompositor() throws {
            let rig = try Self.rig(composited: false)
            #expect(rig.pointer.log.contains("shaped window"))
            func pointerOnlyAt(_ x: Int, _ y: Int, _ name: String) throws {
                try rig.xdo.moveTo(x, y, client: rig.client)
                // picom needs a moment after taking the selection before its
                // first full paint; full-screen GetImage polling meanwhile starves it.
                usleep(1_500_000)
                let shot = try #require(
                    rig.client.screenshot(within: 5) { s in
                        s.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: Self.desk).map {
                            abs($0.x + $0.width / 2 - x) <= 3 && abs($0.y + $0.height / 2 - y) <= 3
                        } ?? false
                    })
                Self.save(shot, name)
                #expect(
                    shot.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: Self.desk) != nil,
                    "no pointer at (\(x), \(y))")
                let covered = shot.changedPixels(x: 0, y: 0, width: shot.width, height: y - 40, from: Self.desk).count
                #expect(covered == 0, "\(covered) pixels covered away from the pointer")
            }
            try rig.server.startCompositor()
            #expect(
                ChildProcess.wait(timeout: 5) { rig.pointer.log.contains("compositing manager started") },
                "log: \(rig.pointer.log)")
            rig.client.repaint()
            try pointerOnlyAt(500, 500, "overlay-compositor-started")
            rig.server.stopCompositor()
            #expect(
                ChildProcess.wait(timeout: 5) { rig.pointer.log.contains("compositing manager went away") },
                "log: \(rig.pointer.log)")
            try pointerOnlyAt(700, 600, "overlay-compositor-stopped")
            #expect(rig.pointer.child.isRunning)
        }

        @Test(
            "After a crash (SIGKILL) nothing of the overlay stays on screen: the server drops what the connection held")
        func crashLeavesNothing() throws {
            let rig = try Self.rig(composited: false)
            #expect(!rig.client.mappedOverrideRedirectWindows().isEmpty)
            kill(rig.pointer.child.pid, SIGKILL)
            #expect(rig.pointer.child.waitForExit(timeout: 5))
            // The window goes with the connection, and so does XFixes' per-client hide count.
            #expect(ChildProcess.wait(timeout: 3) { rig.client.mappedOverrideRedirectWindows().isEmpty })
            // The desktop is whole again.
            let shot = try #require(rig.client.screenshot())
            let covered = shot.changedPixels(x: 0, y: 0, width: shot.width, height: shot.height, from: Self.desk).count
            #expect(covered == 0, "\(covered) pixels still differ from the desktop")
        }

        @Test("--output with an unknown monitor name fails with the names that exist")
        func unknownOutput() throws {
            let server = try XvfbServer()
            let p = try PointerProcess(
                server: server, [PointerProcess.sceneFile("overlay"), "--mode", "overlay", "--output", "HDMI-9"])
            #expect(p.child.waitForExit(timeout: 20))
            #expect(p.child.process.terminationStatus == 6, "exit status \(p.child.process.terminationStatus)")
            #expect(p.log.contains("HDMI-9") && p.log.contains("screen"), "log: \(p.log)")
        }

        @Test("B6 clicks pass through the overlay to the application underneath", arguments: [false, true])
        func clicksPassThrough(composited: Bool) throws {
            let rig = try Self.rig(composited: composited)
            try rig.xdo.moveTo(450, 350, client: rig.client)
            usleep(200_000)
            _ = rig.client.clicks(timeout: 0.1, until: 100)
            try rig.xdo.run("click", "1")
            try rig.xdo.run("click", "3")
            let clicks = rig.client.clicks(timeout: 3, until: 2)
            #expect(clicks.map(\.button) == [1, 3], "application received \(clicks)")
            #expect(clicks.allSatisfy { $0.x == 450 && $0.y == 350 })
        }

        @Test("the overlay exits on SIGTERM, removing its window and restoring the cursor")
        func exitsOnSigterm() throws {
            let rig = try Self.rig(composited: false)
            #expect(!rig.client.mappedOverrideRedirectWindows().isEmpty)
            let status = rig.pointer.child.stop(signal: SIGTERM, timeout: 5)
            #expect(status == 0, "exit status \(String(describing: status)); log: \(rig.pointer.log)")
            #expect(rig.pointer.log.contains("stopped"), "log: \(rig.pointer.log)")
            rig.client.sync()
            #expect(rig.client.mappedOverrideRedirectWindows().isEmpty)
        }

        @Test("D20 the material keeps contrast with the real screen under the pointer", arguments: [false, true])
        func materialSamplesScreen(composited: Bool) throws {
            let rig = try Self.rig(composited: composited)
            // A near-black application on the left half, a white one on the right.
            rig.client.openWindow(x: 0, y: 0, width: 640, height: 800, color: 0x1C1C1E)
            rig.client.openWindow(x: 640, y: 0, width: 640, height: 800, color: 0xFFFFFF)
            usleep(200_000)
            func centreLuminance(at x: Int, _ y: Int, _ name: String) throws -> Double {
                try rig.xdo.moveTo(x, y, client: rig.client)
                usleep(300_000)
                // Settled: two shots 150 ms apart agree at the pointer.
                var previous: UInt32 = 0x1000000
                let shot = try #require(
                    rig.client.screenshot { s in
                        defer {
                            previous = s.at(x, y)
                            usleep(150_000)
                        }
                        return s.at(x, y) == previous
                    })
                Self.save(shot, name)
                let p = shot.at(x, y)
                return 0.2126 * Double((p >> 16) & 0xff) + 0.7152 * Double((p >> 8) & 0xff) + 0.0722 * Double(p & 0xff)
            }
            let onDark = try centreLuminance(at: 300, 400, "overlay-material-dark-\(composited)")
            let onWhite = try centreLuminance(at: 900, 400, "overlay-material-white-\(composited)")
            // Any fixed colour loses on one side: a light pointer vanishes on white,
            // a dark one on black. The adaptive material is lighter than black and
            // darker than white, both clearly.
            #expect(onDark > 28 + 40, "pointer on near-black has luminance \(onDark)")
            #expect(onWhite < 255 - 40, "pointer on white has luminance \(onWhite)")
        }

        /// Without a compositor the material blends over the desktop as captured:
        /// a desktop that changes while the pointer moves (here: a white window
        /// opened under it between two frames) must not leave the resting pointer
        /// with a material from before. (Capturing less often than every frame
        /// was tried and failed this: docs/latency.md, X11 overlay cost.)
        @Test("D20 a shaped pointer over a desktop that changed as it moved rests with the material drawn fresh")
        func sampledDesktopIsRechecked() throws {
            let rig = try Self.rig(composited: false)
            rig.client.openWindow(x: 0, y: 0, width: rig.client.width, height: rig.client.height, color: 0x1C1C1E)
            try rig.xdo.moveTo(400, 400, client: rig.client)
            usleep(400_000)
            // A frame captures the dark desktop; the desktop turns white; the next
            // frame, within 100 ms, is drawn from that capture.
            try rig.xdo.run("mousemove_relative", "--", "1", "0")
            usleep(30_000)
            rig.client.openWindow(x: 200, y: 200, width: 400, height: 400, color: 0xFFFFFF)
            try rig.xdo.run("mousemove_relative", "--", "1", "0")
            usleep(500_000)
            let rested = try #require(rig.client.screenshot())
            // The same pointer drawn from a fresh capture, for comparison.
            try rig.xdo.run("mousemove_relative", "--", "1", "0")
            usleep(500_000)
            let fresh = try #require(rig.client.screenshot())
            Self.save(rested, "overlay-recheck-rested")
            Self.save(fresh, "overlay-recheck-fresh")
            let a = rested.at(402, 400)
            let b = fresh.at(403, 400)
            #expect(
                Screenshot.distance(a, b) <= 12,
                "the resting pointer shows \(String(a, radix: 16)), drawn fresh \(String(b, radix: 16))")
        }

        /// Onto a control in one stroke from `start` (off it), as a hand arrives:
        /// `moveTo` may correct its landing with a second stroke, and a pause
        /// recentres only once per visit (B9), so the correction would count as
        /// a nudge away from the centre. Unaccelerated, one relative jump lands exactly.
        static func arrive(_ rig: Rig, at x: Int, _ y: Int, from start: (Int, Int)) throws {
            try rig.xdo.moveTo(start.0, start.1, client: rig.client)
            try runTool("xset", ["m", "1", "1"], display: rig.server.display)
            usleep(150_000)
            try rig.xdo.run("mousemove_relative", "--", "\(x - start.0)", "\(y - start.1)")
        }

        @Test(
            "B9 after a lift over a control the real pointer is warped to its centre, so a click lands on it",
            arguments: [false, true])
        func recenterWarpsRealPointer(composited: Bool) throws {
            let rig = try Self.rig(composited: composited)
            // The scene's button is [600, 200, 120, 40]: centre (660, 220).
            try Self.arrive(rig, at: 700, 232, from: (700, 300))
            // No lift event on X11: the engine infers it after liftDelay without motion.
            let centred = ChildProcess.wait(timeout: 3) {
                rig.client.pointer().map { $0.x == 660 && $0.y == 220 } ?? false
            }
            let p = rig.client.pointer()
            #expect(centred, "real pointer at \(String(describing: p)), expected (660, 220)")
            let shot = try #require(rig.client.settledScreenshot(after: 0.8)) // the morph has settled
            Self.save(shot, "overlay-recenter-\(composited)")
            // The drawn pointer has morphed into the button's shape around its frame.
            let drawn = try #require(shot.changedBounds(x: 560, y: 160, width: 200, height: 120, from: Self.desk))
            #expect(drawn.width >= 110 && drawn.height >= 36 && drawn.height <= 60, "drawn highlight \(drawn)")
            _ = rig.client.clicks(timeout: 0.1, until: 100)
            try rig.xdo.run("click", "1")
            let clicks = rig.client.clicks(timeout: 3)
            #expect(clicks.first.map { $0.x == 660 && $0.y == 220 } ?? false, "click landed at \(clicks)")
        }

        @Test("B9 motion read late, in one batch, is not taken for a pause: no recentring warp pulls the pointer back")
        func lateBatchIsNoPause() throws {
            let rig = try Self.rig(composited: false, scene: "slow-lift")
            // slow-lift: the button [600, 200, 120, 40], and a lift is a pause of 0.3 s.
            try Self.arrive(rig, at: 610, 220, from: (560, 220))
            usleep(100_000) // the engine has the hand on the button; its lift is 0.2 s away
            // The overlay stalls (a loaded machine) while the hand moves on, 8 px every
            // 20 ms, across the button and off it: 0.4 s of motion it reads in one go.
            kill(rig.pointer.child.pid, SIGSTOP)
            var steps: [String] = []
            for i in 0..<20 { steps += (i == 0 ? [] : ["sleep", "0.02"]) + ["mousemove_relative", "--", "8", "0"] }
            let moved = Result { try runTool("xdotool", steps, display: rig.server.display) }
            kill(rig.pointer.child.pid, SIGCONT)
            _ = try moved.get()
            // Taken as only its newest position, 0.5 s after the last one the engine had,
            // that motion looked like a pause on the button: it recentred there and warped
            // the real pointer back to (660, 220).
            usleep(800_000)
            let p = rig.client.pointer()
            #expect(
                p.map { $0.x == 770 && $0.y == 220 } ?? false,
                "the real pointer is at \(String(describing: p)), where the hand left it: (770, 220). Log:\n\(rig.pointer.log)"
            )
        }

        @Test(
            "D23 in a region with a constrained axis the real pointer is held on the nearest line",
            arguments: [false, true])
        func constrainedAxisWarps(composited: Bool) throws {
            let rig = try Self.rig(composited: composited)
            // "lines" is [100, 560, 800, 120], snap y 40: line centres at y = 580, 620, 660.
            try Self.arrive(rig, at: 400, 605, from: (400, 760))
            let held = ChildProcess.wait(timeout: 3) {
                rig.client.pointer().map { $0.x == 400 && $0.y == 620 } ?? false
            }
            #expect(held, "real pointer at \(String(describing: rig.client.pointer())), expected (400, 620)")
            let shot = try #require(rig.client.settledScreenshot(after: 0.6))
            Self.save(shot, "overlay-beam-\(composited)")
            // Drawn as an I-beam one line tall (40 pt), not a circle.
            let beam = try #require(shot.changedBounds(x: 360, y: 560, width: 80, height: 120, from: Self.desk))
            #expect(beam.width <= 8 && beam.height >= 34 && beam.height <= 46, "drawn beam \(beam)")
        }

        @Test("E27 holding ctrl changes the drawn pointer's shape, even though another window has the focus")
        func modifierChangesShape() throws {
            let rig = try Self.rig(composited: true)
            try rig.xdo.moveTo(300, 450, client: rig.client)
            _ = rig.client.screenshot {
                !$0.changedPixels(x: 260, y: 410, width: 80, height: 80, from: Self.desk).isEmpty
            }
            let before = try #require(rig.client.settledScreenshot(after: 0.4))
            let shapeBefore = Set(
                before.changedPixels(x: 260, y: 410, width: 80, height: 80, from: Self.desk).map {
                    $0.0 * 10_000 + $0.1
                })
            try rig.xdo.run("keydown", "ctrl")
            let during = try #require(
                rig.client.screenshot { s in
                    let b = Set(
                        s.changedPixels(x: 260, y: 410, width: 80, height: 80, from: Self.desk).map {
                            $0.0 * 10_000 + $0.1
                        })
                    return shapeBefore.symmetricDifference(b).count > 20
                })
            try rig.xdo.run("keyup", "ctrl")
            Self.save(before, "overlay-modifier-before")
            Self.save(during, "overlay-modifier-ctrl")
            let a = before.changedPixels(x: 260, y: 410, width: 80, height: 80, from: Self.desk)
            let b = during.changedPixels(x: 260, y: 410, width: 80, height: 80, from: Self.desk)
            #expect(!a.isEmpty && !b.isEmpty)
            let setA = Set(a.map { $0.0 * 10_000 + $0.1 })
            let setB = Set(b.map { $0.0 * 10_000 + $0.1 })
            let differing = setA.symmetricDifference(setB).count
            #expect(differing > 20, "drawn area barely changed (\(differing) pixels) with ctrl held")
        }
    }
}
