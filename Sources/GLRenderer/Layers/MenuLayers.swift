import PointerCore
import PointerRendering

/// The open context menu (E26), rasterised by Cairo in two layers — the panel
/// and the text, once each — placed on the device pixel grid (the pointer, the
/// row's highlight, goes between them); moving the pointer costs nothing, and a
/// fade reuses them (the opacity is applied when they are drawn).
final class MenuLayers {
    private var cached: [(menu: ContextMenu, part: CairoLayerPainter.MenuPart, layer: TextureLayer)] = []

    func removeAll() { cached = [] }

    func layer(
        _ menu: ContextMenu, part: CairoLayerPainter.MenuPart, base: AffineTransform,
        painter: CairoLayerPainter, maxSide: Int
    ) throws -> TextureLayer {
        if let hit = cached.first(where: { $0.menu == menu && $0.part == part && $0.layer.isPixelExact(under: base) }) {
            return hit.layer
        }
        let bounds = ScenePlanner.menuBounds(menu)
        let o = base.apply(bounds.origin)
        let phase = Point(x: o.x - o.x.rounded(.down), y: o.y - o.y.rounded(.down))
        let layer = try LayerRaster.make(bounds: bounds, density: base.a, phase: phase, pad: 1, maxSide: maxSide) {
            image, t in
            try painter.drawMenuLayer(menu, part: part, into: image, transform: t)
        }
        cached.append((menu, part, layer))
        if cached.count > 6 { cached.removeFirst() }
        return layer
    }
}
