import RealModule

/// SVG elliptical arcs as cubic Béziers: the endpoint-to-centre conversion of SVG 1.1
/// Appendix F.6.5 (with the radius correction of F.6.6), then one cubic per ≤ 90° piece
/// (k = 4/3·tan(Δθ/4); radial error ≈ 2.7e-4 · r per quarter circle).
enum ArcConversion {
    static func cubics(
        from p0: Point, radii: Point, rotationDegrees: Double,
        largeArc: Bool, sweep: Bool, to p1: Point
    ) -> [PathElement] {
        // F.6.2: identical endpoints draw nothing; a zero radius is a straight line.
        if p0 == p1 { return [] }
        var rx = abs(radii.x)
        var ry = abs(radii.y)
        if rx == 0 || ry == 0 { return [.line(p1)] }

        let phi = rotationDegrees * .pi / 180
        let cosPhi = Double.cos(phi)
        let sinPhi = Double.sin(phi)
        let dx2 = (p0.x - p1.x) / 2
        let dy2 = (p0.y - p1.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2

        // F.6.6: radii too small to reach are scaled up just enough.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        let rx2 = rx * rx
        let ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let denominator = rx2 * y1p * y1p + ry2 * x1p * x1p
        var coefficient = denominator > 0 ? (max(0, numerator / denominator)).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1p / ry
        let cyp = -coefficient * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p1.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p1.y) / 2

        let u = Point(x: (x1p - cxp) / rx, y: (y1p - cyp) / ry)
        let v = Point(x: (-x1p - cxp) / rx, y: (-y1p - cyp) / ry)
        let theta1 = angle(Point(x: 1, y: 0), u)
        var delta = angle(u, v)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }

        // Absurd magnitudes (1e308) overflow to inf/NaN: draw the chord instead of trapping.
        guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            return [.line(p1)]
        }
        let segments = max(1, min(4, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up))))
        let step = delta / Double(segments)
        let k = 4.0 / 3.0 * Double.tan(step / 4)
        // Maps a point of the unit circle onto the rotated, scaled ellipse.
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + rx * x * cosPhi - ry * y * sinPhi, y: cy + rx * x * sinPhi + ry * y * cosPhi)
        }
        var out: [PathElement] = []
        out.reserveCapacity(segments)
        for i in 0..<segments {
            let t1 = theta1 + Double(i) * step
            let t2 = t1 + step
            let c1 = map(Double.cos(t1) - k * Double.sin(t1), Double.sin(t1) + k * Double.cos(t1))
            let c2 = map(Double.cos(t2) + k * Double.sin(t2), Double.sin(t2) - k * Double.cos(t2))
            // The last piece ends exactly on the written end point.
            let end = i == segments - 1 ? p1 : map(Double.cos(t2), Double.sin(t2))
            out.append(.cubic(c1, c2, end))
        }
        return out
    }

    /// Signed angle from u to v.
    static func angle(_ u: Point, _ v: Point) -> Double {
        Double.atan2(y: u.x * v.y - u.y * v.x, x: u.x * v.x + u.y * v.y)
    }
}
