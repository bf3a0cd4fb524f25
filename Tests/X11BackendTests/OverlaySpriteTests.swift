import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// The overlay's window covers only the pointer and moves with it, composited
    /// or shaped, so its memory does not grow with the screen; a move that
    /// changes nothing but the place (shaped: over a desktop that is the same
    /// under the pointer's translucent pixels) is shown by moving the window,
    /// without a repaint.
    @Suite("X11 overlay: a pointer-sized window", .serialized)
    struct OverlaySpriteTests {
        /// The overlay's window: the override-redirect window over `(x, y)`.
        static func overlayWindow(_ rig: OverlayTests.Rig, over x: Int, _ y: Int) -> (
            x: Int, y: Int, width: Int, height: Int
        )? {
            rig.client.mappedOverrideRedirectWindows().compactMap { rig.client.geometry(of: $0) }
                .first { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
        }

        /// Small relative steps, right 3 and left 2 in turn, each 1 px down, `interval`
        /// seconds apart (a mouse); then the pointer is stopped, so its --stats are in its log.
        static func zigzag(_ rig: OverlayTests.Rig, steps: Int, interval: String) throws {
            var args: [String] = []
            for i in 0..<steps {
                args += ["mousemove_relative", "--", i % 2 == 0 ? "3" : "-2", "1", "sleep", interval]
            }
            try runTool("xdotool", args, display: rig.server.display, timeout: 30)
            usleep(500_000)
            rig.pointer.child.stop(signal: SIGTERM, timeout: 5)
        }

        @Test(
            "B6 the overlay window, composited or shaped, is pointer-sized and follows the pointer",
            arguments: [true, false])
        func windowFollowsPointer(composited: Bool) throws {
            let rig = try OverlayTests.rig(composited: composited)
            for (x, y) in [(400, 500), (900, 200), (60, 700)] {
                try rig.xdo.moveTo(x, y, client: rig.client)
                // The drawn pointer is there (the window moved, and shows it)…
                let shot = try #require(
                    rig.client.screenshot { s in
                        s.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: OverlayTests.desk) != nil
                    })
                #expect(
                    shot.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: OverlayTests.desk) != nil,
                    "no pointer drawn near (\(x), \(y))")
                // …by a window around it, far smaller than the screen.
                let window = try #require(Self.overlayWindow(rig, over: x, y), "no overlay window over (\(x), \(y))")
                #expect(
                    window.width <= 256 && window.height <= 256,
                    "the overlay window is \(window.width)×\(window.height) px on a \(rig.client.width)×\(rig.client.height) screen; log: \(rig.pointer.log.suffix(1500))"
                )
            }
            #expect(
                rig.client.mappedOverrideRedirectWindows().compactMap { rig.client.geometry(of: $0) }
                    .allSatisfy { $0.width < rig.client.width }, "a full-width override-redirect window is mapped")
        }

        @Test(
            "Pointer motion over a plain desktop moves the window without repainting, composited or shaped",
            arguments: [true, false])
        func motionWithoutRepaint(composited: Bool) throws {
            let rig = try OverlayTests.rig(composited: composited, extra: ["--stats"])
            try rig.xdo.moveTo(300, 300, client: rig.client)
            usleep(300_000)
            // 100 small steps over one colour: the pointer's look never changes.
            try Self.zigzag(rig, steps: 100, interval: "0.008")
            let line = try #require(
                rig.pointer.log.split(separator: "\n").first { $0.contains("frames:") },
                "no frame counts in --stats: \(rig.pointer.log)")
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let painted = try #require(numbers.first)
            let moved = try #require(numbers.dropFirst().first)
            #expect(moved >= 20, "only \(moved) frames were shown by moving the window (\(line))")
            #expect(painted < moved, "\(painted) frames were painted for pure motion (\(line))")
        }

        /// The shaped overlay's --stats after 200 moves over stripes 6 px wide:
        /// every move puts the pointer's glass over other colours, so every frame is painted.
        static func paintedOverStripes() throws -> String {
            let rig = try OverlayTests.rig(composited: false, extra: ["--stats"])
            for x in stride(from: 200, to: 520, by: 12) {
                rig.client.openWindow(x: x, y: 250, width: 6, height: 200, color: 0x30_60_90)
            }
            usleep(300_000)
            try rig.xdo.moveTo(220, 300, client: rig.client)
            usleep(300_000)
            try zigzag(rig, steps: 200, interval: "0.004")
            return rig.pointer.log
        }

        static func statLines(_ log: String) -> [Substring] {
            log.split(separator: "\n").filter {
                $0.contains("frames:") || $0.contains("copied again") || $0.contains("shapes set")
            }
        }

        @Test(
            "Shaped, a frame painted over a changing desktop is uploaded once: the Expose events of its new shape copy nothing again"
        )
        func paintedFramesUploadOnce() throws {
            let log = try Self.paintedOverStripes()
            let painted = OverlayCostTests.statNumber(log, before: " painted")
            let copies = OverlayCostTests.statNumber(log, after: "exposed areas copied again: ")
            let stats = Self.statLines(log)
            #expect(painted >= 20, "only \(painted) frames painted over the stripes: \(stats)")
            #expect(log.contains("exposed areas copied again: "), "no Expose figure: \(stats)")
            // Each new shape uncovers one-pixel rows; copying them again was several uploads a frame.
            #expect(copies * 4 < painted, "\(copies) Expose copies for \(painted) painted frames: \(stats)")
        }

        @Test(
            "Shaped, a frame painted with the outline already shown sends no shape: the server keeps its clip and exposes nothing"
        )
        func unchangedOutlineNotSent() throws {
            let rig = try OverlayTests.rig(composited: false, scene: "fading", extra: ["--stats"])
            try rig.xdo.moveTo(320, 310, client: rig.client)
            // Left still, the pointer hides after 0.5 s: a fade at one place, painted frame by frame.
            usleep(2_000_000)
            rig.pointer.child.stop(signal: SIGTERM, timeout: 5)
            let log = rig.pointer.log
            let painted = OverlayCostTests.statNumber(log, before: " painted")
            let sent = OverlayCostTests.statNumber(log, after: "bounding shapes set: ")
            let same = OverlayCostTests.statNumber(log, after: "the same as shown (not sent): ")
            let stats = Self.statLines(log)
            #expect(painted >= 10, "only \(painted) frames painted: \(stats)")
            #expect(sent + same >= painted, "fewer shapes than painted frames: \(stats)")
            // Most of a fade keeps the outline; only the faint rim crossing the threshold changes it.
            #expect(same * 2 >= painted, "only \(same) of \(painted) painted frames kept the outline shown: \(stats)")
        }
    }
}
