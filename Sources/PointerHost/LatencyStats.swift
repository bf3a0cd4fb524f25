/// Collects samples (seconds, or points for distances) and reports percentiles
/// (nearest rank) over the most recent `capacity` samples, so a session running
/// for days keeps a fixed amount of memory.
public struct LatencyStats: Sendable {
    public enum Unit: Sendable { case seconds, points }

    public let name: String
    public let unit: Unit
    /// The kept samples (the most recent ones, in no particular order).
    public private(set) var samples: [Double] = []
    /// Samples kept at most.
    public let capacity: Int
    /// Samples ever added.
    public private(set) var count = 0

    public init(name: String, unit: Unit = .seconds, capacity: Int = 65536) {
        self.name = name
        self.unit = unit
        self.capacity = max(1, capacity)
    }

    public mutating func add(_ value: Double) {
        guard value.isFinite, value >= 0 else { return }
        if samples.count < capacity {
            samples.append(value)
        } else {
            samples[count % capacity] = value // a ring: the oldest sample goes
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

    public var mean: Double? { samples.isEmpty ? nil : samples.reduce(0, +) / Double(samples.count) }

    /// "event→commit: p50 1.234 ms, p99 4.567 ms (812 samples)"; distances
    /// also give the mean: "drawn-vs-true: mean 1.2 pt, p50 0.9 pt, p99 5.1 pt (…)".
    public var summary: String {
        guard let p50 = percentile(50), let p99 = percentile(99) else { return "\(name): no samples" }
        switch unit {
        case .seconds:
            func ms(_ s: Double) -> String { "\((s * 1e6).rounded() / 1e3) ms" }
            return "\(name): p50 \(ms(p50)), p99 \(ms(p99)) (\(count) samples)"
        case .points:
            func pt(_ v: Double) -> String { "\((v * 100).rounded() / 100) pt" }
            return "\(name): mean \(pt(mean ?? 0)), p50 \(pt(p50)), p99 \(pt(p99)) (\(count) samples)"
        }
    }
}
