import Testing

@testable import PointerCore

/// When a surface draws: the pacing's decisions on a learnt 60 Hz clock (repaints at k/60 s).
@Suite struct FramePlannerTests {
    static let period = 1.0 / 60

    /// A planner that has seen repaints at 0, 1/60, … 9/60 and draws taking `draw` s.
    static func planner(_ pacing: FramePacing, draw: Double = 0.0005, spikes: Int = 0) -> FramePlanner {
        var timing = DeadlineEstimator(nominalPeriod: period)
        for i in 0..<10 { timing.observeRefresh(at: Double(i) * period) }
        for i in 0..<20 { timing.observeDraw(taking: i < spikes ? 0.005 : draw) }
        return FramePlanner(pacing: pacing, timing: timing)
    }

    @Test("deadline: the first input after a repaint is drawn at once; later input waits for that repaint's deadline")
    func deadlineCoalesces() throws {
        var p = Self.planner(.deadline)
        let repaint = 10 * Self.period
        let first = p.decide(now: repaint - 0.012, byInput: true, awaitingFrame: false)
        guard case .draw(let aimed?, let planned) = first else {
            Issue.record("first input waited: \(first)")
            return
        }
        #expect(abs(aimed - repaint) < 1e-6 && !planned)
        p.drew(for: aimed, taking: 0.0005)
        let second = p.decide(now: repaint - 0.008, byInput: true, awaitingFrame: true)
        guard case .wait(let until?) = second else {
            Issue.record("second input drew at once: \(second)")
            return
        }
        #expect(until < repaint - p.timing.margin + 1e-6 && until > repaint - 0.008)
        // At the deadline it draws, for that repaint, and its outcome teaches the margin.
        #expect(p.decide(now: until, byInput: true, awaitingFrame: true) == .draw(refresh: repaint, planned: true))
    }

    @Test(
        "input pacing draws every input at once, even with a frame callback outstanding; an animation frame waits for it"
    )
    func inputPacing() {
        var p = Self.planner(.onInput)
        let now = 10 * Self.period - 0.010
        guard case .draw = p.decide(now: now, byInput: true, awaitingFrame: true) else {
            Issue.record("input waited")
            return
        }
        #expect(p.decide(now: now, byInput: false, awaitingFrame: true) == .wait(until: nil))
        var c = Self.planner(.frameCallback)
        #expect(c.decide(now: now, byInput: true, awaitingFrame: true) == .wait(until: nil))
    }

    @Test(
        "input pacing: while the hand moves, an animation frame waits for the next input until the repaint's deadline; with the hand still it is drawn at once"
    )
    func animationRidesOnInput() {
        var p = Self.planner(.onInput)
        let repaint = 11 * Self.period
        // A 125 Hz mouse: inputs 8 ms apart, each drawn at once.
        for t in stride(from: 10 * Self.period - 0.024, through: 10 * Self.period - 0.001, by: 0.008) {
            guard case .draw(let aimed, _) = p.decide(now: t, byInput: true, awaitingFrame: false) else {
                Issue.record("input at \(t) waited")
                return
            }
            p.drew(for: aimed, taking: 0.0005)
        }
        // The frame callback of repaint 10 asks for the animation's next frame.
        let callback = 10 * Self.period + 0.0003
        let wait = p.decide(now: callback, byInput: false, awaitingFrame: false)
        guard case .wait(let until?) = wait else {
            Issue.record("the animation frame drew at once: \(wait)")
            return
        }
        #expect(
            until > callback + 0.008 && until <= repaint - p.timing.margin + 1e-6,
            "waits until \(until), repaint \(repaint)")
        // No input came: at the deadline it is drawn for that repaint (judged, so the margin adapts).
        #expect(p.decide(now: until, byInput: false, awaitingFrame: false) == .draw(refresh: repaint, planned: true))
        // Input that comes first is drawn at once and carries the animation.
        var q = Self.planner(.onInput)
        for t in [10 * Self.period - 0.009, 10 * Self.period - 0.001] {
            _ = q.decide(now: t, byInput: true, awaitingFrame: false)
        }
        _ = q.decide(now: callback, byInput: false, awaitingFrame: false)
        guard case .draw(let aimed, _) = q.decide(now: callback + 0.006, byInput: true, awaitingFrame: false) else {
            Issue.record("the input waited for the animation's deadline")
            return
        }
        q.drew(for: aimed, taking: 0.0005)
        // A hand that stopped: the animation frame is drawn at once.
        #expect(
            q.decide(now: callback + 0.1, byInput: false, awaitingFrame: false)
                == .draw(refresh: p.timing.likelyRefresh(forDrawAt: callback + 0.1)))
    }

    @Test("a frame drawn at once just before a repaint aims at it, though a few slow draws widen the margin")
    func aimsEarly() throws {
        var p = Self.planner(.onInput, draw: 0.0005, spikes: 3)
        let repaint = 10 * Self.period
        #expect(p.timing.margin > 0.005, "the margin allows for the slow draws")
        guard case .draw(let aimed?, _) = p.decide(now: repaint - 0.002, byInput: true, awaitingFrame: false) else {
            Issue.record("no aim")
            return
        }
        // Aimed a repaint late but shown at this one, a moving pointer would be drawn a whole period ahead.
        #expect(abs(aimed - repaint) < 1e-6, "aimed at \(aimed), the repaint is at \(repaint)")
    }

    @Test("without a known phase (no repaint seen yet) input draws at once")
    func unknownPhase() {
        var p = FramePlanner(pacing: .deadline, timing: DeadlineEstimator(nominalPeriod: Self.period))
        #expect(p.decide(now: 5, byInput: true, awaitingFrame: false) == .draw(refresh: nil))
    }
}
