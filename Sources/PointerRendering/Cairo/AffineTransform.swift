import PointerCore

/// A 2-D affine map `p ↦ (a·x + c·y + tx, b·x + d·y + ty)` (Cairo's matrix layout).
package struct AffineTransform: Equatable {
    package var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    package init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    package static let identity = AffineTransform()

    package static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(tx: x, ty: y)
    }
    package static func scaling(_ s: Double) -> AffineTransform { AffineTransform(a: s, d: s) }
    package static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * .pi / 180
        return AffineTransform(a: cos(r), b: sin(r), c: -sin(r), d: cos(r))
    }

    /// `self` applied after `inner`: (self ∘ inner)(p) = self(inner(p)).
    package func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    package func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Axis-aligned bounds of `r` after the map.
    package func apply(_ r: Rect) -> Rect {
        let pts = [
            apply(r.origin), apply(Point(x: r.maxX, y: r.minY)),
            apply(Point(x: r.minX, y: r.maxY)), apply(Point(x: r.maxX, y: r.maxY)),
        ]
        let xs = pts.map(\.x)
        let ys = pts.map(\.y)
        let x0 = xs.min() ?? 0
        let y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// Uniform scale factor (for transforms made of scale + rotation).
    package var uniformScale: Double { (a * d - b * c).magnitude.squareRoot() }
}

extension AffineTransform {
    /// The inverse map (identity for a degenerate one).
    package func inverted() -> AffineTransform {
        let det = a * d - b * c
        guard det.magnitude > 1e-12 else { return .identity }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
