#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock: the time base of every InputEvent we make.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
