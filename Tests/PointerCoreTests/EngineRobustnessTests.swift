import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

/// Random input never breaks the engine: frames stay finite and in range, and
/// once input stops the engine settles and asks for no more wake-ups.
@Suite struct EngineRobustnessTests {
    static func randomEvent(_ t: Double, _ rng: inout SeededRandom) -> InputEvent {
        let phases = GesturePhase.allCases
        switch Int.random(in: 0..<14, using: &rng) {
        case 0:
            return InputEvent(
                time: t,
                .position(Point(x: .random(in: -50...1350, using: &rng), y: .random(in: -50...850, using: &rng))))
        case 1...5:
            return InputEvent(
                time: t, .motion(dx: .random(in: -30...30, using: &rng), dy: .random(in: -30...30, using: &rng)))
        case 6: return InputEvent(time: t, .lift)
        case 7: return InputEvent(time: t, .hold(phases.randomElement(using: &rng)!))
        case 8:
            return InputEvent(
                time: t,
                .button(
                    PointerButton.allCases.randomElement(using: &rng)!, ButtonState.allCases.randomElement(using: &rng)!
                ))
        case 9:
            return InputEvent(
                time: t,
                .scroll(
                    dx: .random(in: -40...40, using: &rng), dy: .random(in: -40...40, using: &rng), source: .finger,
                    phase: nil))
        case 10:
            return InputEvent(
                time: t,
                .pinch(
                    phase: phases.randomElement(using: &rng)!, scale: .random(in: 0.1...5, using: &rng),
                    rotation: .random(in: -90...90, using: &rng)))
        case 11:
            return InputEvent(time: t, .modifiers(Set(ModifierKey.allCases.filter { _ in Bool.random(using: &rng) })))
        case 12: return InputEvent(time: t, .key("escape"))
        default: return InputEvent(time: t, .leave)
        }
    }

    static func check(_ f: PointerFrame) -> Bool {
        let numbers =
            [
                f.pointer.x, f.pointer.y, f.visible.frame.minX, f.visible.frame.minY, f.visible.frame.width,
                f.visible.frame.height, f.visible.cornerRadius, f.visible.scale,
            ]
            + f.regions.values.flatMap { [$0.offset.x, $0.offset.y, $0.scale, $0.rotation, $0.opacity, $0.emphasis] }
        return numbers.allSatisfy(\.isFinite) && (0...1).contains(f.visible.opacity)
            && f.visible.frame.width >= 0 && f.visible.frame.height >= 0
    }

    @Test("random traces on the demo scene: finite frames, opacity in 0…1, the engine settles afterwards")
    func randomTraces() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/engine-demo", withExtension: "json"))
        let scene = try SceneLoader.load(path: url.path)
        for seed in 1...20 as ClosedRange<UInt64> {
            var rng = SeededRandom(seed: seed)
            let engine = PointerEngine(scene: scene)
            var t = 0.0
            for _ in 0..<400 {
                t += Double.random(in: 0...0.03, using: &rng)
                engine.handle(Self.randomEvent(t, &rng))
                if Bool.random(using: &rng) {
                    let f = engine.frame(at: t)
                    #expect(Self.check(f), "seed \(seed) t \(t): \(f)")
                }
            }
            // Release everything, then let it settle.
            engine.handle(InputEvent(time: t + 0.01, .button(.primary, .released)))
            engine.handle(InputEvent(time: t + 0.02, .key("escape")))
            engine.handle(InputEvent(time: t + 0.03, .pinch(phase: .end, scale: 1, rotation: 0)))
            var time = t + 0.03
            var steps = 0
            while let wake = engine.nextWakeTime(after: time), steps < 10_000 {
                time = max(wake, time + 1.0 / 60)
                #expect(Self.check(engine.frame(at: time)))
                steps += 1
            }
            #expect(engine.nextWakeTime(after: time) == nil, "seed \(seed) never settled")
            #expect(time - t < 15)
        }
    }

    @Test("absurd magnitudes (1e308 motion, scroll, pinch, position) never leave the pointer stuck at NaN")
    func absurdMagnitudes() throws {
        // With and without a canvas (without one nothing clamps the pointer to it).
        let zoom =
            ##"{"id":"m","frame":[0,0,500,500],"zoom":{"min":0.5,"max":4,"rotate":true},"scroll":{"contentSize":[1000,1000]},"regions":[{"id":"k","frame":[10,10,40,40],"effect":"lift","content":{"fill":"#ff0000"}}]},{"id":"free","frame":[600,0,100,100],"scroll":{"contentSize":[1e6,1e6]}}"##
        for sceneJSON in [EngineFixture.sceneJSON(zoom), "{\"version\":1,\"regions\":[\(zoom)]}"] {
            let frames = try EngineFixture.replay(
                sceneJSON,
                """
                {"t":0,"type":"position","x":100,"y":100}
                {"t":0.01,"type":"motion","dx":1e300,"dy":1e300}
                {"t":0.02,"type":"motion","dx":1.7e308,"dy":-1.7e308}
                {"t":0.03,"type":"lift"}
                {"t":0.5,"type":"position","x":1e308,"y":-1e308}
                {"t":0.6,"type":"position","x":650,"y":50}
                {"t":0.61,"type":"scroll","dx":1.7e308,"dy":1.7e308}
                {"t":0.62,"type":"scroll","dx":1.7e308,"dy":1.7e308}
                {"t":0.7,"type":"position","x":100,"y":100}
                {"t":0.71,"type":"pinch","phase":"begin","scale":1,"rotation":0}
                {"t":0.72,"type":"pinch","phase":"update","scale":1.7e308,"rotation":1.7e308}
                {"t":0.73,"type":"pinch","phase":"end","scale":1.7e308,"rotation":1.7e308}
                {"t":0.74,"type":"pinch","phase":"begin","scale":1,"rotation":0}
                {"t":0.75,"type":"pinch","phase":"end","scale":1,"rotation":1.7e308}
                {"t":1.0,"type":"position","x":30,"y":30}
                """, fps: 50)
            for f in frames { #expect(Self.check(f), "\(f)") }
            // The pointer still answers to input.
            #expect(frames.at(0.6).pointer == Point(x: 650, y: 50))
            #expect(frames.at(1.0).pointer == Point(x: 30, y: 30))
        }
    }
}
