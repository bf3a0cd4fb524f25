import PointerHost

/// Why the overlay's one loop timer wakes it: the session's own deadline,
/// refresh pacing, a backdrop to compare; and work left for the next pass.
struct X11LoopWake {
    var needsService = false
    var session: Double?
    var pacing: Double?
    /// A pointer moved without repaint waits for its backdrop to be compared.
    var backdrop: Double?

    /// The earliest of the three deadlines and `other` (no array: this runs every frame).
    func earliest(with other: Double?) -> Double? {
        PointerHost.earliest(PointerHost.earliest(session, pacing), PointerHost.earliest(backdrop, other))
    }
}
