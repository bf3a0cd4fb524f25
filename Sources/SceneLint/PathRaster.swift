import PointerCore
import SceneFormat

/// A custom shape rasterised onto a fine square grid, in pure Swift, so the linter can
/// measure what a designer sees: filled area, bounding box, thinnest stroke, symmetry.
///
/// Method (docs/designing-scenes.md, "How shapes are measured"):
/// 1. Flatten the normalised path (cubics into 24 line segments each; every subpath is
///    closed, as a fill closes it).
/// 2. For each grid row, intersect the row's centre line with the edges and fill the
///    cells whose centres lie inside under the non-zero winding rule (Cairo's default).
/// 3. Compute the exact Euclidean distance transform of the filled cells (Felzenszwalb &
///    Huttenlocher's two-pass lower-envelope algorithm): the distance from each filled
///    cell to the nearest empty one.
/// 4. The ridge cells — maxima of that distance among their neighbours within half their
///    own distance — lie on the medial axis; twice their distance is the width of the
///    limb they sit in. The
///    smallest ridge width is the shape's thinnest stroke. Tapering tips (an arrowhead)
///    have no ridge of their own, so they are not reported as thin strokes.
/// The error is about half a cell (0.0625 pt at the default 0.125 pt cell).
public struct PathRaster: Sendable {
    /// Size of one cell in pt.
    public let cell: Double
    /// Canvas position (pt, in the path's own coordinates) of the grid's top-left corner.
    public let origin: Point
    public let columns: Int
    public let rows: Int
    /// Row-major, `rows * columns`.
    public private(set) var filled: [Bool]

    /// Rasterises `elements` over `bounds` (padded by two empty cells on every side).
    /// Bounds whose size or position is not a finite number give an empty raster
    /// (the loader keeps path data far inside that; this guards shapes built in code).
    public init(elements: [PathElement], bounds: Rect, cell requested: Double = 0.125, maxCells: Int = 400) {
        let usable = [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY, bounds.width, bounds.height]
            .allSatisfy { $0.isFinite && abs($0) < 1e300 }
        let longest = usable ? max(bounds.width, bounds.height, 0.001) : 0.001
        let cell = max(requested.isFinite && requested > 0 ? requested : 0.125, longest / Double(max(maxCells, 1)))
        self.cell = cell
        origin = usable ? Point(x: bounds.minX - 2 * cell, y: bounds.minY - 2 * cell) : .zero
        columns = usable ? PathRaster.index(bounds.width / cell, limit: maxCells + 1) + 4 : 4
        rows = usable ? PathRaster.index(bounds.height / cell, limit: maxCells + 1) + 4 : 4
        filled = Array(repeating: false, count: columns * rows)
        guard usable else { return }

        // Edges sorted by their top, swept row by row: each row looks only at the edges
        // that span it (4096-segment paths made this rows × edges before).
        let edges = PathRaster.flatten(elements, cell: cell)
            .compactMap { e -> (lo: Point, hi: Point, winding: Int)? in
                let (a, b) = e
                if a.y == b.y || !(a.y.isFinite && b.y.isFinite) { return nil }
                return a.y < b.y ? (a, b, 1) : (b, a, -1)
            }
            .sorted { $0.lo.y < $1.lo.y }
        var next = 0
        var active: [(lo: Point, hi: Point, winding: Int)] = []
        var crossings: [(x: Double, winding: Int)] = []
        for j in 0..<rows {
            let y = origin.y + (Double(j) + 0.5) * cell
            crossings.removeAll(keepingCapacity: true)
            while next < edges.count && edges[next].lo.y <= y {
                active.append(edges[next])
                next += 1
            }
            active.removeAll { $0.hi.y <= y }
            for e in active {
                let (lo, hi) = (e.lo, e.hi)
                let x = lo.x + (y - lo.y) * (hi.x - lo.x) / (hi.y - lo.y)
                crossings.append((x, e.winding))
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for k in 0..<max(crossings.count - 1, 0) {
                winding += crossings[k].winding
                guard winding != 0 else { continue }
                // Cells whose centre x is in [x_k, x_k+1).
                let first = PathRaster.index((crossings[k].x - origin.x) / cell - 0.5, limit: columns)
                let end = PathRaster.index((crossings[k + 1].x - origin.x) / cell - 0.5, limit: columns)
                var i = max(first, 0)
                while i < min(end, columns) {
                    filled[j * columns + i] = true
                    i += 1
                }
            }
        }
    }

    /// `v` rounded up and held to 0…limit: a crossing far outside the grid (or NaN)
    /// fills nothing beyond its edge, and never traps converting to Int.
    static func index(_ v: Double, limit: Int) -> Int {
        guard v.isFinite else { return v == .infinity ? limit : 0 }
        return Int(min(max(v.rounded(.up), 0), Double(limit)))
    }

    /// Flattened, closed edges of every subpath. A cubic becomes 24 segments, fewer
    /// when its control polygon is shorter than 24 cells (it cannot bend more than that).
    static func flatten(_ elements: [PathElement], cell: Double = 0) -> [(Point, Point)] {
        var edges: [(Point, Point)] = []
        var current = Point.zero
        var start = Point.zero
        var open = false
        func close() {
            if open && current != start { edges.append((current, start)) }
            open = false
        }
        for element in elements {
            switch element {
            case .move(let p):
                close()
                current = p
                start = p
                open = true
            case .line(let p):
                edges.append((current, p))
                current = p
                open = true
            case .cubic(let c1, let c2, let p):
                let p0 = current
                let polygon = p0.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)
                let steps = cell > 0 && polygon.isFinite ? max(2, min(24, Int((polygon / cell).rounded(.up)))) : 24
                for s in 1...steps {
                    let t = Double(s) / Double(steps)
                    let u = 1 - t
                    let q = p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                    edges.append((current, q))
                    current = q
                }
                current = p
                open = true
            case .close:
                close()
                current = start
            }
        }
        close()
        return edges
    }

