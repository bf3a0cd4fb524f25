/// Turns a display server's absolute pointer positions, which the server has
/// already accelerated, into engine input: a step from the last position is
/// `motion` taken 1:1, so it still feeds inertia and magnetism (B12, B13); the
/// first position, a jump no hand makes in one event, or any step of a device
/// that places the pointer rather than moving it (a tablet pen, a touchscreen,
/// a virtual machine's absolute pointer, another client's warp) is a `position`:
/// it is where the pointer is, so it never glides. Pair it with
/// `AccelerationCurve.hostAccelerated`.
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
    /// `absolute`: the step comes from a device that places the pointer.
    public mutating func event(at p: Point, absolute: Bool = false) -> InputEvent.Kind? {
        defer { last = p }
        guard let last else { return .position(p) }
        if p == last { return nil }
        let d = p - last
        return absolute || d.length > teleportDistance ? .position(p) : .motion(dx: d.x, dy: d.y)
    }
}
