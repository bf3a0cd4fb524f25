import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Figures for `--stats`: event-to-draw latency, wake-ups, frames, CPU.
public struct SessionStats: Sendable {
    public var wakeups = 0
    public var frames = 0
    public var motionEvents = 0
    public var cpuSeconds = 0.0
    public private(set) var latencies: [Double] = []

    mutating func recordLatency(_ seconds: Double) {
        if latencies.count < 100_000 { latencies.append(seconds) }
    }

    public func percentile(_ p: Double) -> Double? {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        let i = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return sorted[i]
    }

    public var summary: String {
        func ms(_ v: Double?) -> String { v.map { String(format: "%.3f ms", $0 * 1000) } ?? "n/a" }
        return "stats: \(motionEvents) motion events, \(frames) frames, \(wakeups) wake-ups, "
            + "event-to-draw p50 \(ms(percentile(0.5))) p99 \(ms(percentile(0.99))), "
            + String(format: "CPU %.3f s", cpuSeconds)
    }
}

/// This process's user+system CPU time.
enum ProcessCPU {
    static func seconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
