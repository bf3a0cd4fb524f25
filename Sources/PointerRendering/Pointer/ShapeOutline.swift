import PointerCore

/// Polygon outlines of pointer shapes in a unit box (0…1 on both axes), used to
/// morph between any two shapes (behaviour D21): rounded rects and paths are
/// flattened, every contour is resampled to `pointCount` points by arc length.
struct ShapeOutline: Equatable {
    static let pointCount = 96

    struct Contour: Equatable {
        var points: [Point]
        /// Opposite orientation to the shape's main contour: a hole.
        var isHole: Bool
        var centroid: Point
    }

    var contours: [Contour]

    init(_ geometry: ShapeGeometry) {
        let (raw, box) = Self.flatten(geometry)
        let sx = 1 / max(box.width, 0.0001)
        let sy = 1 / max(box.height, 0.0001)
        let unit = raw.map { $0.map { Point(x: $0.x * sx, y: $0.y * sy) } }.filter { $0.count >= 3 }
        let areas = unit.map(Self.signedArea)
        let mainSign: Double = areas.max(by: { abs($0) < abs($1) }).map { $0 >= 0 ? 1 : -1 } ?? 1
        contours = zip(unit, areas).compactMap { pts, area in
            guard abs(area) > 1e-6 else { return nil }
            let hole = (area >= 0 ? 1 : -1) != mainSign
            // Solid contours clockwise on screen (positive area with y down), holes the other way.
            var oriented = pts
            if (area > 0) == hole { oriented.reverse() }
            let res = Self.resample(oriented, Self.pointCount)
            return Contour(points: res, isHole: hole, centroid: Self.mean(res))
        }
        if contours.isEmpty {
            contours = [
                Contour(
                    points: Self.resample(Self.ellipse(), Self.pointCount), isHole: false,
                    centroid: Point(x: 0.5, y: 0.5))
            ]
        }
    }

    // MARK: flattening

    static func flatten(_ geometry: ShapeGeometry) -> ([[Point]], Size) {
        switch geometry {
        case .roundedRect(let size, let r):
            return ([roundedRect(size, r)], size)
        case .path(let p):
            return (flatten(p.elements), p.size)
        }
    }

    static func ellipse() -> [Point] {
        (0..<64).map { i in
            let a = Double(i) / 64 * 2 * .pi
            return Point(x: 0.5 + 0.5 * cos(a), y: 0.5 + 0.5 * sin(a))
        }
    }

    /// Clockwise (on screen) from the top-left of the top edge.
    static func roundedRect(_ size: Size, _ radius: Double) -> [Point] {
        let r = max(0, min(radius, min(size.width, size.height) / 2))
        var pts: [Point] = []
        let corners = [
            (Point(x: size.width - r, y: r), -Double.pi / 2),
            (Point(x: size.width - r, y: size.height - r), 0.0),
            (Point(x: r, y: size.height - r), Double.pi / 2),
            (Point(x: r, y: r), Double.pi),
        ]
        for (c, start) in corners {
            for i in 0...12 {
                let a = start + Double(i) / 12 * .pi / 2
                pts.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
            }
        }
        return pts
    }

