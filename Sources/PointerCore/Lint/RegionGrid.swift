/// A uniform grid over the laid-out regions' frames, so rules that look for neighbours
/// (shadow reach) stay near-linear on scenes with thousands of regions.
struct RegionGrid: Sendable {
    let cell: Double
    private var buckets: [Int64: [Int]] = [:]

    init(frames: [Rect], cell: Double = 256) {
        self.cell = cell
        for (i, f) in frames.enumerated() {
            forEachKey(f) { buckets[$0, default: []].append(i) }
        }
    }

    private func forEachKey(_ r: Rect, _ body: (Int64) -> Void) {
        let x0 = Int64((r.minX / cell).rounded(.down)), x1 = Int64((r.maxX / cell).rounded(.down))
        let y0 = Int64((r.minY / cell).rounded(.down)), y1 = Int64((r.maxY / cell).rounded(.down))
        // Huge frames (a full-canvas backdrop) cover many cells; that is still bounded by the canvas.
        for y in y0...max(y0, y1) {
            for x in x0...max(x0, x1) { body(y &* 1_000_003 &+ x) }
        }
    }

    /// Indices of regions whose frame may intersect `rect`, ascending, without duplicates.
    func candidates(_ rect: Rect) -> [Int] {
        var seen = Set<Int>()
        forEachKey(rect) { key in
            for i in buckets[key] ?? [] { seen.insert(i) }
        }
        return seen.sorted()
    }
}
