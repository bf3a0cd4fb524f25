/// Turns a display server's absolute pointer positions, which the server has
/// already accelerated, into engine input: a step from the last position is
/// `motion` taken 1:1, so it still feeds inertia and magnetism (B12, B13); the
/// first position, or a jump no hand makes in one event (another client warped
/// the pointer), is a `position`. Pair it with `AccelerationCurve.hostAccelerated`.
public struct HostPointerSteps: Sendable, Equatable {
    /// Device pixels one event can plausibly cover.
    public static let teleportPixels = 400.0

    /// The same in the positions' units (pt).
    public let teleportDistance: Double
    private var last: Point?

    /// `pixelsPerPoint`: the output scale, so a jump is judged in device pixels.
    public init(pixelsPerPoint: Double = 1) {
        teleportDistance = Self.teleportPixels / max(pixelsPerPoint, 0.1)
    }

    /// The pointer left: the next position is a placement.
    public mutating func reset() { last = nil }

    /// We put the pointer at `p` (a warp): the next step starts there.
    public mutating func placed(at p: Point) { last = p }

    /// The event for the pointer now being at `p`; nil when it did not move.
    public mutating func event(at p: Point) -> InputEvent.Kind? {
        defer { last = p }
        guard let last else { return .position(p) }
        if p == last { return nil }
        let d = p - last
        return d.length > teleportDistance ? .position(p) : .motion(dx: d.x, dy: d.y)
    }
}
