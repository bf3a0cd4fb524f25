import Testing

@testable import LatencyModel
@testable import PointerCore
@testable import SceneFormat

/// `bench latency`'s simulation: deterministic, and what it shows about pacing and prediction.
@Suite struct LatencySimulationTests {
    static func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(v.count, 1)) }

    static func run(
        _ motion: SyntheticMotion, rate: Double = 60, pacing: FramePacing, prediction: Bool, seed: UInt64 = 1
    ) throws
        -> LatencySimulation.Result
    {
        let scene = try SceneLoader.load(text: SyntheticMotion.sceneJSON, file: "synthetic")
        return LatencySimulation.run(
            scene: scene, events: motion.events(seed: seed, duration: 4),
            setup: LatencySimulation.Setup(refreshRate: rate, pacing: pacing, prediction: prediction))
    }

    @Test("the same setup gives the same figures")
    func deterministic() throws {
        let a = try Self.run(.strokes, pacing: .deadline, prediction: true)
        let b = try Self.run(.strokes, pacing: .deadline, prediction: true)
        #expect(a.motionToPresent == b.motionToPresent && a.error == b.error && a.overshoot == b.overshoot)
        let c = try Self.run(.strokes, pacing: .deadline, prediction: true, seed: 2)
        #expect(c.error != a.error)
    }

    @Test(
        "drawing on input or at the deadline shows motion within a refresh + 3 ms (p99), missing few deadlines",
        arguments: [60.0, 120.0, 144.0])
    func pacing(rate: Double) throws {
        let period = 1 / rate
        for pacing in [FramePacing.onInput, .deadline] {
            let r = try Self.run(.circles, rate: rate, pacing: pacing, prediction: false)
            let p99 = try #require(Percentile.nearestRank(r.motionToPresent, 99))
            #expect(p99 <= period + 0.003, "\(pacing) p99 \(p99 * 1000) ms at \(rate) Hz")
            #expect(r.missed * 100 <= r.draws, "\(pacing): \(r.missed) of \(r.draws) missed")
        }
    }

    @Test("one frame per callback trails input by about two refreshes when input outpaces the display")
    func callbackTrails() throws {
        let input = try Self.run(.circles, rate: 60, pacing: .onInput, prediction: false)
        let callback = try Self.run(.circles, rate: 60, pacing: .frameCallback, prediction: false)
        let slow = try #require(Percentile.nearestRank(callback.motionToPresent, 50))
        let fast = try #require(Percentile.nearestRank(input.motionToPresent, 50))
        #expect(slow > fast + 1.0 / 120, "callback p50 \(slow * 1000) ms vs input \(fast * 1000) ms")
    }

    @Test(
        "prediction at least halves the mean drawn-vs-true error on hand motion, overshooting stops by at most 1 pt",
        arguments: [SyntheticMotion.strokes, .zigzag, .circles])
    func prediction(motion: SyntheticMotion) throws {
        for pacing in [FramePacing.deadline, .onInput] {
            let off = try Self.run(motion, pacing: pacing, prediction: false)
            let on = try Self.run(motion, pacing: pacing, prediction: true)
            #expect(
                Self.mean(on.error) * 2 <= Self.mean(off.error),
                "\(motion) \(pacing): mean error \(Self.mean(on.error)) with prediction, \(Self.mean(off.error)) without"
            )
            #expect((on.overshoot.max() ?? 0) <= 1, "\(motion) \(pacing): overshoot \(on.overshoot.max() ?? 0) pt")
            #expect(off.overshoot.allSatisfy { $0 <= 0.01 }, "an exact pointer trails, it never overshoots")
        }
    }

    @Test("stops and reversals are found; a flick that glides on is no stop")
    func turns() throws {
        let scene = try SceneLoader.load(text: SyntheticMotion.sceneJSON, file: "synthetic")
        let zig = MotionTruth(scene: scene, events: SyntheticMotion.zigzag.events(seed: 1, duration: 4)).turns()
        #expect(zig.filter(\.isReversal).count >= 12)
        let halts = MotionTruth(scene: scene, events: SyntheticMotion.halts.events(seed: 1, duration: 4)).turns()
        #expect(halts.filter { !$0.isReversal }.count >= 6)
        // With inertia on, a flick glides after the lift: the pointer does not stop where the hand did.
        let gliding = try EngineFixture.scene(
            EngineFixture.sceneJSON("", pointer: "\"inertia\":true,\"autoHideDelay\":0"))
        var events = [InputEvent(time: 0, .position(Point(x: 100, y: 100)))]
        for i in 1...20 { events.append(InputEvent(time: Double(i) * 0.008, .motion(dx: 10, dy: 0))) }
        events.append(InputEvent(time: 0.17, .lift))
        #expect(MotionTruth(scene: gliding, events: events).turns().isEmpty)
    }
}
