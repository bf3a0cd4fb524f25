import PointerCore

/// Draws the visible pointer (D20–D22): its shape — rounded rect, path, or a morph
/// between outlines while `visible.transition` is set — filled with its material.
final class PointerPainter {
    private var morph: (from: ShapeGeometry, to: ShapeGeometry, plan: OutlineMorph)?
    private var outlines: [(ShapeGeometry, ShapeOutline)] = []

    /// The pointer's frame after press scaling.
    static func drawnFrame(_ v: VisiblePointer) -> Rect {
        let s = max(v.scale, 0)
        return Rect(center: v.frame.center, size: Size(width: v.frame.width * s, height: v.frame.height * s))
    }

    /// Bounds of everything the pointer can touch (with antialiasing), nil when invisible.
    static func bounds(_ v: VisiblePointer, hidden: Bool) -> Rect? {
        guard !hidden, v.opacity > 0.001 else { return nil }
        let f = v.frame
        let grow = max(v.scale, 1)
        return Rect(center: f.center, size: Size(width: f.width * grow, height: f.height * grow))
            .insetBy(dx: -2, dy: -2)
    }

    /// Adds the pointer outline to the context's path (canvas pt).
    func addPath(_ v: VisiblePointer, ctx: CairoContext) {
        let f = Self.drawnFrame(v)
        ctx.newPath()
        if let t = v.transition, t.progress < 1 {
            let plan = morphPlan(from: t.from, to: v.geometry)
            for contour in plan.contours(at: t.progress) {
                ctx.polygon(contour.map { Point(x: f.minX + $0.x * f.width, y: f.minY + $0.y * f.height) })
            }
            return
        }
        switch v.geometry {
        case .roundedRect:
            ctx.roundedRect(f, radius: v.cornerRadius * max(v.scale, 0))
        case .path(let p):
            let sx = f.width / max(p.size.width, 0.0001)
            let sy = f.height / max(p.size.height, 0.0001)
            func map(_ q: Point) -> Point { Point(x: f.minX + q.x * sx, y: f.minY + q.y * sy) }
            for e in p.elements {
                switch e {
                case .move(let q): ctx.move(to: map(q))
                case .line(let q): ctx.line(to: map(q))
                case .cubic(let c1, let c2, let q): ctx.curve(to: map(q), map(c1), map(c2))
                case .close: ctx.closePath()
                }
            }
        }
    }

    /// Adds the pointer outline grown by `grow` pt on every side: rounded shapes
    /// stay rounded; paths and morphs become their bounding box.
    func addGrownPath(_ v: VisiblePointer, grow: Double, ctx: CairoContext) {
        let f = Self.drawnFrame(v).insetBy(dx: -grow, dy: -grow)
        ctx.newPath()
        if v.transition == nil, case .roundedRect = v.geometry {
            ctx.roundedRect(f, radius: v.cornerRadius * max(v.scale, 0) + grow)
        } else {
            ctx.rectangle(f)
        }
    }

    /// Fills the pointer with `material` at `opacity`: one solid shape, no outline (D20).
    func draw(_ v: VisiblePointer, material: PointerMaterial, opacity: Double, scale: Double, ctx: CairoContext) {
        let o = min(max(opacity * v.opacity, 0), 1)
        guard o > 0.001 else { return }
        addPath(v, ctx: ctx)
        var fill = material.fill
        fill.a *= o
        ctx.setSource(fill)
        ctx.fill()
    }

    private func outline(_ g: ShapeGeometry) -> ShapeOutline {
        if let hit = outlines.first(where: { $0.0 == g }) { return hit.1 }
        let o = ShapeOutline(g)
        outlines.append((g, o))
        if outlines.count > 16 { outlines.removeFirst() }
        return o
    }

    func morphPlan(from: ShapeGeometry, to: ShapeGeometry) -> OutlineMorph {
        if let m = morph, m.from == from, m.to == to { return m.plan }
        let plan = OutlineMorph(from: outline(from), to: outline(to))
        morph = (from, to, plan)
        return plan
    }
}
