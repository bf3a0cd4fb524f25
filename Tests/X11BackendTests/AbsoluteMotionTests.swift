import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// Absolute pointers — drawing tablets, touchscreens, the absolute pointers of
    /// virtual machines, another client warping the pointer — move the real pointer
    /// by placing it. `xdotool mousemove` places it (a warp, with no raw events);
    /// `mousemove_relative` moves it as a mouse does. `xset m 1 1` turns pointer
    /// acceleration off so relative steps land exactly.
    @Suite("X11 absolute motion", .serialized)
    struct AbsoluteMotionTests {
        static let desk = OverlayTests.desk

        /// The drawn pointer's bounds near (x, y), waiting until it is centred there.
        static func drawn(at x: Int, _ y: Int, _ rig: OverlayTests.Rig, _ name: String) -> (
            x: Int, y: Int, width: Int, height: Int
        )? {
            let shot = rig.client.screenshot(within: 5) { s in
                s.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: desk).map {
                    abs($0.x + $0.width / 2 - x) <= 2 && abs($0.y + $0.height / 2 - y) <= 2
                } ?? false
            }
            OverlayTests.save(shot, name)
            return shot?.changedBounds(x: x - 30, y: y - 30, width: 60, height: 60, from: desk)
        }

        @Test(
            "B6 absolute moves (xdotool mousemove) are drawn where they land; relative moves still work",
            arguments: [false, true])
        func absoluteMovesAreFollowed(composited: Bool) throws {
            let rig = try OverlayTests.rig(composited: composited, scene: "absolute")
            try runTool("xset", ["m", "1", "1"], display: rig.server.display)
            let tag = composited ? "picom" : "plain"
            // A placement far from where the pointer was…
            try rig.xdo.run("mousemove", "900", "450")
            let far = Self.drawn(at: 900, 450, rig, "absolute-far-\(tag)")
            #expect(
                far.map { abs($0.x + $0.width / 2 - 900) <= 2 && abs($0.y + $0.height / 2 - 450) <= 2 } ?? false,
                "nothing drawn centred on (900, 450): \(String(describing: far)); log: \(rig.pointer.log)")
            // …a small one, as a tablet pen reports…
            try rig.xdo.run("mousemove", "930", "470")
            let near = Self.drawn(at: 930, 470, rig, "absolute-near-\(tag)")
            #expect(
                near.map { abs($0.x + $0.width / 2 - 930) <= 2 && abs($0.y + $0.height / 2 - 470) <= 2 } ?? false,
                "nothing drawn centred on (930, 470): \(String(describing: near))")
            // …and relative motion from there.
            try rig.xdo.run("mousemove_relative", "--", "-40", "10")
            let moved = Self.drawn(at: 890, 480, rig, "absolute-relative-\(tag)")
            #expect(
                moved.map { abs($0.x + $0.width / 2 - 890) <= 2 && abs($0.y + $0.height / 2 - 480) <= 2 } ?? false,
                "nothing drawn centred on (890, 480): \(String(describing: moved)); real pointer at \(String(describing: rig.client.pointer())); log: \(rig.pointer.log)"
            )
        }

        @Test(
            "B12 a fast sweep of absolute placements never glides: the pointer stays where the device put it",
            arguments: [false])
        func absoluteSweepDoesNotGlide(composited: Bool) throws {
            let rig = try OverlayTests.rig(composited: composited, scene: "absolute")
            try runTool("xset", ["m", "1", "1"], display: rig.server.display)
            // 200 px in ~0.1 s (2000 px/s, far above the glide threshold), then the pen stops.
            var args: [String] = []
            for i in 0...10 { args += ["mousemove", "\(300 + 20 * i)", "450", "sleep", "0.01"] }
            try runTool("xdotool", args, display: rig.server.display)
            usleep(1_000_000) // an inferred lift and any glide would be over by now
            let p = rig.client.pointer()
            #expect(
                p.map { $0.x == 500 && $0.y == 450 } ?? false,
                "real pointer at \(String(describing: p)), expected (500, 450)")
            let drawn = Self.drawn(at: 500, 450, rig, "absolute-sweep")
            #expect(
                drawn.map { abs($0.x + $0.width / 2 - 500) <= 2 && abs($0.y + $0.height / 2 - 450) <= 2 } ?? false,
                "pointer not drawn on (500, 450): \(String(describing: drawn)); log: \(rig.pointer.log)")
        }
    }
}
