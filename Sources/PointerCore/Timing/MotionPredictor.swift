/// Where a freely moving pointer will be when the frame being drawn reaches the
/// screen. A frame drawn from the newest input is seen one compositor repaint
/// later; meanwhile the hand moved on, so an exact pointer trails it. The
/// predictor extrapolates the recent motion to the frame's present time:
///
/// - velocity and acceleration from a least-squares fit of the samples in the
///   last `window` seconds (robust against one jittery timestamp);
/// - speeding up or steady: the velocity alone is extrapolated (never the
///   acceleration, which would amplify noise), times `gain` (damping);
/// - slowing down: the step stops where constant deceleration would bring the
///   hand to rest, so a hand that brakes to a stop is never overshot;
/// - reversing (the newest step points against the fitted velocity): nothing;
/// - no report for longer than the usual sample interval when drawing: the
///   step fades to zero over the next interval (the hand has stopped);
/// - at most `maxHorizon` ahead: past that, guessing costs more than it gains.
///
/// Pure and deterministic: time only ever comes in as an argument.
public struct MotionPredictor: Sendable {
    public struct Tuning: Sendable, Equatable {
        /// Samples this far (s) before the newest one feed the fit.
        public var window = 0.06
        /// Never predict further ahead than this (s).
        public var maxHorizon = 0.034
        /// Fraction of the extrapolated step applied: below 1, a wrong guess costs less.
        public var gain = 1.0
        /// Quiet for more than this many usual sample intervals: the hand is
        /// taken to have stopped (the step decays to zero over the next one).
        public var stallIntervals = 1.5
        /// While slowing down, how much of the distance constant deceleration
        /// would still carry the hand may be predicted (0: never past the newest sample).
        public var brakingReach = 0.1
        /// Steps below this speed (pt/s) are not worth predicting (sensor noise).
        public var minimumSpeed = 40.0
        /// The full `gain` applies from this speed up (pt/s), less below: slow
        /// motion gains little from prediction, and a slow hand often stops dead.
        public var fullSpeed = 300.0
        /// No prediction beyond this speed (pt/s): a jump, not a hand.
        public var maximumSpeed = 8000.0

        public init() {}
    }

    public var tuning: Tuning
    /// Newest last; at most `capacity`, all within `window` of the newest.
    private var samples: [(t: Double, p: Point)] = []
    private static let capacity = 24
    /// Samples closer in time than this are one report (a batch read at once).
    private static let sameReport = 0.0015

    public init(tuning: Tuning = Tuning()) { self.tuning = tuning }

