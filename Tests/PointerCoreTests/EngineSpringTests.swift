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
            var a = Spring(0, parameters: p), b = Spring(0, parameters: p)
            a.target = 100; b.target = 100
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
            for _ in 0..<600 { s.step(1.0 / 120); peak = max(peak, s.value) }
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
}
