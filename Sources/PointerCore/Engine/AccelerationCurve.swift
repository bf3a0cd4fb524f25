/// Pointer acceleration (behaviour B11): faster finger motion covers more
/// distance. Gain is 1 below `lowSpeed` (precise, 1:1 — the finger's own speed
/// when aiming), rises linearly to `maxGain` at `highSpeed` and stays there.
/// The shape follows libinput's touchpad profile (flat precision zone, linear
/// ramp, plateau); the numbers are in pt/s of device motion, tuned so a slow
/// 1 pt step stays 1 pt and a quick flick across a pad (~1500 pt/s) covers a
/// 1280 pt canvas in about a third of the pad.
public struct AccelerationCurve: Sendable, Equatable {
    /// Device speed (pt/s) up to which motion is 1:1.
    public var lowSpeed: Double = 150
    /// Device speed (pt/s) at which the gain reaches `maxGain`.
    public var highSpeed: Double = 1500
    public var maxGain: Double = 2.5
    /// dt used for speed is clamped to this range: events closer than 2 ms are
    /// coalesced hardware reports; after a 50 ms pause the motion is a new stroke.
    public var minInterval: Double = 0.002
    public var maxInterval: Double = 0.05

    public init() {}

    /// For motion a display server has already accelerated: taken 1:1.
    public static let hostAccelerated: AccelerationCurve = {
        var curve = AccelerationCurve()
        curve.maxGain = 1
        return curve
    }()

    public func gain(speed: Double) -> Double {
        if speed <= lowSpeed { return 1 }
        if speed >= highSpeed { return maxGain }
        return 1 + (maxGain - 1) * (speed - lowSpeed) / (highSpeed - lowSpeed)
    }

    /// The accelerated displacement for a device delta `d` that arrived `dt`
    /// seconds after the previous motion.
    public func apply(_ d: Point, interval dt: Double) -> Point {
        let clamped = Swift.min(Swift.max(dt, minInterval), maxInterval)
        return d * gain(speed: d.length / clamped)
    }
}
