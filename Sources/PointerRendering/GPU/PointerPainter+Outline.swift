import PointerCore

extension PointerPainter {
    /// The outline `addPath` traces for `v`, as data (canvas pt): a rounded rect,
    /// or polygons with curves flattened to within 1/20 of a device pixel at `scale`.
    func outline(_ v: VisiblePointer, scale: Double) -> PointerOutline {
        let f = Self.drawnFrame(v)
        if let t = v.transition, t.progress < 1 {
            let plan = morphPlan(from: t.from, to: v.geometry)
            return .polygons(
                plan.contours(at: t.progress).map { contour in
                    contour.map { Point(x: f.minX + $0.x * f.width, y: f.minY + $0.y * f.height) }
                })
        }
        switch v.geometry {
        case .roundedRect:
            let r = max(0, min(v.cornerRadius * max(v.scale, 0), min(f.width, f.height) / 2))
            return .roundedRect(f, radius: r <= 0.01 ? 0 : r)
        case .path(let p):
            let sx = f.width / max(p.size.width, 0.0001)
            let sy = f.height / max(p.size.height, 0.0001)
            return .polygons(
                Self.flatten(p.elements, tolerance: 0.05 / max(scale, 0.01)) {
                    Point(x: f.minX + $0.x * sx, y: f.minY + $0.y * sy)
                })
        }
    }

    /// Subpaths of `elements` as closed polygons (mapped by `map`), each cubic cut
    /// into enough lines that none strays more than `tolerance` (mapped units).
    static func flatten(_ elements: [PathElement], tolerance: Double, map: (Point) -> Point) -> [[Point]] {
        var out: [[Point]] = []
        var current: [Point] = []
        var start = Point.zero
        var pen = Point.zero
        func finish() {
            if current.count >= 3 { out.append(current) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                let q = map(p)
                current = [q]
                start = q
                pen = q
            case .line(let p):
                if current.isEmpty {
                    current = [pen]
                    start = pen
                }
                let q = map(p)
                current.append(q)
                pen = q
            case .cubic(let c1, let c2, let p):
                if current.isEmpty {
                    current = [pen]
                    start = pen
                }
                let a = map(c1)
                let b = map(c2)
                let q = map(p)
                // Uniform steps: the error is at most max|B''| / 8 · (1/n)², |B''| ≤ 6 · the control net's bend.
                let bend = max((pen - a * 2 + b).length, (a - b * 2 + q).length)
                let n = min(max(Int((6 * bend / (8 * tolerance)).squareRoot().rounded(.up)), 2), 128)
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    let x = u * u * u * pen.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * q.x
                    let y = u * u * u * pen.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * q.y
                    current.append(Point(x: x, y: y))
                }
                pen = q
            case .close:
                finish()
                pen = start
            }
        }
        finish()
        return out
    }
}
