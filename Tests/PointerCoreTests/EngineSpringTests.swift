import Testing

@testable import PointerCore

/// docs/architecture.md: springs are stepped by an exact solver and ask for no frame at rest.
@Suite struct EngineSpringTests {
    static let all: [SpringParameters] = [
        SpringParameters(response: 0.3, dampingRatio: 0.5, restThreshold: 1e-4),
        SpringParameters(response: 0.3, dampingRatio: 1, restThreshold: 1e-4),
        SpringParameters(response: 0.3, dampingRatio: 1.6, restThreshold: 1e-4),
    ]

    @Test("one big step equals many small ones (closed form, frame-rate independent)")
    func exactStepping() {
        for p in Self.all {
            var a = Spring(0, parameters: p)
            var b = Spring(0, parameters: p)
            a.target = 100
            b.target = 100
            a.step(0.12)
            for _ in 0..<120 { b.step(0.001) }
            #expect(abs(a.value - b.value) < 1e-9)
            #expect(abs(a.velocity - b.velocity) < 1e-6)
        }
    }

    @Test("underdamped springs overshoot, critical and overdamped ones never do; all come to rest exactly on target")
    func shapesAndRest() {
        var peaks: [Double] = []
        for p in Self.all {
            var s = Spring(0, parameters: p)
            s.target = 100
            var peak = 0.0
            for _ in 0..<600 {
                s.step(1.0 / 120)
                peak = max(peak, s.value)
            }
            peaks.append(peak)
            #expect(s.isAtRest)
            #expect(s.value == 100 && s.velocity == 0)
        }
        #expect(peaks[0] > 100)
        #expect(peaks[1] <= 100 && peaks[2] <= 100)
    }

    @Test("a spring at rest stays untouched by steps")
    func restIsStable() {
        var s = Spring(42, parameters: Self.all[0])
        s.step(1)
        #expect(s.isAtRest && s.value == 42)
    }

    @Test("B10, C15, C16: a fade ends once what is left of it cannot show (half an 8-bit step), not frames later")
    func fadesEndWhenTheRestCannotShow() throws {
        // The pointer lifts the icon, hovers the card, leaves both, then auto-hides.
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"icon","frame":[300,100,120,120],"cornerRadius":27,"content":{"fill":"#FF9500"}},
            {"id":"card","frame":[700,400,200,200],"effect":{"hover":{"scale":1.05,"shadow":true}}}
            """, pointer: "\"autoHideDelay\":1")
        let trace = """
            {"t":0,"type":"position","x":360,"y":160}
            {"t":0.8,"type":"position","x":800,"y":500}
            {"t":1.6,"type":"position","x":600,"y":700}
            """
        let frames = try EngineFixture.run(scene, trace, fps: 60).frames
        /// Lengths of the runs of frames in which `value` is strictly between 0 and 1.
        func fades(_ value: (PointerFrame) -> Double) -> [Int] {
            var runs: [Int] = []
            var run = 0
            for f in frames {
                let v = value(f)
                if v > 0 && v < 1 {
                    run += 1
                } else if run > 0 {
                    runs.append(run)
                    run = 0
                }
            }
            return run > 0 ? runs + [run] : runs
        }
        // A 0.3 s fade is within half a step of its end after about 0.42 s: 26
        // frames at 60 Hz. Resting only at a quarter of that (1/2000, and a slow
        // enough velocity) took 30.
        let pointer = fades { $0.visible.opacity }
        let icon = fades { $0.regions["icon"]?.emphasis ?? 0 }
        let card = fades { $0.regions["card"]?.emphasis ?? 0 }
        #expect(pointer.count == 3, "\(pointer)") // out under the icon, back over the card, out when idle
        #expect(icon.count == 2 && card.count == 2, "\(icon) \(card)")
        for run in pointer + icon + card { #expect(run <= 26, "\(pointer) \(icon) \(card)") }
        #expect(frames.last?.hidden == true)
        #expect(frames.last?.regions.isEmpty == true)
    }
}
