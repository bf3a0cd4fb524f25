import PointerCore

/// What Cairo rasterises for the GL renderer: the layers that are text and
/// vector art (a region's image, symbol and label; its body for the lift's
/// radiosity; the context menu), drawn into images the GPU then transforms
/// and composites. It paints layers, not frames: the GL renderer plans with
/// its `ScenePlanner` and draws everything else itself.
package final class CairoLayerPainter {
    /// The scene and its geometry, as the GL renderer plans with it.
    package let planner: ScenePlanner
    let content: RegionContentPainter
    /// The menu panel's blurred shadow.
    let effects = EffectCache()

    package init(planner: ScenePlanner) {
        self.planner = planner
        content = RegionContentPainter(palette: planner.palette, images: planner.images)
    }

    var layout: SceneLayout { planner.layout }
    var palette: Palette { planner.palette }

    /// Draws region `i`'s content over `surface`; `transform` maps its own pt to the surface's pixels.
    package func drawContentLayer(_ i: Int, into surface: ImageSurface, transform: AffineTransform) throws {
        guard i >= 0, i < layout.regions.count else { return }
        let ctx = try CairoContext(surface: surface)
        ctx.setMatrix(transform)
        content.drawContent(layout.regions[i], ctx: ctx)
        try ctx.checkStatus("drawing a content layer")
        surface.flush()
    }

    /// Draws region `i`'s fill and content (the body lift's radiosity blurs) over
    /// `surface`; `transform` maps its own pt to the surface's pixels.
    package func drawBodyLayer(_ i: Int, into surface: ImageSurface, transform: AffineTransform) throws {
        guard i >= 0, i < layout.regions.count else { return }
        let ctx = try CairoContext(surface: surface)
        ctx.setMatrix(transform)
        content.drawFill(layout.regions[i], ctx: ctx)
        content.drawContent(layout.regions[i], ctx: ctx)
        try ctx.checkStatus("drawing a body layer")
        surface.flush()
    }

    /// The two layers of an open menu: the pointer goes between them.
    package enum MenuPart: Sendable, Equatable { case panel, text }

    /// Draws a layer of the open menu over `surface` — the panel (shadow, rows,
    /// separators) or the text; `transform` maps canvas pt to the surface's pixels.
    package func drawMenuLayer(
        _ menu: ContextMenu, part: MenuPart, into surface: ImageSurface,
        transform: AffineTransform
    ) throws {
        let ctx = try CairoContext(surface: surface)
        ctx.setMatrix(transform)
        let painter = MenuPainter(palette: palette)
        switch part {
        case .panel: try painter.drawPanel(menu, effects: effects, ctx: ctx)
        case .text: painter.drawText(menu, color: palette.label, ctx: ctx)
        }
        try ctx.checkStatus("drawing the menu layer")
        surface.flush()
    }
}

/// The geometry the GL renderer needs to place and blur those layers as Cairo would.
extension ScenePlanner {
    /// Region `i` draws something in `RegionContentPainter.drawContent` (image, symbol or label).
    package func hasContentLayer(_ i: Int) -> Bool {
        guard i >= 0, i < layout.regions.count, let c = layout.regions[i].region.content else { return false }
        return c.symbol != nil || c.label != nil || c.image.map { images[$0] != nil } == true
    }

    /// Region `i` has a body to glow with (a fill or an image), as lift's radiosity needs.
    package func hasBody(_ i: Int) -> Bool {
        guard i >= 0, i < layout.regions.count else { return false }
        let c = layout.regions[i].region.content
        return c?.fill != nil || c?.image != nil
    }

    /// Canvas to canvas: how an opening or closing menu is drawn (scaled about its anchor).
    package static func menuTransform(_ menu: ContextMenu) -> AffineTransform { MenuPainter.openingTransform(menu) }

    /// Everything the menu touches (canvas pt).
    package static func menuBounds(_ menu: ContextMenu) -> Rect { MenuPainter.bounds(menu) }

    /// Shadow sizes for an element of `size` (pt): blur σ, drop, reach.
    package static func effectGeometry(size: Size) -> (
        shadowBlur: Double, shadowOffset: Double, glowBlur: Double, margin: Double
    ) {
        let g = EffectGeometry(size: size)
        return (g.shadowBlur, g.shadowOffset, g.glowBlur, g.margin)
    }

    /// The blurred layers' resolution and box radius as the Cairo EffectCache makes
    /// them, so a GPU blur can match its spread: pixels per pt, box radius in px.
    package static func effectBlur(size: Size, blur: Double) -> (pixelsPerPoint: Double, boxRadius: Int) {
        let g = EffectGeometry(size: size)
        let extent = max(size.width + 2 * g.margin, size.height + 2 * g.margin, 1)
        let k = min(1, 320 / extent)
        return (k, max(1, Int((blur * k).rounded())))
    }

    /// The appearance's shadow strength.
    package var shadowAlpha: Double { palette.shadowAlpha }

    /// The scene's corner radius and size of region `i`.
    package func regionShape(_ i: Int) -> (size: Size, radius: Double) {
        let r = layout.regions[i]
        return (r.frame.size, r.cornerRadius)
    }
}
