import PointerCore

/// A blurred layer under an element is composited only where it can show:
/// within its extent, and not under the element's own opaque fill, which is
/// painted over it in the same frame. A hover card's shadow at scale 2 is
/// resampled over about 0.4 M pixels a frame, half of them hidden that way.
extension SceneRenderer {
    /// Device pixels a clip must spare before it pays.
    static let leftOutWorthwhile = 16_384.0

    /// Draws `layer` under region `r` (its matrix `local`), clipped as above.
    func drawUnder(
        _ r: LaidOutRegion, _ layer: EffectCache.Blurred, local: AffineTransform, alpha: Double,
        offset: Point = .zero, ctx: CairoContext
    ) {
        // Only for a plain scale and move, and in whole device pixels: a clip with a
        // fractional or slanted edge would make cairo build a mask, costing more than it saves.
        guard leavesHiddenEffectsOut, local.b == 0, local.c == 0, local.a > 0, local.d > 0 else {
            return layer.draw(ctx, alpha: alpha, offset: offset)
        }
        let o = local.apply(layer.extent.offsetBy(offset))
        let ox = o.minX.rounded(.down)
        let oy = o.minY.rounded(.down)
        let outer = Rect(x: ox, y: oy, width: o.maxX.rounded(.up) - ox, height: o.maxY.rounded(.up) - oy)
        let hole = opaqueInterior(r, pixel: 1 / min(local.a, local.d)).flatMap { covered -> Rect? in
            let d = local.apply(covered)
            let x0 = d.minX.rounded(.up)
            let y0 = d.minY.rounded(.up)
            let x1 = d.maxX.rounded(.down)
            let y1 = d.maxY.rounded(.down)
            return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
        let whole = local.apply(layer.bounds.offsetBy(offset))
        let saved = whole.width * whole.height - outer.width * outer.height + (hole.map { $0.width * $0.height } ?? 0)
        // A clip has a cost of its own (measured: a row of small icons at scale 1 drew slower).
        guard saved >= Self.leftOutWorthwhile else { return layer.draw(ctx, alpha: alpha, offset: offset) }
        ctx.save()
        defer { ctx.restore() }
        ctx.setMatrix(.identity)
        ctx.newPath()
        ctx.rectangle(outer)
        if let hole {
            ctx.rectangle(hole)
            ctx.setEvenOdd(true)
        }
        ctx.clip()
        ctx.setEvenOdd(false)
        ctx.setMatrix(local)
        layer.draw(ctx, alpha: alpha, offset: offset)
    }

    /// Local pt that `r`'s fill covers fully (no pixel there shows what is under it),
    /// at least `pixel` inside its rounded outline; nil when the fill lets anything through.
    func opaqueInterior(_ r: LaidOutRegion, pixel: Double) -> Rect? {
        guard let fill = r.region.content?.fill, fill.a >= 1 else { return nil }
        let radius = min(max(r.cornerRadius, 0), min(r.frame.width, r.frame.height) / 2)
        // A corner point at inset i lies (radius − i)·√2 from the arc's centre: keep it a pixel inside the arc.
        let inset = max(radius - (radius - pixel) / 2.squareRoot(), pixel)
        let box = Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height).insetBy(dx: inset, dy: inset)
        return box.width > 0 && box.height > 0 ? box : nil
    }
}
