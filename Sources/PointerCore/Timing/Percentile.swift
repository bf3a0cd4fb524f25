/// Nearest-rank percentiles.
public enum Percentile {
    /// The p-th percentile (0…100) of `values` by nearest rank; nil when empty.
    public static func nearestRank(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
