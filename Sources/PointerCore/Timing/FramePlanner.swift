/// When one surface draws its next frame, by its `FramePacing`, from what its
/// `DeadlineEstimator` learnt of the display. Shared by the overlay session
/// and `bench latency`'s simulation, so the bench measures what runs.
///
/// Deadline pacing draws up to two frames per repaint: the first input after
/// a repaint is drawn at once (so the coming repaint has a frame whatever
/// happens), and later input is drawn again `margin` before the repaint,
/// with the freshest input. Waiting for the deadline can therefore never
/// cost a repaint: a late deadline frame only means the early one is shown.
/// Input in the last `margin` before a repaint is drawn just after it.
public struct FramePlanner: Sendable {
    public enum Decision: Sendable, Equatable {
        /// Draw now, for the repaint at `refresh` (nil: not known).
        case draw(refresh: Double?)
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
    /// How long after a repaint its commits are surely taken (s).
    public static let afterRepaint = 0.0005

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
                return .draw(refresh: now < p.refresh ? p.refresh : timing.likelyRefresh(forDrawAt: now))
            }
            guard let next = timing.schedule(now: now) else { return .draw(refresh: nil) }
            // An animation frame waits for the callback of the last one.
            if !byInput && awaitingFrame { return .wait(until: nil) }
            let period = timing.period
            func aimed(at r: Double) -> Bool { lastAimed.map { abs($0 - r) < period / 2 } ?? false }
            if aimed(at: next.refresh) {
                // The coming repaint has a frame: draw it again at the deadline, fresher.
                if now + Self.onTime >= next.drawAt { return .draw(refresh: next.refresh) }
                plan = next
                return .wait(until: next.drawAt)
            }
            let previous = next.refresh - period
            if now < previous && aimed(at: previous) {
                // Past the deadline of a repaint that has a frame: a frame drawn
                // now would land in it. Draw the next one just after it.
                plan = (previous + Self.afterRepaint, next.refresh)
                return .wait(until: previous + Self.afterRepaint)
            }
            // The first input for this repaint: at once, so it has a frame whatever happens.
            return .draw(refresh: next.refresh)
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
