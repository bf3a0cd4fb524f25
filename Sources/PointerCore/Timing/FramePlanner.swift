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
            if !byInput && awaitingFrame { return .wait(until: nil) }
            return .draw(refresh: timing.likelyRefresh(forDrawAt: now))
        case .deadline:
            if let p = plan {
                if now + Self.onTime < p.drawAt { return .wait(until: p.drawAt) }
                // Woken late but before the repaint: still for that repaint.
                return now < p.refresh ? .draw(refresh: p.refresh, planned: true) : .draw(refresh: timing.likelyRefresh(forDrawAt: now))
            }
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

    /// A frame was drawn and committed for `refresh`, taking `seconds`.
    public mutating func drew(for refresh: Double?, taking seconds: Double) {
        plan = nil
        lastAimed = refresh
        timing.observeDraw(taking: seconds)
    }

    /// Nothing needed drawing after all.
    public mutating func nothingToDraw() { plan = nil }
}