    static func flatten(_ elements: [PathElement]) -> [[Point]] {
        var out: [[Point]] = []
        var current: [Point] = []
        var pen = Point.zero
        func finish() {
            if current.count >= 3 { out.append(current) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = [p]
                pen = p
            case .line(let p):
                if current.isEmpty { current = [pen] }
                current.append(p)
                pen = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [pen] }
                for i in 1...12 {
                    let t = Double(i) / 12
                    let u = 1 - t
                    let x = u * u * u * pen.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * pen.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    current.append(Point(x: x, y: y))
                }
                pen = p
            case .close:
                if let first = current.first { pen = first }
                finish()
            }
        }
        finish()
        return out
    }

    // MARK: measuring

    /// Positive when clockwise on screen (y down).
    static func signedArea(_ pts: [Point]) -> Double {
        var s = 0.0
        for i in pts.indices {
            let a = pts[i]
            let b = pts[(i + 1) % pts.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    static func mean(_ pts: [Point]) -> Point {
        pts.reduce(Point.zero, +) / Double(max(pts.count, 1))
    }

    /// `n` points evenly spaced by arc length along the closed polygon.
    static func resample(_ pts: [Point], _ n: Int) -> [Point] {
        var cumulative = [0.0]
        for i in pts.indices { cumulative.append(cumulative[i] + pts[i].distance(to: pts[(i + 1) % pts.count])) }
        let total = cumulative.last ?? 0
        guard total > 0 else { return Array(repeating: pts.first ?? .zero, count: n) }
        var out: [Point] = []
        out.reserveCapacity(n)
        var seg = 0
        for k in 0..<n {
            let d = Double(k) / Double(n) * total
            while seg < pts.count - 1 && cumulative[seg + 1] < d { seg += 1 }
            let len = cumulative[seg + 1] - cumulative[seg]
            let t = len > 0 ? (d - cumulative[seg]) / len : 0
            out.append(pts[seg].interpolated(to: pts[(seg + 1) % pts.count], t))
        }
        return out
    }
}

/// A morph between two outlines: contours paired up, start points aligned to
/// minimise travel. Extra solid contours come from (or go to) copies of the nearest
/// contour on the other side; holes grow from (or shrink to) their centre, so the
/// shape never pops at either end.
struct OutlineMorph {
    /// (from, to) point lists of equal length, unit box.
    let pairs: [(from: [Point], to: [Point])]

    init(from a: ShapeOutline, to b: ShapeOutline) {
        var pairs: [([Point], [Point])] = []
        let solidsA = a.contours.filter { !$0.isHole }
        let solidsB = b.contours.filter { !$0.isHole }
        func nearest(_ c: ShapeOutline.Contour, in list: [ShapeOutline.Contour]) -> ShapeOutline.Contour? {
            list.min { $0.centroid.distance(to: c.centroid) < $1.centroid.distance(to: c.centroid) }
        }
        var usedA = Set<Int>()
        for tb in solidsB {
            guard let sa = nearest(tb, in: solidsA) else { continue }
            if let i = solidsA.firstIndex(of: sa) { usedA.insert(i) }
            pairs.append((sa.points, Self.align(sa.points, to: tb.points)))
        }
        for (i, sa) in solidsA.enumerated() where !usedA.contains(i) {
            guard let tb = nearest(sa, in: solidsB) else { continue }
            pairs.append((sa.points, Self.align(sa.points, to: tb.points)))
        }
        for h in a.contours where h.isHole {
            pairs.append((h.points, Array(repeating: h.centroid, count: h.points.count)))
        }
        for h in b.contours where h.isHole {
            pairs.append((Array(repeating: h.centroid, count: h.points.count), h.points))
        }
        self.pairs = pairs
    }

    /// `target` rotated so its start lines up with `source` (least total squared travel).
    static func align(_ source: [Point], to target: [Point]) -> [Point] {
        let n = target.count
        guard n == source.count, n > 0 else { return target }
        var best = 0
        var bestCost = Double.infinity
        for k in 0..<n {
            var cost = 0.0
            for i in 0..<n {
                let p = source[i]
                let q = target[(i + k) % n]
                cost += (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
                if cost >= bestCost { break }
            }
            if cost < bestCost {
                bestCost = cost
                best = k
            }
        }
        return (0..<n).map { target[($0 + best) % n] }
    }

    /// The contours at `progress` (0 = from, 1 = to), unit box.
    func contours(at progress: Double) -> [[Point]] {
        let t = min(max(progress, 0), 1)
        return pairs.map { pair in
            zip(pair.from, pair.to).map { $0.interpolated(to: $1, t) }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
