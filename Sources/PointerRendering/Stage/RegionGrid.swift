import PointerCore

/// A uniform grid over the regions' rest bounds: which regions may touch a clip,
/// in O(cells touched + hits) instead of O(regions), so a frame's cost does not grow
/// with a crowded stage. Regions covering very many cells are kept in a short list
/// checked every time (large backgrounds and containers).
struct RegionGrid {
    let cellSize: Double
    private let origin: Point
    private let columns: Int, rows: Int
    private let cells: [[Int32]]
    private let large: [Int32]
    private let extents: [Rect]

    /// Cells at most: regions spread over a huge area (frames reach ±1e6 pt, docs/limits.md)
    /// get larger cells instead of millions of empty ones.
    static let maxCells = 65536.0

    init(extents: [Rect], cellSize requested: Double = 128) {
        self.extents = extents
        let bounds = extents.reduce(extents.first ?? .zero) { $0.union($1) }
        let finite = bounds.width.isFinite && bounds.height.isFinite && bounds.minX.isFinite && bounds.minY.isFinite
        let area = finite ? max(bounds.width, 1) * max(bounds.height, 1) : 1
        let cellSize = max(requested, (area / Self.maxCells).squareRoot())
        self.cellSize = cellSize
        origin = finite ? bounds.origin : .zero
        columns = finite ? max(1, Int(min((bounds.width / cellSize).rounded(.up) + 1, 4096))) : 1
        rows = finite ? max(1, Int(min((bounds.height / cellSize).rounded(.up) + 1, 4096))) : 1
        var cells = [[Int32]](repeating: [], count: columns * rows)
        var large: [Int32] = []
        for (i, e) in extents.enumerated() where !e.isEmpty {
            let (c0, r0, c1, r1) = Self.span(e, origin: origin, cellSize: cellSize, columns: columns, rows: rows)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > 64 { large.append(Int32(i)); continue }
            for r in r0...r1 { for c in c0...c1 { cells[r * columns + c].append(Int32(i)) } }
        }
        self.cells = cells
        self.large = large
    }

    private static func span(_ e: Rect, origin: Point, cellSize: Double, columns: Int, rows: Int) -> (Int, Int, Int, Int) {
        func cell(_ v: Double, _ o: Double, _ n: Int) -> Int {
            let k = ((v - o) / cellSize).rounded(.down)
            guard k.isFinite else { return k > 0 ? n - 1 : 0 }
            return Int(min(max(k, 0), Double(n - 1)))
        }
        return (cell(e.minX, origin.x, columns), cell(e.minY, origin.y, rows),
                cell(e.maxX, origin.x, columns), cell(e.maxY, origin.y, rows))
    }

    /// Indices of regions whose extent meets `rect`, ascending (drawing order).
    func query(_ rect: Rect) -> [Int] {
        var out: [Int] = []
        for i in large where extents[Int(i)].intersects(rect) { out.append(Int(i)) }
        let (c0, r0, c1, r1) = Self.span(rect, origin: origin, cellSize: cellSize, columns: columns, rows: rows)
        for r in r0...r1 {
            for c in c0...c1 {
                for i in cells[r * columns + c] where extents[Int(i)].intersects(rect) { out.append(Int(i)) }
            }
        }
        out.sort()
        // A region spanning several queried cells is found once per cell.
        var unique: [Int] = []
        unique.reserveCapacity(out.count)
        for i in out where unique.last != i { unique.append(i) }
        return unique
    }
}
