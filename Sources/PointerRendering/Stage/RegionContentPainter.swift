import PointerCore

/// Draws what a region shows (docs/scene-format.md `content`): the fill (rounded with
/// the region's radius), image, symbol and label, in region-local coordinates
/// (the context's transform already maps 0…w, 0…h to the canvas).
struct RegionContentPainter {
    let palette: Palette
    let images: SceneImages
    static let fontFamily = "DejaVu Sans"

    func drawFill(_ r: LaidOutRegion, ctx: CairoContext, snap: ((Rect) -> Rect)? = nil) {
        guard let fill = r.region.content?.fill else { return }
        ctx.newPath()
        let box = Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height)
        ctx.roundedRect(snap?(box) ?? box, radius: r.cornerRadius)
        ctx.setSource(fill)
        ctx.fill()
    }

    /// Image, symbol and label: the layer that stays on top of a highlight pointer.
    func drawContent(_ r: LaidOutRegion, ctx: CairoContext) {
        guard let content = r.region.content else { return }
        let w = r.frame.width
        let h = r.frame.height
        let box = Rect(x: 0, y: 0, width: w, height: h)
        if let path = content.image, let img = images[path] {
            ctx.save()
            ctx.newPath()
            ctx.roundedRect(box, radius: r.cornerRadius)
            ctx.clip()
            // Aspect-fill, centred.
            let s = max(w / Double(img.width), h / Double(img.height))
            ctx.translate((w - Double(img.width) * s) / 2, (h - Double(img.height) * s) / 2)
            ctx.scale(s, s)
            ctx.setSource(img, x: 0, y: 0)
            ctx.paint()
            ctx.restore()
        }
        let color = content.color ?? content.fill.map(Palette.contrasting) ?? palette.label
        let lines =
            content.label.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        let wide = w >= 2.2 * h
        // A text area: lines laid on the region's vertical snap grid, where the I-beam snaps (A3).
        if let step = r.region.snap?.y, step > 4, !lines.isEmpty {
            drawTextArea(
                lines, step: step, origin: r.region.snap?.origin ?? .zero, width: w, height: h, color: color, ctx: ctx)
            return
        }
        switch (content.symbol, lines.isEmpty) {
        case (let sym?, true):
            let side = min(w, h) * (content.fill != nil ? 0.52 : 0.6)
            SymbolSet.draw(
                sym, in: Rect(center: box.center, size: Size(width: side, height: side)), color: color, ctx: ctx)
        case (nil, false):
            // Several lines in a wide region read as a paragraph: left-aligned.
            let left = wide && w > 200 && lines.count > 1
            drawLabel(lines, in: left ? box.insetBy(dx: 16, dy: 0) : box, alignLeft: left, color: color, ctx: ctx)
        case (let sym?, false):
            if wide {
                let side = min(h * 0.5, 32)
                let inset = max((h - side) / 2, 8)
                SymbolSet.draw(
                    sym, in: Rect(x: inset, y: (h - side) / 2, width: side, height: side), color: color, ctx: ctx)
                let x = inset + side + 12
                drawLabel(
                    lines, in: Rect(x: x, y: 0, width: max(w - x - 12, 1), height: h),
                    alignLeft: true, color: color, ctx: ctx)
            } else {
                let side = min(w, h) * 0.42
                SymbolSet.draw(
                    sym, in: Rect(x: (w - side) / 2, y: h * 0.14, width: side, height: side),
                    color: color, ctx: ctx)
                drawLabel(
                    lines, in: Rect(x: 2, y: h * 0.6, width: w - 4, height: h * 0.36),
                    alignLeft: false, color: color, ctx: ctx)
            }
        case (nil, true):
            break
        }
    }

    func drawTextArea(
        _ lines: [String], step: Double, origin: Point, width: Double, height: Double,
        color: RGBA, ctx: CairoContext
    ) {
        ctx.save()
        ctx.setSource(color)
        ctx.selectFont(family: Self.fontFamily, bold: false)
        ctx.setFontSize(min(step * 0.68, 17))
        let fe = ctx.fontExtents()
        for (i, line) in lines.enumerated() {
            let mid = origin.y + (Double(i) + 0.5) * step
            guard mid + step / 2 <= height else { break }
            ctx.newPath()
            ctx.move(to: Point(x: origin.x + 20, y: mid + (fe.ascent - fe.descent) / 2))
            ctx.showText(line)
        }
        ctx.restore()
    }

    /// Lines of text: the first bold when there are several (a title), vertically centred.
    func drawLabel(_ lines: [String], in box: Rect, alignLeft: Bool, color: RGBA, ctx: CairoContext) {
        guard !lines.isEmpty else { return }
        let n = Double(lines.count)
        var size = lines.count == 1 ? min(15, box.height * 0.68) : min(15, box.height * 0.62 / n / 1.2)
        size = max(size, 6)
        ctx.save()
        ctx.setSource(color)
        ctx.selectFont(family: Self.fontFamily, bold: false)
        ctx.setFontSize(size)
        // Shrink to fit the widest line.
        let widest = lines.map { ctx.textExtents($0).xAdvance }.max() ?? 0
        if widest > box.width && widest > 0 {
            size *= box.width / widest
            ctx.setFontSize(size)
        }
        let fe = ctx.fontExtents()
        let lineHeight = size * 1.3
        let total = lineHeight * (n - 1) + fe.ascent * 0.72
        var baseline = box.midY - total / 2 + fe.ascent * 0.72
        for (i, line) in lines.enumerated() {
            ctx.selectFont(family: Self.fontFamily, bold: lines.count > 1 && i == 0)
            let e = ctx.textExtents(line)
            let x = alignLeft ? box.minX : box.midX - e.xAdvance / 2
            ctx.newPath()
            ctx.move(to: Point(x: x, y: baseline))
            ctx.showText(line)
            baseline += lineHeight
        }
        ctx.restore()
    }
}
