import PointerCore

/// Where input put the pointer over the last moments, joined by straight
/// lines between reports that follow each other closely: the hand's position
/// at a past instant, to measure how far from it a frame drew the pointer.
struct PointerTrail {
    private var samples: [(t: Double, p: Point)] = []
    static let capacity = 128
    /// Reports further apart than this (s) are not joined: the hand rested.
    static let joinGap = 0.03

    mutating func add(_ p: Point, at t: Double) {
        if let last = samples.last, t < last.t { return }
        samples.append((t, p))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    var newestTime: Double? { samples.last?.t }

    /// The position at `t`; nil before the first report.
    func position(at t: Double) -> Point? {
        guard let i = samples.lastIndex(where: { $0.t <= t }) else { return nil }
        let a = samples[i]
        guard i + 1 < samples.count else { return a.p }
        let b = samples[i + 1]
        guard b.t - a.t <= Self.joinGap, b.t > a.t else { return a.p }
        return a.p.interpolated(to: b.p, (t - a.t) / (b.t - a.t))
    }
}
