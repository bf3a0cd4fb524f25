#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in seconds. Hosts stamp input with it (relative to the session
/// start) and give it to the engine: PointerCore itself never reads a clock.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A `timespec` for an absolute CLOCK_MONOTONIC time in seconds.
    static func timespecFor(_ seconds: Double) -> timespec {
        let s = seconds.rounded(.down)
        return timespec(tv_sec: Int(s), tv_nsec: Int((seconds - s) * 1e9))
    }
}
