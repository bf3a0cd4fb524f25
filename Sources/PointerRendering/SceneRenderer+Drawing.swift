import PointerCore

/// What only the Cairo execution needs: the opening menu's image, the pixels
/// drawn so far, and lift layers made on first use.
extension SceneRenderer {
    /// A menu opening or closing: its settled look, drawn once into an image at
    /// device scale, laid down scaled about its anchor with its opacity.
    func drawOpeningMenu(_ menu: ContextMenu, painter: MenuPainter, base: AffineTransform, ctx: CairoContext)
        throws
    {
        let settled = menu.settled
        let bounds = MenuPainter.bounds(settled)
        let image: ImageSurface
        if let cached = openingMenu, cached.menu == settled {
            image = cached.image
        } else {
            image = try ImageSurface(
                width: Int((bounds.width * scale).rounded(.up)) + 1,
                height: Int((bounds.height * scale).rounded(.up)) + 1)
            let c = try CairoContext(surface: image)
            c.setMatrix(AffineTransform.scaling(scale).concatenating(.translation(-bounds.minX, -bounds.minY)))
            // The pointer is not drawn between the layers while the menu fades.
            try painter.draw(settled, effects: effects, ctx: c)
            try c.checkStatus("drawing the menu")
            image.flush()
            openingMenu = (settled, image)
        }
        ctx.save()
        defer { ctx.restore() }
        ctx.setMatrix(base.concatenating(MenuPainter.openingTransform(menu)))
        ctx.translate(bounds.minX, bounds.minY)
        ctx.scale(1 / scale, 1 / scale)
        ctx.setSource(image, x: 0, y: 0, extend: false)
        ctx.paint(alpha: menu.opacity)
    }

    /// Reads the mean colour this draw call has painted so far over a canvas rect.
    func drawnSampler(ctx: CairoContext, origin: Point) -> (Rect) -> RGBA? {
        let s = scale
        return { r in
            ctx.target.averageColor(
                x0: (r.minX - origin.x) * s, y0: (r.minY - origin.y) * s,
                x1: (r.maxX - origin.x) * s, y1: (r.maxY - origin.y) * s)
        }
    }

    /// Region `i`'s shadow and radiosity, pre-composited (made on first use, then kept).
    func liftLayer(_ i: Int, _ r: LaidOutRegion) throws -> EffectCache.Blurred {
        let hasBody = r.region.content?.fill != nil || r.region.content?.image != nil
        return try effects.liftLayer(
            index: i, size: r.frame.size, radius: r.cornerRadius, shadowAlpha: palette.shadowAlpha, glowAlpha: 0.5,
            body: hasBody
                ? { c in
                    self.content.drawFill(r, ctx: c)
                    self.content.drawContent(r, ctx: c)
                } : nil)
    }
}
