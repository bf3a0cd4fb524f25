/// Why the overlay's one loop timer wakes it: the session's own deadline,
/// refresh pacing, a backdrop to compare; and work left for the next pass.
struct X11LoopWake {
    var needsService = false
    var session: Double?
    var pacing: Double?
    /// A pointer moved without repaint waits for its backdrop to be compared.
    var backdrop: Double?

    /// The earliest of the three deadlines and `other`.
    func earliest(with other: Double?) -> Double? {
        [session, pacing, backdrop, other].compactMap { $0 }.min()
    }
}
