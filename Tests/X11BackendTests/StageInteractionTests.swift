import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// E25/E26/E27 through real X input: wheel scroll acts on the region under the
    /// pointer, button 3 and ctrl+button 1 open its menu at once, Escape closes it.
    @Suite("X11 stage interactions", .serialized)
    struct StageInteractionTests {
        static let red: UInt32 = 0xE02020

        /// Vertical extent of the red row inside the list (x = 250).
        static func redRows(_ shot: Screenshot) -> ClosedRange<Int>? {
            let ys = (400..<680).filter { Screenshot.distance(shot.at(250, $0), red) < 30 }
            guard let a = ys.min(), let b = ys.max() else { return nil }
            return a...b
        }

        @Test("E25 the wheel scrolls the region under the pointer")
        func wheelScrolls() throws {
            let rig = try StageTests.rig()
            try rig.xdo.moveTo(250, 600, client: rig.client)
            let before = try #require(rig.client.settledScreenshot(after: 0.4))
            let rowBefore = try #require(Self.redRows(before), "red row not drawn")
            // The list starts at the top of its content: wheel-down (button 5) must
            // bring later rows up, as in every Linux app; wheel-up then brings it back.
            for _ in 0..<3 { try rig.xdo.run("click", "5") }
            let down = try #require(rig.client.settledScreenshot(after: 0.8))
            OverlayTests.save(down, "stage-scrolled-5")
            let rowDown = Self.redRows(down)
            #expect(
                rowDown.map { $0.lowerBound < rowBefore.lowerBound } ?? true,
                "wheel-down should move the red row up from \(rowBefore), it is at \(String(describing: rowDown))")
            for _ in 0..<3 { try rig.xdo.run("click", "4") }
            let up = try #require(rig.client.settledScreenshot(after: 0.8))
            #expect(Self.redRows(up) == rowBefore, "wheel-up should bring the red row back to \(rowBefore)")

        }

        /// Pixels in the area below-right of the tile's centre that differ between two shots.
        static func changed(_ a: Screenshot, _ b: Screenshot) -> Int {
            var n = 0
            for y in 240..<460 { for x in 640..<900 where Screenshot.distance(a.at(x, y), b.at(x, y)) > 30 { n += 1 } }
            return n
        }

        @Test("E26 button 3 and ctrl+button 1 open the context menu at once; Escape closes it")
        func secondaryClickOpensMenu() throws {
            let rig = try StageTests.rig()
            try rig.xdo.moveTo(660, 260, client: rig.client)
            let rest = try #require(rig.client.settledScreenshot(after: 0.8))
            try rig.xdo.run("click", "3")
            let menu = try #require(rig.client.screenshot { Self.changed(rest, $0) > 2000 })
            OverlayTests.save(menu, "stage-menu")
            #expect(Self.changed(rest, menu) > 2000, "no menu drawn after button 3")
            try rig.xdo.run("key", "Escape")
            let closed = try #require(rig.client.screenshot { Self.changed(rest, $0) < 200 })
            #expect(Self.changed(rest, closed) < 200, "menu still shown after Escape")
            try rig.xdo.run("keydown", "ctrl")
            usleep(200_000)
            try rig.xdo.run("click", "1")
            try rig.xdo.run("keyup", "ctrl")
            let again = try #require(rig.client.screenshot { Self.changed(rest, $0) > 2000 })
            OverlayTests.save(again, "stage-menu-ctrl-click")
            #expect(Self.changed(rest, again) > 2000, "no menu drawn after ctrl+click")
        }
    }
}
