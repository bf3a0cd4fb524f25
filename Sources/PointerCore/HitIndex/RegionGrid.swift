/// A uniform grid over region frames, for the questions "which regions are near
/// this rect": lint's neighbour rules (shadow reach) and the renderer's culling of
/// a frame's clip both stay near-linear on scenes with thousands of regions.
/// (`HitIndex` answers the engine's other question, the topmost region at a point.) Frames that
/// cover many cells (a full-canvas backdrop, a frame 1e9 pt wide) are kept in a short
/// list checked on every query instead of being entered cell by cell.
public struct RegionGrid: Sendable {
    let cell: Double
    private var buckets: [Int64: [Int]] = [:]
    /// Regions too large for the grid (or with a non-finite frame).
    private var large: [Int] = []
    private let frames: [Rect]
    /// Cells a frame may cover and still be entered cell by cell.
    static let maxCellsPerFrame = 64.0
    /// A query touching more cells than this scans every frame instead.
    static let maxCellsPerQuery = 4096.0

    public init(frames: [Rect], cell: Double = 256) {
        self.cell = cell
        self.frames = frames
        for (i, f) in frames.enumerated() {
            guard let span = span(f), span.cells <= Self.maxCellsPerFrame else {
                large.append(i)
                continue
            }
            for y in span.y0...span.y1 {
                for x in span.x0...span.x1 { buckets[Self.key(x, y), default: []].append(i) }
            }
        }
    }

    private static func key(_ x: Int64, _ y: Int64) -> Int64 { y &* 1_000_003 &+ x }

    /// The cells `r` covers, nil when its edges are not finite numbers.
    private func span(_ r: Rect) -> (x0: Int64, y0: Int64, x1: Int64, y1: Int64, cells: Double)? {
        let x0 = (r.minX / cell).rounded(.down)
        let x1 = max(x0, (r.maxX / cell).rounded(.down))
        let y0 = (r.minY / cell).rounded(.down)
        let y1 = max(y0, (r.maxY / cell).rounded(.down))
        // Beyond ±2^52 cells Int64 conversion could trap; such frames are simply "large".
        let bound = 4.5e15
        guard [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < bound }) else { return nil }
        return (Int64(x0), Int64(y0), Int64(x1), Int64(y1), (x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// Visits the regions whose frame may intersect `rect` (callers test the frames) with an index above `after`,
    /// ascending and once each, until `body` returns false. Lazy, so a rule that needs
    /// the first few neighbours in a pile of 20 000 overlapping regions stops early
    /// instead of collecting and sorting them all for every region.
    package func forEachCandidate(_ rect: Rect, after: Int = -1, _ body: (Int) -> Bool) {
        guard let span = span(rect), span.cells <= Self.maxCellsPerMerge else {
            for i in candidates(rect) where i > after { if !body(i) { return } }
            return
        }
        // Each bucket (and the large list) is ascending: merge them from `after` on.
        var lists: [[Int]] = []
        if !large.isEmpty { lists.append(large) }
        for y in span.y0...span.y1 {
            for x in span.x0...span.x1 {
                if let bucket = buckets[Self.key(x, y)] { lists.append(bucket) }
            }
        }
        var heads = lists.map { list -> Int in
            var lo = 0
            var hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid] <= after { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        while true {
            var next = Int.max
            for (k, list) in lists.enumerated() where heads[k] < list.count { next = min(next, list[heads[k]]) }
            guard next != Int.max else { return }
            for (k, list) in lists.enumerated() where heads[k] < list.count && list[heads[k]] == next { heads[k] += 1 }
            if !body(next) { return }
        }
    }

    /// Cells a lazy query merges directly; larger ones collect and sort.
    static let maxCellsPerMerge = 64.0

    /// Indices of regions whose frame may intersect `rect`, ascending, without duplicates.
    func candidates(_ rect: Rect) -> [Int] {
        var out: [Int] = []
        guard let span = span(rect), span.cells <= Self.maxCellsPerQuery else {
            // A huge query: every frame that meets it, in one pass.
            for (i, f) in frames.enumerated() where f.intersects(rect) { out.append(i) }
            return out
        }
        for i in large where frames[i].intersects(rect) { out.append(i) }
        for y in span.y0...span.y1 {
            for x in span.x0...span.x1 {
                if let bucket = buckets[Self.key(x, y)] { out.append(contentsOf: bucket) }
            }
        }
        out.sort()
        var unique: [Int] = []
        unique.reserveCapacity(out.count)
        for i in out where unique.last != i { unique.append(i) }
        return unique
    }

    /// Indices of the regions whose frame (not empty) meets `rect`, ascending:
    /// drawing order, for the renderer's culling.
    public func query(_ rect: Rect) -> [Int] {
        candidates(rect).filter { !frames[$0].isEmpty && frames[$0].intersects(rect) }
    }
}
