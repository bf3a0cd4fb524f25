/// Collects latency samples (seconds) and reports percentiles (nearest rank) over
/// the most recent `capacity` samples, so a session running for days keeps a fixed
/// amount of memory (it grew by 8 bytes a sample before).
public struct LatencyStats: Sendable {
    public let name: String
    /// The kept samples (the most recent ones, in no particular order).
    public private(set) var samples: [Double] = []
    /// Samples kept at most.
    public let capacity: Int
    /// Samples ever added.
    public private(set) var count = 0

    public init(name: String, capacity: Int = 65536) {
        self.name = name
        self.capacity = max(1, capacity)
    }

    public mutating func add(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if samples.count < capacity {
            samples.append(seconds)
        } else {
            samples[count % capacity] = seconds  // a ring: the oldest sample goes
        }
        count += 1
    }

    /// The p-th percentile (0...100) by nearest rank, nil without samples.
    public func percentile(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// "event→commit: p50 1.234 ms, p99 4.567 ms (812 samples)".
    public var summary: String {
        guard let p50 = percentile(50), let p99 = percentile(99) else { return "\(name): no samples" }
        func ms(_ s: Double) -> String {
            let v = (s * 1e6).rounded() / 1e3
            return "\(v) ms"
        }
        return "\(name): p50 \(ms(p50)), p99 \(ms(p99)) (\(count) samples)"
    }
}
