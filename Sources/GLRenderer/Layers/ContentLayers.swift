import PointerCore
import PointerRendering

/// Each region's image, symbol and label, rasterised by Cairo into textures the
/// GPU transforms (scale, rotation, parallax), as Core Animation treats a
/// rasterised layer:
/// - a region at rest gets a layer on the device pixel grid: a pixel-exact copy
///   of what Cairo would draw there;
/// - while it moves or scales, a layer drawn at the next density step up
///   (1, 1.05, 1.1 … 8 × the output scale) is resampled, so a zoom or a lift
///   re-rasterises a few times, not every frame, and text stays sharp;
/// - once it holds still in a new place (the same transform two draws running:
///   a lifted icon under a resting pointer, a zoomed map), it is rasterised
///   once more for exactly that transform, and is pixel-exact again.
///
/// Layers that scale or move without rotating (a button's symbol under
/// highlight's parallax, a lifted icon, a hovered card's text) are rasterised
/// for each new transform instead, up to `exactBudget` device pixels (a
/// 400 × 88 pt card at scale 2): Cairo snaps each glyph to the pixel grid,
/// which no resampling of a cached layer reproduces, and at that size drawing
/// them costs less than a frame's worth of anything else. Large or rotating layers (a zoomed, turned map) keep the
/// cached, GPU-transformed path.
final class ContentLayers {
    private var layers: [Int: [Entry]] = [:]
    private var lastTransform: [Int: AffineTransform] = [:]
    private var clock = 0
    private(set) var rasterised = 0
    static let steps: [Double] = [0.5, 0.75, 1, 1.05, 1.1, 1.15, 1.2, 1.3, 1.4, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8]
    /// Room around the region for glyphs that overhang it (pt).
    static let padding = 6.0
    /// The largest layer (device px) drawn anew for each transform; 0 = never.
    var exactBudget = 400_000

    private struct Entry {
        let layer: TextureLayer
        /// Set for a layer drawn for one transform in device space.
        let exactFor: AffineTransform?
    }

    func removeAll() {
        layers = [:]
        lastTransform = [:]
    }

    var byteCount: Int { layers.values.joined().reduce(0) { $0 + $1.layer.texture.byteCount } }

    /// The layer for region `i` drawn through `local` (its pt → device px), the
    /// transform to draw its rect with, and whether its texels land on device
    /// pixels (exact: no resampling) or it is resampled.
    func layer(
        _ i: Int, local: AffineTransform, scale: Double, painter: CairoLayerPainter,
        maxSide: Int
    ) throws -> (layer: TextureLayer, transform: AffineTransform, exact: Bool) {
        clock += 1
        let settled = lastTransform[i] == local
        lastTransform[i] = local
        var list = layers[i] ?? []
        let still = local.b == 0 && local.c == 0 && abs(local.a - scale) < 1e-9 && abs(local.d - scale) < 1e-9
        let shape = painter.planner.regionShape(i)
        let bounds = Rect(
            x: -Self.padding, y: -Self.padding, width: shape.size.width + 2 * Self.padding,
            height: shape.size.height + 2 * Self.padding)

        if still {
            if let hit = list.first(where: { $0.exactFor == nil && $0.layer.isPixelExact(under: local) }) {
                hit.layer.lastUse = clock
                return (hit.layer, local, true)
            }
        } else if let hit = list.first(where: { $0.exactFor == local }) {
            hit.layer.lastUse = clock
            return (hit.layer, .identity, true)
        }

        let entry: Entry
        if still {
            // Shift the layer's grid so its pixels fall on the device's.
            let o = local.apply(bounds.origin)
            let phase = Point(x: o.x - o.x.rounded(.down), y: o.y - o.y.rounded(.down))
            entry = Entry(
                layer: try raster(
                    i, bounds: bounds, density: scale, phase: phase, painter: painter, maxSide: maxSide),
                exactFor: nil)
        } else if settled || (local.b == 0 && local.c == 0 && deviceArea(bounds, local) <= Double(exactBudget)),
            let exact = try exactLayer(i, bounds: bounds, local: local, painter: painter, maxSide: maxSide)
        {
            entry = Entry(layer: exact, exactFor: local)
        } else {
            let u = local.uniformScale / scale
            let wanted = scale * (Self.steps.first { $0 >= u * (1 - 1e-6) } ?? Self.steps[Self.steps.count - 1])
            if let hit = list.first(where: { $0.exactFor == nil && abs($0.layer.density - wanted) < 1e-9 }) {
                hit.layer.lastUse = clock
                return (hit.layer, local, false)
            }
            entry = Entry(
                layer: try raster(
                    i, bounds: bounds, density: wanted, phase: .zero, painter: painter, maxSide: maxSide),
                exactFor: nil)
        }
        entry.layer.lastUse = clock
        list.append(entry)
        if list.count > 4, let oldest = list.indices.min(by: { list[$0].layer.lastUse < list[$1].layer.lastUse }) {
            list.remove(at: oldest)
        }
        layers[i] = list
        return (entry.layer, entry.exactFor == nil ? local : .identity, still || entry.exactFor != nil)
    }

    private func deviceArea(_ bounds: Rect, _ local: AffineTransform) -> Double {
        let d = local.apply(bounds)
        return d.width * d.height
    }

    private func raster(
        _ i: Int, bounds: Rect, density wanted: Double, phase: Point, painter: CairoLayerPainter,
        maxSide: Int
    ) throws -> TextureLayer {
        var density = wanted
        let longest = max(bounds.width, bounds.height)
        if longest * density + 4 > Double(maxSide) { density = Double(maxSide - 4) / longest }
        rasterised += 1
        return try LayerRaster.make(bounds: bounds, density: density, phase: phase, pad: 1, maxSide: maxSide) {
            image, t in
            try painter.drawContentLayer(i, into: image, transform: t)
        }
    }

    /// The content drawn through `local` itself, in device pixels (nil when too large).
    private func exactLayer(
        _ i: Int, bounds: Rect, local: AffineTransform, painter: CairoLayerPainter,
        maxSide: Int
    ) throws -> TextureLayer? {
        let d = local.apply(bounds)
        let x0 = d.minX.rounded(.down) - 1
        let y0 = d.minY.rounded(.down) - 1
        let w = Int(d.maxX.rounded(.up) - x0) + 1
        let h = Int(d.maxY.rounded(.up) - y0) + 1
        guard w <= maxSide, h <= maxSide, w * h <= 4_000_000 else { return nil }
        let image = try ImageSurface(width: max(w, 1), height: max(h, 1))
        try painter.drawContentLayer(
            i, into: image, transform: AffineTransform.translation(-x0, -y0).concatenating(local))
        rasterised += 1
        return TextureLayer(
            texture: try GLTexture(image: image),
            rect: Rect(x: x0, y: y0, width: Double(w), height: Double(h)), density: 1)
    }
}
