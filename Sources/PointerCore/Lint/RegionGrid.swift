/// A uniform grid over the laid-out regions' frames, so rules that look for neighbours
/// (shadow reach) stay near-linear on scenes with thousands of regions. Frames that
/// cover many cells (a full-canvas backdrop, a frame 1e9 pt wide) are kept in a short
/// list checked on every query instead of being entered cell by cell.
struct RegionGrid: Sendable {
    let cell: Double
    private var buckets: [Int64: [Int]] = [:]
    /// Regions too large for the grid (or with a non-finite frame).
    private var large: [Int] = []
    private let frames: [Rect]
    /// Cells a frame may cover and still be entered cell by cell.
    static let maxCellsPerFrame = 64.0
    /// A query touching more cells than this scans every frame instead.
    static let maxCellsPerQuery = 4096.0

    init(frames: [Rect], cell: Double = 256) {
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
        let x0 = (r.minX / cell).rounded(.down), x1 = max(x0, (r.maxX / cell).rounded(.down))
        let y0 = (r.minY / cell).rounded(.down), y1 = max(y0, (r.maxY / cell).rounded(.down))
        // Beyond ±2^52 cells Int64 conversion could trap; such frames are simply "large".
        let bound = 4.5e15
        guard [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < bound }) else { return nil }
        return (Int64(x0), Int64(y0), Int64(x1), Int64(y1), (x1 - x0 + 1) * (y1 - y0 + 1))
    }

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
}
