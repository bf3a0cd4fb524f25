import PointerCore
import Testing

@testable import PointerHost

/// A canvas's pacing: which reports teach its repaint clock, and when its
/// animation is drawn (the figures `run --stats` prints come from it).
@Suite struct CanvasPacingTests {
    @Test("frame callbacks teach the repaint clock until presentation feedback answers; then only its reports do")
    func presentationTakesOver() {
        var pacing = CanvasPacing(pacing: .deadline, nominalPeriod: nil)
        for i in 0..<8 { pacing.frameDone(at: Double(i) / 50) }
        #expect(abs(pacing.period - 0.02) < 1e-9)
        #expect(pacing.summary.hasPrefix("repaint every 20.0 ms (from frame callbacks)"))

        // A 100 Hz display's presentation reports take over, with its own period.
        for i in 0..<8 { pacing.presented(at: 1 + Double(i) / 100, refresh: 0.01, nominalPeriod: nil) }
        #expect(abs(pacing.period - 0.01) < 1e-9)
        // Callbacks 12 ms apart would each be a 12 ms sample of the clock; they no longer count.
        for i in 1...20 { pacing.frameDone(at: 1.07 + Double(i) * 0.012) }
        #expect(abs(pacing.period - 0.01) < 1e-9)
        #expect(pacing.summary.hasPrefix("repaint every 10.0 ms (from presentation feedback)"))
    }

    @Test("the animation is drawn by the first frame after each repaint; a held frame does not count as drawing it")
    func animationOncePerRepaint() {
        var pacing = CanvasPacing(pacing: .onInput, nominalPeriod: 1.0 / 60)
        #expect(pacing.animationAdvances(now: 0))
        pacing.drew(for: nil, taking: 0.001, at: 0, animation: true)
        #expect(!pacing.animationAdvances(now: 0.004))
        pacing.drew(for: nil, taking: 0.001, at: 0.004, animation: false)
        #expect(!pacing.animationAdvances(now: 0.008))
        pacing.frameDone(at: 0.010)
        #expect(pacing.animationAdvances(now: 0.011))
        pacing.drew(for: nil, taking: 0.001, at: 0.011, animation: true)
        #expect(!pacing.animationAdvances(now: 0.02))
        // Should reports stop coming, a period after the last animation frame.
        #expect(pacing.animationAdvances(now: 0.011 + 1.0 / 60))
    }
}
