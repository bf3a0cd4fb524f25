/// When one surface draws its next frame, by its `FramePacing`, from what its
/// `DeadlineEstimator` learnt of the display. Shared by the overlay session
/// and `bench latency`'s simulation, so the bench measures what runs.
///
/// Deadline pacing draws up to two frames per repaint: the first input after
/// a repaint is drawn at once (so the coming repaint has a frame whatever
/// happens), and later input is drawn again `margin` before the repaint,
/// with the freshest input. Waiting for the deadline can therefore never
/// cost a repaint: a late deadline frame only means the early one is shown.
/// Input past the deadline is drawn at once too: it may still make the
/// repaint, and if not it is shown at the next, as it would be after waiting.
///
/// Input pacing draws every input at once. An animation frame due while the
/// hand moves waits for the next input, whose frame carries the animation
/// too, until the coming repaint's deadline; so a moving pointer over an
/// animating stage costs a frame per input, not one more per repaint.
public struct FramePlanner: Sendable {
    public enum Decision: Sendable, Equatable {
        /// Draw now, for the repaint at `refresh` (nil: not known). `planned`:
        /// a deadline draw, whose outcome (made the repaint or not) adapts the
        /// margin; frames drawn at once aim early on purpose and teach nothing.
        case draw(refresh: Double?, planned: Bool = false)
        /// Not yet: until `until` (nil: until a frame callback or a free buffer).
        case wait(until: Double?)
    }

    public var pacing: FramePacing
    public var timing: DeadlineEstimator
    /// The deadline draw planned: when, and for which repaint.
    public private(set) var plan: (drawAt: Double, refresh: Double)?
    /// The repaint the last frame was drawn for.
    public private(set) var lastAimed: Double?
    /// A draw this close to its planned time is on time (timer wake-up slack, s).
    public static let onTime = 0.0002
    /// When input last asked for a frame, and the recent gaps between inputs
    /// (a gap longer than `strokeGap` ends a stroke and is not kept).
    public private(set) var lastInput: Double?
    private var inputGaps: [Double] = []
    public static let strokeGap = 0.05

    public init(pacing: FramePacing, timing: DeadlineEstimator) {
        self.pacing = pacing
        self.timing = timing
    }

    /// Something needs drawing at `now`. `byInput`: new input (not only an
    /// animation); `awaitingFrame`: a frame callback is outstanding.
    public mutating func decide(now: Double, byInput: Bool, awaitingFrame: Bool) -> Decision {
        switch pacing {
        case .frameCallback:
            return awaitingFrame ? .wait(until: nil) : .draw(refresh: timing.likelyRefresh(forDrawAt: now))
        case .onInput:
            if byInput {
                noteInput(at: now)
                return .draw(refresh: timing.likelyRefresh(forDrawAt: now))
            }
            if awaitingFrame { return .wait(until: nil) }
            if let p = plan { return planned(p, now: now) }
            // The hand is moving: the next input is expected before the deadline
            // and its frame will carry the animation; wait for it until then.
            if let next = timing.schedule(now: now), let expected = nextInputExpected, expected >= now,
                expected <= next.drawAt
            {
                if now + Self.onTime >= next.drawAt { return .draw(refresh: next.refresh, planned: true) }
                plan = next
                return .wait(until: next.drawAt)
            }
            return .draw(refresh: timing.likelyRefresh(forDrawAt: now))
        case .deadline:
            if let p = plan { return planned(p, now: now) }
            guard let next = timing.schedule(now: now) else { return .draw(refresh: nil) }
            // An animation frame waits for the callback of the last one.
            if !byInput && awaitingFrame { return .wait(until: nil) }
            if let lastAimed, abs(lastAimed - next.refresh) < timing.period / 2 {
                // The coming repaint has a frame: draw it again at the deadline, fresher.
                if now + Self.onTime >= next.drawAt { return .draw(refresh: next.refresh, planned: true) }
                plan = next
                return .wait(until: next.drawAt)
            }
            // The first input for this repaint, or input past the deadline of
            // the one before (which may still make it): at once.
            return .draw(refresh: timing.likelyRefresh(forDrawAt: now) ?? next.refresh)
        }
    }

    /// The planned draw at `p.drawAt`: wait for it, or draw now for its repaint.
    private func planned(_ p: (drawAt: Double, refresh: Double), now: Double) -> Decision {
        if now + Self.onTime < p.drawAt { return .wait(until: p.drawAt) }
        // Woken late but before the repaint: still for that repaint.
        return now < p.refresh
            ? .draw(refresh: p.refresh, planned: true) : .draw(refresh: timing.likelyRefresh(forDrawAt: now))
    }

    private mutating func noteInput(at now: Double) {
        let gap = lastInput.map { now - $0 } ?? .infinity
        if gap >= Self.strokeGap { inputGaps.removeAll() }
        if gap > 0, gap < Self.strokeGap {
            inputGaps.append(gap)
            if inputGaps.count > 8 { inputGaps.removeFirst() }
        }
        lastInput = max(lastInput ?? now, now)
    }

    /// When the next input is expected while the hand moves: 1.5 typical gaps
    /// after the last (nil before a stroke has two inputs).
    public var nextInputExpected: Double? {
        guard let last = lastInput, let gap = Percentile.nearestRank(inputGaps, 50) else { return nil }
        return last + 1.5 * gap
    }

    /// A frame was drawn and committed for `refresh`, taking `seconds`.
    public mutating func drew(for refresh: Double?, taking seconds: Double) {
        plan = nil
        lastAimed = refresh
        timing.observeDraw(taking: seconds)
    }

    /// Nothing needed drawing after all.
    public mutating func nothingToDraw() { plan = nil }
}
