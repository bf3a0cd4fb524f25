import PointerCore

/// A display's repaints for simulation: every `period` seconds, each one off
/// by up to ±`jitter` (seeded), never out of order.
public struct DisplayClock: Sendable {
    public let period: Double
    public let jitter: Double
    private let noise: SeededNoise

    public init(refreshRate: Double, jitter: Double, seed: UInt64) {
        period = 1 / refreshRate
        self.jitter = Swift.min(Swift.max(jitter, 0), period * 0.4)
        noise = SeededNoise(seed: seed)
    }

    /// The time of repaint `k` (k ≥ 0).
    public func refresh(_ k: Int) -> Double {
        Double(k + 1) * period + jitter * noise.signed(k, stream: 1)
    }

    /// The first repaint at or after `t`.
    public func firstRefresh(atOrAfter t: Double) -> Int {
        var k = Swift.max(0, Int((t / period).rounded(.down)) - 2)
        while refresh(k) < t { k += 1 }
        return k
    }
}
