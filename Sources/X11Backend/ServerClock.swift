/// Puts the X server's event times (milliseconds, wrapping at 2³²) on the
/// monotonic clock, so motion is timed when it happened, not when the overlay
/// got round to reading it: a flick read in one late batch keeps its speed.
/// The offset is the smallest delay seen (no event arrives before it
/// happened), creeping up slowly so a drifting server clock cannot leave it stale.
struct ServerClock {
    private var offset: Double?
    private var lastServer: UInt32?
    private var lastRead: Double?
    /// How fast the offset may grow (s per s): 0.05 %, about 2 ms an hour.
    static let creep = 0.0005

    /// The monotonic time of server time `ms`, for an event read at `now`; never after `now`.
    mutating func time(ofServer ms: UInt32, readAt now: Double) -> Double {
        // The server's clock wrapped (or was reset): learn the offset afresh.
        if let last = lastServer, ms < last, last - ms > 60_000 { offset = nil }
        let server = Double(ms) / 1000
        let seen = now - server
        if var o = offset, let read = lastRead {
            o += max(0, now - read) * Self.creep
            offset = min(o, seen)
        } else {
            offset = seen
        }
        lastServer = ms
        lastRead = now
        return min(now, server + (offset ?? seen))
    }
}
