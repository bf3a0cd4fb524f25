import Foundation
import Testing

extension X11EndToEnd {
    /// B12/B13 on a real X server: a flick that stops short of a control glides
    /// on (the engine's inertia) and lands on the control (magnetism); the real
    /// pointer is then warped there, so the next click hits it.
    @Suite("X11 overlay magnetism", .serialized)
    struct MagnetismTests {
        @Test("B13 a flick towards a control ends with the real pointer on its centre", arguments: [false, true])
        func flickLandsOnControl(composited: Bool) throws {
            // XTEST is a mouse to the overlay, which never glides: say it is a touchpad.
            let rig = try OverlayTests.rig(
                composited: composited, scene: "magnet", extra: ["--pointing-device", "touchpad"])
            // The button [600, 200, 120, 40] has its centre at (660, 220). Lift at
            // (456, 356), moving up-right at ~1400 px/s: the glide carries on towards it.
            try rig.xdo.moveTo(384, 404, client: rig.client)
            usleep(300_000)
            var args: [String] = []
            for i in 0..<6 { args += (i == 0 ? [] : ["sleep", "0.01"]) + ["mousemove_relative", "--", "12", "-8"] }
            try runTool("xdotool", args, display: rig.server.display)
            let stoppedShort = rig.client.pointer()
            #expect(stoppedShort.map { $0.x < 600 } ?? false, "the hand stopped at \(String(describing: stoppedShort))")
            let landed = ChildProcess.wait(timeout: 3) {
                rig.client.pointer().map { $0.x == 660 && $0.y == 220 } ?? false
            }
            #expect(landed, "real pointer at \(String(describing: rig.client.pointer())), expected (660, 220)")
            _ = rig.client.clicks(timeout: 0.1, until: 100)
            try rig.xdo.run("click", "1")
            let clicks = rig.client.clicks(timeout: 3)
            #expect(clicks.first.map { $0.x == 660 && $0.y == 220 } ?? false, "click landed at \(clicks)")
        }

        /// A loaded machine reads a whole flick in one late batch. The batch
        /// must still reach the engine as motion over time (the server's steps
        /// and times), not one jump, or the flick has no speed and never glides.
        /// Stopping the overlay during the flick makes that batch on purpose.
        @Test("B13 a flick read late, in one batch, still glides onto the control")
        func flickReadLateStillGlides() throws {
            let rig = try OverlayTests.rig(
                composited: false, scene: "magnet", extra: ["--pointing-device", "touchpad"])
            // Like a real application's window, it takes motion: no device motion reaches the root.
            rig.client.openWindow(
                x: 0, y: 0, width: rig.client.width, height: rig.client.height,
                color: OverlayTests.desk, tracksMotion: true)
            try rig.xdo.moveTo(384, 404, client: rig.client)
            usleep(300_000)
            kill(rig.pointer.child.pid, SIGSTOP)
            var args: [String] = []
            for i in 0..<6 { args += (i == 0 ? [] : ["sleep", "0.01"]) + ["mousemove_relative", "--", "12", "-8"] }
            do {
                try runTool("xdotool", args, display: rig.server.display)
                usleep(150_000)
            }
            kill(rig.pointer.child.pid, SIGCONT)
            let landed = ChildProcess.wait(timeout: 3) {
                rig.client.pointer().map { $0.x == 660 && $0.y == 220 } ?? false
            }
            #expect(
                landed,
                "real pointer at \(String(describing: rig.client.pointer())), expected (660, 220); log: \(rig.pointer.log.suffix(1500))"
            )
        }
    }
}
