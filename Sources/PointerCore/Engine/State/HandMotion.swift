/// The hand on the device: where it put the model pointer (B6), how it moves,
/// and whether a finger is down, resting or gliding on after a flick (B12).
struct HandMotion: Sendable {
    /// The model pointer (B6): follows the input exactly; hit tests use it.
    var position: Point
    var hasPosition = false
    var lastMotionTime: Double?
    /// How far apart motion arrives: a pause is judged against it (B9).
    var cadence = MotionCadence()
    var lastActivityTime: Double?
    var velocity = VelocityTracker()
    /// A finger is on the pad (motion since the last lift).
    var fingerDown = false
    /// Set once an explicit `lift` arrives: the device reports lifts, so none are inferred.
    var deviceReportsLift = false
    /// What the motion comes from; nil until a `device` event says (traces written
    /// before device events: a pause is taken for a finger lift, as it always was).
    var device: PointingDevice?
    /// Fingers resting on the pad (`hold` begin … end): no lift is inferred meanwhile.
    var holding = false
    var glide: Glide?

    init(position: Point) { self.position = position }

    /// Only a finger's motion glides on (B12, B13): a mouse, a pen or a
    /// touchscreen stays where the hand left it. Undeclared (an old trace): as before.
    var glides: Bool { device?.glides ?? true }

    /// When a pause will be taken for a lift (B9), for a device that cannot report
    /// one: `liftDelay` after the last motion, longer while motion arrives sparsely.
    func inferredLiftTime(liftDelay: Double) -> Double? {
        guard fingerDown, !holding, !deviceReportsLift, let last = lastMotionTime else { return nil }
        return last + cadence.pause(atLeast: Swift.max(liftDelay, 0.001))
    }
}
