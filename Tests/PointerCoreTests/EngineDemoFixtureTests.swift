import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat

/// The engine demo (Fixtures/engine-demo.json + .jsonl) replayed end to end: each
/// behaviour it shows is checked in the frames `replay` would dump.
@Suite struct EngineDemoFixtureTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return url.path
    }

    static func frames() throws -> [PointerFrame] {
        let scene = try SceneLoader.load(path: try fixture("engine-demo.json"))
        let events = try TraceReader.read(path: try fixture("engine-demo.jsonl"))
        var out: [PointerFrame] = []
        Replay.frames(scene: scene, events: events, fps: 30) { out.append($0) }
        return out
    }

    @Test(
        "demo: toolbar snapping and morphing, I-beam lines, flick to the control ahead, auto-hide, menu, pinch, modifier shape"
    )
    func demoShowsEachBehaviour() throws {
        let frames = try Self.frames()
        // A2: the toolbar is crossed button by button without falling back to the circle.
        let toolbar = frames.between(0.4, 1.9)
        #expect(toolbar.allSatisfy { $0.visible.kind == .roundedRect && $0.target != nil })
        var visited: [String] = []
        for f in toolbar { if let t = f.target, visited.last != t { visited.append(t) } }
        #expect(visited == ["back", "forward", "share"])
        // A3: the I-beam sits on 22 pt lines (tops at 140 + 22k) once each step settles.
        let beams = frames.between(2.4, 6.2).filter { $0.visible.kind == .verticalBeam }
        #expect(beams.count > 50)
        let settledTops = Set(beams.map { ($0.visible.frame.minY * 10).rounded() / 10 }).filter {
            ($0 - 140).truncatingRemainder(dividingBy: 22) == 0
        }
        #expect(settledTops.count >= 5)
        // B10: auto-hide during the 2.2 s rest, then back on motion.
        #expect(frames.between(5, 6.5).contains { $0.hidden })
        #expect(frames.at(6.7).visible.opacity > 0.5)
        // B13: the flick lands on "ahead", never on the nearer "behind".
        #expect(!frames.contains { $0.target == "behind" })
        #expect(frames.between(7.2, 8.0).contains { $0.target == "ahead" && $0.effect == .lift })
        // E26: the menu of "ahead" opens at once and a click closes it.
        let menuFrames = frames.filter { $0.menu != nil }
        #expect(menuFrames.first?.menu?.items == ["Play", "Share…", "Remove"])
        #expect(frames.last!.menu == nil)
        // E25: the pinch keeps the map point under the pointer within 0.5 pt.
        let pinched = try #require(frames.last(where: { $0.regions["map"] != nil })?.regions["map"])
        #expect(abs(pinched.scale - 1.8) < 1e-9 && abs(pinched.rotation - 20) < 1e-9)
        let origin = Point(x: 700, y: 100)
        let pointer = Point(x: 960, y: 320)
        let drawn = RegionTransform(offset: pinched.offset, scale: pinched.scale, rotation: pinched.rotation)
            .apply(pointer - origin, origin: origin)
        #expect(drawn.distance(to: pointer) < 0.5)
        // E27: shift shows the horizontal arrows.
        #expect(frames.contains { $0.visible.name == "arrows-horizontal" })
        // The replay ends hidden and idle.
        #expect(frames.last!.hidden)
    }
}
