import Testing

@testable import X11Backend

/// A batch of raw motion read late is handed to the engine as the motion it
/// was made of, not one jump (B13: a flick read late must still glide).
@Suite("Raw motion steps")
struct RawMotionStepsTests {
    static let screen = (minX: 0.0, minY: 0.0, maxX: 1279.0, maxY: 799.0)

    static func flick(count: Int, every interval: Double, dx: Double, dy: Double, from t0: Double = 10)
        -> RawMotionSteps
    {
        var steps = RawMotionSteps()
        for i in 0..<count { steps.append(dx: dx, dy: dy, time: t0 + Double(i) * interval) }
        return steps
    }

    @Test("B13 a flick read in one late batch keeps where each step put the pointer, and when")
    func lateFlickKeepsItsSteps() {
        // Six steps of (12, −8) px, 10 ms apart, ending at (456, 356).
        let steps = Self.flick(count: 6, every: 0.010, dx: 12, dy: -8)
        let samples = steps.samples(endingAt: (456, 356), time: 10.050, within: Self.screen)
        #expect(samples.count == 6)
        #expect(samples.last == .init(x: 456, y: 356, time: 10.050))
        #expect(samples.first == .init(x: 396, y: 396, time: 10.000))
        // Constant speed, as the hand moved: 1442 px/s between any two samples.
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(abs(b.time - a.time - 0.010) < 1e-9 && b.x - a.x == 12 && b.y - a.y == -8)
        }
    }

    @Test("B6 motion read in time (a frame's worth) is one sample, where the pointer is now")
    func timelyBatchIsOneSample() {
        let steps = Self.flick(count: 4, every: 0.004, dx: 3, dy: 1)
        #expect(
            steps.samples(endingAt: (100, 100), time: 10.012, within: Self.screen) == [
                .init(x: 100, y: 100, time: 10.012)
            ])
        // A single step, however late, is one sample too.
        let one = Self.flick(count: 1, every: 0, dx: 3, dy: 1)
        #expect(one.samples(endingAt: (100, 100), time: 10.5, within: Self.screen).count == 1)
    }

    @Test("B13 a 1000 Hz mouse's late batch is thinned to samples 8 ms apart, the newest kept")
    func fastMouseIsThinned() {
        let steps = Self.flick(count: 60, every: 0.001, dx: 2, dy: 0)
        let samples = steps.samples(endingAt: (600, 300), time: 10.059, within: Self.screen)
        #expect(samples.count <= RawMotionSteps.maxSamples && samples.count >= 7)
        #expect(samples.last?.time == 10.059)
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(b.time - a.time >= RawMotionSteps.spacing - 1e-9)
            // Each position is the end less the steps after it: 2 px a millisecond.
            #expect(abs((b.x - a.x) - (b.time - a.time) * 2000) < 1e-6)
        }
    }

    @Test("B6 a pointer pushed against the monitor's edge is never placed off it")
    func clampedAtTheEdge() {
        // The hand kept going left after the pointer reached x = 0.
        let steps = Self.flick(count: 6, every: 0.010, dx: -30, dy: 0)
        let samples = steps.samples(endingAt: (0, 200), time: 10.050, within: Self.screen)
        #expect(samples.count == 6)
        #expect(samples.allSatisfy { $0.x >= 0 && $0.x <= 1279 && $0.y == 200 })
        #expect(samples.first?.x == 150)
    }

    @Test("B6 a long stall keeps only the newest steps")
    func boundedStorage() {
        let steps = Self.flick(count: 500, every: 0.004, dx: 1, dy: 0)
        #expect(steps.steps.count == RawMotionSteps.capacity)
        #expect(steps.steps.last?.time == 10 + 499 * 0.004)
    }
}
