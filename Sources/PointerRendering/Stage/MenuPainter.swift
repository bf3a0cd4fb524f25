import PointerCore

/// The context menu (E26): a rounded, slightly translucent panel with a soft
/// shadow, one row per item, hairline separators; the pointer is the highlight
/// of the row under it.
/// Drawn in two layers, the panel and then the text, so the pointer can sit
/// between them and never cover a row's label.
struct MenuPainter {
    static let cornerRadius = 13.0
    static let shadowDrop = 6.0

    let palette: Palette

    /// The whole menu, panel and text.
    func draw(_ menu: ContextMenu, effects: EffectCache, ctx: CairoContext) throws {
        try drawPanel(menu, effects: effects, ctx: ctx)
        drawText(menu, color: palette.label, ctx: ctx)
    }

    /// Shadow, panel and the separators (the pointer is the row's highlight).
    func drawPanel(_ menu: ContextMenu, effects: EffectCache, ctx: CairoContext) throws {
        let f = menu.frame
        ctx.save()
        defer { ctx.restore() }
        ctx.translate(f.minX, f.minY)
        let shadow = try effects.shadow(size: f.size, radius: Self.cornerRadius)
        shadow.draw(ctx, alpha: palette.shadowAlpha * 0.8, offset: Point(x: 0, y: Self.shadowDrop))
        let box = Rect(x: 0, y: 0, width: f.width, height: f.height)
        ctx.newPath()
        ctx.roundedRect(box, radius: Self.cornerRadius)
        ctx.setSource(palette.menuBackground)
        ctx.fillPreserve()
        ctx.clip()
        // The row under the pointer has no tint of its own: the pointer becomes its highlight (E26).
        for (i, row) in Self.rows(menu).enumerated() {
            if i > 0 {
                ctx.newPath()
                ctx.rectangle(Rect(x: 16, y: row.minY - 0.25, width: f.width - 32, height: 0.5))
                ctx.setSource(palette.menuSeparator)
                ctx.fill()
            }
        }
    }

    /// The items' labels in `color`.
    func drawText(_ menu: ContextMenu, color: RGBA, ctx: CairoContext) {
        let f = menu.frame
        ctx.save()
        defer { ctx.restore() }
        ctx.translate(f.minX, f.minY)
        ctx.newPath()
        ctx.roundedRect(Rect(x: 0, y: 0, width: f.width, height: f.height), radius: Self.cornerRadius)
        ctx.clip()
        let rows = Self.rows(menu)
        ctx.selectFont(family: RegionContentPainter.fontFamily, bold: false)
        ctx.setFontSize(13)
        let widest = menu.items.map { ctx.textExtents($0).xAdvance }.max() ?? 0
        var size = min(13, (rows.first?.height ?? 28) * 0.5)
        if widest * size / 13 > f.width - 32, widest > 0 { size = 13 * (f.width - 32) / widest }
        ctx.setFontSize(size)
        let fe = ctx.fontExtents()
        ctx.setSource(color)
        for (item, row) in zip(menu.items, rows) {
            ctx.newPath()
            ctx.move(to: Point(x: 16, y: row.midY + (fe.ascent - fe.descent) / 2))
            ctx.showText(item)
        }
    }

    /// Rows in menu-local pt, as `ContextMenu.rows` lays them out.
    static func rows(_ menu: ContextMenu) -> [Rect] {
        menu.rows.map { $0.offsetBy(Point(x: -menu.frame.minX, y: -menu.frame.minY)) }
    }

    /// Canvas to canvas: a menu opening or closing is drawn scaled about its anchor (E26).
    static func openingTransform(_ menu: ContextMenu) -> AffineTransform {
        guard menu.scale != 1 else { return .identity }
        let a = menu.scaleAnchor
        return AffineTransform.translation(a.x, a.y).concatenating(.scaling(menu.scale)).concatenating(
            .translation(-a.x, -a.y))
    }

    /// Everything the menu touches, its whole shadow layer included (the open menu's:
    /// an opening or closing one lies within it, scaled towards its corner).
    static func bounds(_ menu: ContextMenu) -> Rect {
        let reach = EffectGeometry(size: menu.frame.size).margin + shadowDrop + 1
        return menu.frame.insetBy(dx: -reach, dy: -reach)
    }
}
