import Testing

@testable import PointerCore
@testable import PointerTrace

/// docs/architecture.md: same scene + same trace = same frames; idle means no wake-ups.
@Suite struct EngineDeterminismTests {
    static let scene = EngineFixture.sceneJSON(
        """
        {"id":"bar","frame":[100,20,400,37],"effect":"none","regions":[
          {"id":"b1","frame":[0,0,37,37]},{"id":"b2","frame":[45,0,37,37]}]},
        {"id":"notes","frame":[100,100,600,220],"shape":{"verticalBeam":{}},"constrainedAxes":["vertical"],"snap":{"y":22}},
        {"id":"icon","frame":[800,100,120,120],"content":{"fill":"#FF9500"},"menu":["A","B"]}
        """)

    static var trace: String {
        var t = "{\"t\":0,\"type\":\"position\",\"x\":50,\"y\":50}\n"
        var time = 0.1
        for i in 0..<80 {
            t += "{\"t\":\(time),\"type\":\"motion\",\"dx\":\(Double(i % 7) - 1.5),\"dy\":\(Double(i % 5) - 1)}\n"
            time += 0.011
        }
        t += "{\"t\":\(time),\"type\":\"lift\"}\n"
        t += "{\"t\":\(time + 0.3),\"type\":\"button\",\"button\":\"secondary\",\"state\":\"pressed\"}\n"
        return t
    }

    @Test("determinism: the same scene and trace give identical frames and identical dumps")
    func sameFrames() throws {
        let a = try EngineFixture.replay(Self.scene, Self.trace)
        let b = try EngineFixture.replay(Self.scene, Self.trace)
        #expect(a == b)
        #expect(a.map(FrameDumpWriter.line) == b.map(FrameDumpWriter.line))
        #expect(a.count > 100)
    }

    @Test("results do not depend on how often frames are asked for (springs are exact)")
    func frameRateIndependent() throws {
        let a = try EngineFixture.replay(Self.scene, "{\"t\":0,\"type\":\"position\",\"x\":118,\"y\":38}", fps: 60)
        let b = try EngineFixture.replay(Self.scene, "{\"t\":0,\"type\":\"position\",\"x\":118,\"y\":38}", fps: 240)
        for t in [0.05, 0.1, 0.2, 0.5] {
            let fa = a.at(t).visible.frame
            let fb = b.at(t).visible.frame
            #expect(abs(fa.width - fb.width) < 1e-9 && abs(fa.midX - fb.midX) < 1e-9)
        }
    }

    @Test("idle: no wake-ups once settled; an inferred lift is announced by nextWakeTime")
    func idleWakeups() throws {
        let scene = try EngineFixture.scene(
            EngineFixture.sceneJSON("", pointer: "\"autoHideDelay\":0,\"liftDelay\":0.05"))
        let engine = PointerEngine(scene: scene)
        engine.handle(InputEvent(time: 0, .position(Point(x: 100, y: 100))))
        engine.handle(InputEvent(time: 0.01, .motion(dx: 1, dy: 0)))
        #expect(engine.nextWakeTime(after: 0.01) == 0.01 + 0.05)
        _ = engine.frame(at: 0.2)
        #expect(engine.nextWakeTime(after: 0.2) == nil)
        #expect(!engine.isAnimating)
    }

    @Test("hot reload keeps the pointer where it is and re-targets against the new scene")
    func hotReload() throws {
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        engine.handle(InputEvent(time: 0, .position(Point(x: 118, y: 38))))
        #expect(engine.frame(at: 0.5).target == "b1")
        let moved = Self.scene.replacingOccurrences(of: "\"id\":\"b1\"", with: "\"id\":\"renamed\"")
        engine.replace(scene: try EngineFixture.scene(moved))
        let f = engine.frame(at: 0.6)
        #expect(f.pointer == Point(x: 118, y: 38))
        #expect(f.target == "renamed")
    }
}