    public func isFilled(_ i: Int, _ j: Int) -> Bool {
        i >= 0 && j >= 0 && i < columns && j < rows && filled[j * columns + i]
    }

    public var filledCount: Int { filled.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Filled area in pt².
    public var area: Double { Double(filledCount) * cell * cell }

    /// Bounding box of the filled cells (pt), nil when nothing is filled.
    public var filledBounds: Rect? {
        var minI = Int.max
        var minJ = Int.max
        var maxI = -1
        var maxJ = -1
        for j in 0..<rows {
            for i in 0..<columns where filled[j * columns + i] {
                minI = min(minI, i)
                maxI = max(maxI, i)
                minJ = min(minJ, j)
                maxJ = max(maxJ, j)
            }
        }
        guard maxI >= 0 else { return nil }
        return Rect(
            x: origin.x + Double(minI) * cell, y: origin.y + Double(minJ) * cell,
            width: Double(maxI - minI + 1) * cell, height: Double(maxJ - minJ + 1) * cell)
    }

    /// Squared distance (in cells²) from each cell to the nearest empty cell (0 for empty ones).
    public func squaredDistances() -> [Double] {
        // Larger than any squared distance on this grid, small enough to stay exact.
        let inf = Double((rows + columns) * (rows + columns))
        var d = filled.map { $0 ? inf : 0 }
        // Columns, then rows: the separable exact EDT.
        var column = [Double](repeating: 0, count: rows)
        for i in 0..<columns {
            for j in 0..<rows { column[j] = d[j * columns + i] }
            let out = PathRaster.transform1D(column)
            for j in 0..<rows { d[j * columns + i] = out[j] }
        }
        var row = [Double](repeating: 0, count: columns)
        for j in 0..<rows {
            for i in 0..<columns { row[i] = d[j * columns + i] }
            let out = PathRaster.transform1D(row)
            for i in 0..<columns { d[j * columns + i] = out[i] }
        }
        return d
    }

    /// 1-D squared distance transform (lower envelope of parabolas).
    static func transform1D(_ f: [Double]) -> [Double] {
        let n = f.count
        guard n > 0 else { return [] }
        var out = [Double](repeating: 0, count: n)
        var v = [Int](repeating: 0, count: n)
        var z = [Double](repeating: 0, count: n + 1)
        var k = 0
        z[0] = -.infinity
        z[1] = .infinity
        for q in 1..<max(n, 1) {
            var s: Double
            repeat {
                let p = v[k]
                s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = .infinity
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let p = v[k]
            out[q] = Double((q - p) * (q - p)) + f[p]
        }
        return out
    }

    /// The thinnest limb's width in pt (see the type's comment), nil when nothing is filled.
    public func thinnestStroke() -> Double? {
        let d = squaredDistances()
        func isMax(_ i: Int, _ j: Int, radius: Int) -> Bool {
            let v = d[j * columns + i]
            for nj in max(j - radius, 0)...min(j + radius, rows - 1) {
                for ni in max(i - radius, 0)...min(i + radius, columns - 1) where d[nj * columns + ni] > v {
                    return false
                }
            }
            return true
        }
        var best: Double?
        for j in 0..<rows {
            for i in 0..<columns where filled[j * columns + i] {
                // A ridge cell is a maximum among its neighbours, and still one over a window
                // of half its own distance: that keeps the medial axis of real limbs and drops
                // the staircase plateaus the grid leaves in tapering tips.
                guard isMax(i, j, radius: 1) else { continue }
                let v = d[j * columns + i]
                guard isMax(i, j, radius: max(2, Int(v.squareRoot() / 2))) else { continue }
                // Centre-to-empty-centre distance d gives a width of 2d−1 or 2d cells.
                let width = (2 * v.squareRoot() - 0.5) * cell
                best = min(best ?? width, width)
            }
        }
        return best
    }

    /// Fraction of filled cells whose mirror image (about the filled bounds' centre) is empty.
    public func asymmetry(mirrorX: Bool, mirrorY: Bool) -> Double {
        var minI = Int.max
        var minJ = Int.max
        var maxI = -1
        var maxJ = -1
        var count = 0
        for j in 0..<rows {
            for i in 0..<columns where filled[j * columns + i] {
                minI = min(minI, i)
                maxI = max(maxI, i)
                minJ = min(minJ, j)
                maxJ = max(maxJ, j)
                count += 1
            }
        }
        guard count > 0 else { return 0 }
        var misses = 0
        for j in minJ...maxJ {
            for i in minI...maxI where filled[j * columns + i] {
                let mi = mirrorX ? minI + maxI - i : i
                let mj = mirrorY ? minJ + maxJ - j : j
                if !isFilled(mi, mj) { misses += 1 }
            }
        }
        return Double(misses) / Double(count)
    }
}
