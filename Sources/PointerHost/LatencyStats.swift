/// Collects latency samples (seconds) and reports percentiles (nearest rank).
public struct LatencyStats: Sendable {
    public let name: String
    public private(set) var samples: [Double] = []

    public init(name: String) { self.name = name }

    public mutating func add(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        samples.append(seconds)
    }

    public var count: Int { samples.count }

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
