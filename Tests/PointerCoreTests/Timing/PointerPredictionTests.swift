import Testing

@testable import PointerCore

/// Prediction applies only while the pointer moves freely; snapping and morphs stay exact.
@Suite struct PointerPredictionTests {
    static let scene = EngineFixture.sceneJSON(
        """
        {"id":"button","frame":[600,300,60,40],"effect":"highlight"}
        """, pointer: "\"autoHideDelay\":0")

    /// Moves right at 800 pt/s from x0, reports every 8 ms, for `duration` s.
    static func drive(_ prediction: inout PointerPrediction, _ engine: PointerEngine, from x0: Double, duration: Double)
        -> Double
    {
        prediction.handle(InputEvent(time: 0, .position(Point(x: x0, y: 320))), with: engine)
        var t = 0.0
        while t < duration {
            t += 0.008
            prediction.handle(InputEvent(time: t, .position(Point(x: x0 + 800 * t, y: 320))), with: engine)
        }
        return t
    }

    @Test("a freely moving pointer is drawn ahead, both the model point and the visible shape")
    func freeIsPredicted() throws {
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        var prediction = PointerPrediction()
        let t = Self.drive(&prediction, engine, from: 100, duration: 0.2)
        let exact = engine.frame(at: t + 0.001)
        let (drawn, free) = prediction.frame(of: engine, at: t + 0.001, presentAt: t + 0.017)
        #expect(free)
        #expect(drawn.pointer.x - exact.pointer.x > 10, "drawn \(drawn.pointer) exact \(exact.pointer)")
        #expect(abs((drawn.visible.frame.midX - exact.visible.frame.midX) - (drawn.pointer.x - exact.pointer.x)) < 1e-9)
        var off = PointerPrediction(enabled: false)
        let engine2 = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        _ = Self.drive(&off, engine2, from: 100, duration: 0.2)
        #expect(off.frame(of: engine2, at: t + 0.001, presentAt: t + 0.017).frame == engine2.frame(at: t + 0.001))
    }

    @Test("B7 a pointer snapped onto a control (and morphing into it) is drawn exactly")
    func snappedIsExact() throws {
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        var prediction = PointerPrediction()
        // Into the button at speed: it snaps and morphs.
        let t = Self.drive(&prediction, engine, from: 450, duration: 0.22)
        #expect(engine.frame(at: t).target == "button")
        for dt in [0.001, 0.05, 0.5] {
            let (drawn, free) = prediction.frame(of: engine, at: t + dt, presentAt: t + dt + 0.016)
            #expect(!free)
            #expect(drawn == engine.frame(at: t + dt))
        }
    }

    @Test("the pointer placed far away (a jump) is not extrapolated from the motion before it")
    func jumpsReset() throws {
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        var prediction = PointerPrediction()
        let t = Self.drive(&prediction, engine, from: 100, duration: 0.1)
        prediction.handle(InputEvent(time: t + 0.004, .position(Point(x: 100, y: 700))), with: engine)
        let (drawn, _) = prediction.frame(of: engine, at: t + 0.005, presentAt: t + 0.02)
        #expect(drawn.pointer == Point(x: 100, y: 700))
    }
}
