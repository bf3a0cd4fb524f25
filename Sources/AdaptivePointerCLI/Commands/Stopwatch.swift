#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic timing for benchmarks: the median over `samples` runs of the time
/// per operation, each run timing `batch` operations (so clock overhead is
/// spread out and short operations are still measurable).
enum Stopwatch {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Median seconds per operation. `body(i)` runs one operation; i counts up.
    static func median(samples: Int = 31, batch: Int, _ body: (Int) -> Void) -> Double {
        var times: [Double] = []
        times.reserveCapacity(samples)
        var i = 0
        for _ in 0..<samples {
            let start = now()
            for _ in 0..<batch {
                body(i)
                i &+= 1
            }
            times.append((now() - start) / Double(batch))
        }
        times.sort()
        return times[times.count / 2]
    }

    /// "1.23 µs", "4.5 ms".
    static func format(_ seconds: Double) -> String {
        func r(_ v: Double) -> String {
            let s = (v * 100).rounded() / 100
            return String(s)
        }
        if seconds < 1e-3 { return r(seconds * 1e6) + " µs" }
        if seconds < 1 { return r(seconds * 1e3) + " ms" }
        return r(seconds) + " s"
    }
}
