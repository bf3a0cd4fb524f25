import RealModule

/// Inertia (behaviour B12) and the glide magnetism uses (B13): after a flick
/// the model pointer keeps going with exponentially decaying velocity,
///     p(t) = p0 + (landing − p0) · (1 − e^(−t/τ)),   landing = p0 + v0·τ,
/// the same model as UIScrollView's deceleration (velocity × rate per ms). A
/// glide towards a magnetism target uses the same curve with `landing` = target.
public struct InertiaTuning: Sendable, Equatable {
    /// Velocity kept per millisecond. UIScrollView uses 0.998 ("normal", long
    /// glides for pages) and 0.99 ("fast"); a pointer should travel a few
    /// controls, not a page, so it sits between: τ ≈ 0.17 s, a 1200 pt/s flick
    /// glides ~200 pt.
    public var decelerationRatePerMillisecond: Double = 0.994
    /// Below this lift speed (pt/s) there is no glide: a finger that stops, then
    /// lifts, should not drift (and a mouse that stops never glides).
    public var minimumSpeed: Double = 250
    /// The glide ends when the remaining distance is below this (pt).
    public var stopDistance: Double = 0.5
    /// Velocity is estimated from motion in this window before the lift (s).
    public var velocityWindow: Double = 0.05
    /// An explicit lift this long after the last motion carries no velocity.
    public var staleLift: Double = 0.1

    public init() {}

    /// Time constant τ of the exponential decay (s).
    public var timeConstant: Double { -1 / (1000 * Double.log(decelerationRatePerMillisecond)) }

    /// Where a flick at `velocity` from `start` comes to rest.
    public func landing(from start: Point, velocity: Point) -> Point {
        start + velocity * timeConstant
    }
}

/// One glide in progress.
struct Glide: Sendable, Equatable {
    var start: Point
    var landing: Point
    var startTime: Double
    var tau: Double
    /// Set when magnetism picked this landing (the region it glides to).
    var magnetTarget: Int?

    func position(at t: Double) -> Point {
        let f = 1 - Double.exp(-max(t - startTime, 0) / tau)
        return start.interpolated(to: landing, f)
    }

    /// The time at which the remaining distance falls below `stopDistance`.
    func endTime(stopDistance: Double) -> Double {
        let total = start.distance(to: landing)
        if total <= stopDistance { return startTime }
        return startTime + tau * Double.log(total / stopDistance)
    }
}

/// Estimates the finger's velocity from recent (accelerated) motion.
struct VelocityTracker: Sendable, Equatable {
    private var samples: [(t: Double, d: Point, dt: Double)] = []

    static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.count == b.samples.count
            && zip(a.samples, b.samples).allSatisfy { $0.t == $1.t && $0.d == $1.d && $0.dt == $1.dt }
    }

    /// `dt` = time since the previous motion; nil when this motion starts a stroke.
    mutating func add(time: Double, delta: Point, interval dt: Double?, window: Double) {
        guard let dt, dt <= window else {
            samples.removeAll(keepingCapacity: true)
            return
        }
        samples.append((time, delta, Swift.max(dt, 0.002)))
        while let first = samples.first, first.t < time - window { samples.removeFirst() }
    }

    mutating func reset() { samples.removeAll(keepingCapacity: true) }

    var velocity: Point {
        var sum = Point.zero
        var span = 0.0
        for s in samples {
            sum += s.d
            span += s.dt
        }
        return span > 0 ? sum / span : .zero
    }
}
