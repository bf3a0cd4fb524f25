import RealModule

/// Magnetism (behaviour B13): at lift, if no target lies where inertia would
/// land, scan growing circles around the landing point (up to the scene's
/// `pointer.magnetism.radius`) for the nearest snappable target *ahead*: its
/// centre must lie within `coneHalfAngle` of the swipe direction as seen from
/// the lift point, so the pointer never turns back to a control behind it.
public struct MagnetismTuning: Sendable, Equatable {
    /// ±45°: wide enough to forgive a slightly curved flick, narrow enough that a
    /// control beside the path is not mistaken for the one aimed at.
    public var coneHalfAngleDegrees: Double = 45

    public init() {}

    var coneCosine: Double { Double.cos(coneHalfAngleDegrees * .pi / 180) }
}

enum Magnetism {
    /// The region to glide to, or nil. `isSnappable` filters ids; `center(id)`
    /// is the region's drawn centre.
    static func pick(
        index: HitIndex, lift: Point, velocity: Point, landing: Point, radius: Double,
        tuning: MagnetismTuning, isSnappable: (Int) -> Bool, center: (Int) -> Point
    ) -> Int? {
        guard radius > 0 else { return nil }
        let speed = velocity.length
        guard speed > 0 else { return nil }
        return index.nearest(to: landing, within: radius) { id in
            isSnappable(id) && isAhead(center(id), lift: lift, velocity: velocity, tuning: tuning)
        }?.id
    }

    /// Within the cone around the swipe direction, seen from the lift point.
    static func isAhead(_ center: Point, lift: Point, velocity: Point, tuning: MagnetismTuning) -> Bool {
        let d = center - lift
        let len = d.length
        let speed = velocity.length
        guard len > 0, speed > 0 else { return false }
        return d.dot(velocity) >= len * speed * tuning.coneCosine
    }
}