    /// The pointer was at `p` at time `t` (its own motion: a device step).
    public mutating func add(_ p: Point, at t: Double) {
        guard p.x.isFinite, p.y.isFinite, t.isFinite else { return }
        if let last = samples.last {
            if t < last.t { return }
            if t - last.t < Self.sameReport {
                samples[samples.count - 1] = (last.t, p)
                return
            }
        }
        samples.append((t, p))
        let oldest = t - tuning.window
        if let i = samples.firstIndex(where: { $0.t >= oldest }), i > 0 { samples.removeFirst(i) }
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// The pointer jumped (placed, warped, snapped, left): the motion so far says nothing about what follows.
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// The newest sample (where an exact frame would draw the pointer).
    public var latest: Point? { samples.last?.p }

    /// Two or more samples of continuous motion (not just placed).
    public var isTracking: Bool { samples.count >= 2 }

    /// The displacement to add to the newest sample so the pointer is drawn
    /// where it will be at `presentTime`, for a frame drawn at `now`; zero
    /// without enough motion.
    public func offset(now: Double, presentAt presentTime: Double) -> Point {
        guard samples.count >= 2, let newest = samples.last, presentTime > newest.t,
            let fit = fit()
        else { return .zero }
        let interval = usualInterval()
        var horizon = Swift.min(presentTime - newest.t, tuning.maxHorizon)
        let speed = fit.velocity.length
        guard speed >= tuning.minimumSpeed, speed <= tuning.maximumSpeed else { return .zero }
        // The newest step turns back against the fit: a reversal has begun.
        let lastStep = newest.p - samples[samples.count - 2].p
        if lastStep.dot(fit.velocity) < 0 { return .zero }

        let direction = fit.velocity / speed
        let along = fit.acceleration.dot(direction)
        var step: Point
        if along < 0 {
            // Braking: never as far as constant deceleration would carry the hand
            // (a hand brakes harder as it nears its stop).
            horizon = Swift.min(horizon, speed / -along)
            let reach = speed * speed / (-2 * along) * tuning.brakingReach
            step = direction * Swift.min(speed * horizon + 0.5 * along * horizon * horizon, reach)
        } else {
            step = fit.velocity * horizon
        }
        let ramp = Swift.min(1, (speed - tuning.minimumSpeed) / Swift.max(tuning.fullSpeed - tuning.minimumSpeed, 1))
        step = step * (tuning.gain * ramp)
        // Silence when drawing: the hand has stopped unless a report is merely late.
        let silence = now - newest.t
        let stall = tuning.stallIntervals * interval
        if silence > stall {
            let fade = 1 - (silence - stall) / interval
            step = step * Swift.max(0, fade)
        }
        return step
    }

    /// From this time on the silence since the newest sample has faded any
    /// prediction to zero: a frame drawn then shows the pointer where the hand stopped.
    public var settleTime: Double? {
        guard samples.count >= 2, let newest = samples.last else { return nil }
        let interval = usualInterval()
        return newest.t + tuning.stallIntervals * interval + interval
    }

    /// The predicted point at `presentTime` (the newest sample when there is none to extrapolate).
    public func predicted(now: Double, presentAt presentTime: Double) -> Point? {
        latest.map { $0 + offset(now: now, presentAt: presentTime) }
    }

    /// Median spacing of the samples (s), at least 2 ms.
    func usualInterval() -> Double {
        guard samples.count >= 2 else { return 0.008 }
        var gaps: [Double] = []
        for i in 1..<samples.count { gaps.append(samples[i].t - samples[i - 1].t) }
        gaps.sort()
        return Swift.max(gaps[gaps.count / 2], 0.002)
    }

    /// Least-squares fit of p(τ) = c + v·τ + ½·a·τ², τ = t − t_newest: v and a at
    /// the newest sample. Three samples or fewer: a straight line (a = 0).
    func fit() -> (velocity: Point, acceleration: Point)? {
        guard let t0 = samples.last?.t else { return nil }
        let n = Double(samples.count)
        var s1 = 0.0
        var s2 = 0.0
        var s3 = 0.0
        var s4 = 0.0
        var px = 0.0
        var py = 0.0
        var ptx = 0.0
        var pty = 0.0
        var pt2x = 0.0
        var pt2y = 0.0
        for s in samples {
            let tau = s.t - t0
            let tau2 = tau * tau
            s1 += tau
            s2 += tau2
            s3 += tau2 * tau
            s4 += tau2 * tau2
            px += s.p.x
            py += s.p.y
            ptx += s.p.x * tau
            pty += s.p.y * tau
            pt2x += s.p.x * tau2
            pt2y += s.p.y * tau2
        }
        if samples.count >= 4 {
            // Normal equations for (c, v, a/2), solved by Cramer's rule.
            let m = [[n, s1, s2], [s1, s2, s3], [s2, s3, s4]]
            let det = Self.det3(m)
            if abs(det) > 1e-18 {
                func solve(_ b: [Double]) -> (v: Double, halfA: Double) {
                    let mv = [[m[0][0], b[0], m[0][2]], [m[1][0], b[1], m[1][2]], [m[2][0], b[2], m[2][2]]]
                    let ma = [[m[0][0], m[0][1], b[0]], [m[1][0], m[1][1], b[1]], [m[2][0], m[2][1], b[2]]]
                    return (Self.det3(mv) / det, Self.det3(ma) / det)
                }
                let x = solve([px, ptx, pt2x])
                let y = solve([py, pty, pt2y])
                return (Point(x: x.v, y: y.v), Point(x: 2 * x.halfA, y: 2 * y.halfA))
            }
        }
        let den = n * s2 - s1 * s1
        guard abs(den) > 1e-18 else { return nil }
        return (Point(x: (n * ptx - s1 * px) / den, y: (n * pty - s1 * py) / den), .zero)
    }

    private static func det3(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
