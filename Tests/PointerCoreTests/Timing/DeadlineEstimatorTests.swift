import Testing

@testable import LatencyModel
@testable import PointerCore

/// Frame timing: the repaint clock and the safety margin are learnt from what the display reports.
@Suite struct DeadlineEstimatorTests {
    @Test(
        "learns a 144 Hz repaint clock from callbacks, skipped repaints and jitter included; predicts the next repaint")
    func learnsClock() {
        var e = DeadlineEstimator(nominalPeriod: nil)
        let period = 1.0 / 144
        let noise = SeededNoise(seed: 7)
        var k = 0
        for i in 0..<60 {
            k += i % 7 == 3 ? 2 : 1 // now and then no frame was drawn: no callback
            e.observeRefresh(at: 10 + Double(k) * period + 0.0003 * noise.signed(i))
        }
        #expect(abs(e.period - period) < 0.0001, "period \(e.period)")
        let now = 10 + Double(k) * period + 0.002
        let next = try! #require(e.nextRefresh(after: now))
        #expect(abs(next - (10 + Double(k + 1) * period)) < 0.0008, "next \(next)")
    }

    @Test("the nominal mode rate seeds the period until repaints are seen")
    func nominal() {
        let e = DeadlineEstimator(nominalPeriod: 1.0 / 120)
        #expect(e.period == 1.0 / 120)
        #expect(e.nextRefresh(after: 0) == nil, "no phase without a repaint")
        #expect(e.schedule(now: 0) == nil, "unknown phase: draw at once")
    }

    @Test("draws are planned the margin before the repaint; the margin follows draw times and misses")
    func margin() {
        var e = DeadlineEstimator(nominalPeriod: 1.0 / 60)
        for i in 0..<10 { e.observeRefresh(at: Double(i) / 60) }
        for _ in 0..<20 { e.observeDraw(taking: 0.001) }
        let base = e.margin
        #expect(abs(base - (0.001 + e.tuning.safety)) < 1e-9)
        let plan = try! #require(e.schedule(now: 9.5 / 60))
        #expect(abs(plan.refresh - 10.0 / 60) < 1e-9)
        #expect(abs(plan.drawAt - (plan.refresh - base)) < 1e-9)
        // A frame that landed a repaint late grows the margin; made ones shrink it back.
        e.observeOutcome(aimedAt: 10.0 / 60, seenAt: 11.0 / 60)
        #expect(e.misses == 1 && e.margin > base)
        let recovered = Int((e.tuning.missPenalty / e.tuning.recovery).rounded(.up)) + 1
        for _ in 0..<recovered { e.observeOutcome(aimedAt: 1, seenAt: 1.0005) }
        #expect(abs(e.margin - base) < 1e-9)
        // Never more than most of a period.
        for _ in 0..<100 { e.observeOutcome(aimedAt: 0, seenAt: 1) }
        #expect(e.margin <= e.period * e.tuning.maxMarginFraction + 1e-12)
    }

    @Test("after the display has idled the phase is stale: draw at once")
    func stale() {
        var e = DeadlineEstimator(nominalPeriod: 1.0 / 60)
        for i in 0..<10 { e.observeRefresh(at: Double(i) / 60) }
        #expect(e.nextRefresh(after: 0.2) != nil)
        #expect(e.nextRefresh(after: 2) == nil)
    }
}
