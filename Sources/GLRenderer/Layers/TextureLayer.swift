import PointerCore
import PointerRendering

/// A cached texture and the rect (in the space it is drawn from: a region's
/// own pt, or canvas pt) that it covers.
final class TextureLayer {
    let texture: GLTexture
    let rect: Rect
    /// Texture pixels per pt of `rect`.
    let density: Double
    var lastUse = 0

    init(texture: GLTexture, rect: Rect, density: Double) {
        self.texture = texture
        self.rect = rect
        self.density = density
    }

    /// Drawn through `transform` at exactly this layer's density, its pixels land on
    /// whole device pixels: sampling copies them, as Cairo drawing there would.
    func isPixelExact(under transform: AffineTransform) -> Bool {
        guard transform.b == 0, transform.c == 0, abs(transform.a - density) < 1e-9, abs(transform.d - density) < 1e-9
        else {
            return false
        }
        let o = transform.apply(rect.origin)
        return abs(o.x - o.x.rounded()) < 1e-4 && abs(o.y - o.y.rounded()) < 1e-4
    }
}

/// Rasterises Cairo art into layers: `draw` paints in `rect`'s space through the
/// transform it is given (that space → layer pixels).
enum LayerRaster {
    /// A layer covering `bounds` (pt of its space) at `density` px per pt, whose pixel
    /// grid is shifted by `phase` (0…1 px) so it can match a device grid; `pad` px of
    /// transparent margin on every side.
    static func make(
        bounds: Rect, density: Double, phase: Point, pad: Int, maxSide: Int,
        draw: (ImageSurface, AffineTransform) throws -> Void
    ) throws -> TextureLayer {
        let w = Int((bounds.width * density + phase.x).rounded(.up)) + 2 * pad
        let h = Int((bounds.height * density + phase.y).rounded(.up)) + 2 * pad
        guard w <= maxSide, h <= maxSide else { throw GLError.tooLarge(width: w, height: h, limit: maxSide) }
        let image = try ImageSurface(width: max(w, 1), height: max(h, 1))
        // Layer pixel (i, j) shows point bounds.origin + ((i, j) - phase - pad) / density.
        let ox = phase.x + Double(pad)
        let oy = phase.y + Double(pad)
        let t = AffineTransform.translation(ox, oy).concatenating(.scaling(density))
            .concatenating(.translation(-bounds.minX, -bounds.minY))
        try draw(image, t)
        let rect = Rect(
            x: bounds.minX - ox / density, y: bounds.minY - oy / density,
            width: Double(image.width) / density, height: Double(image.height) / density)
        return TextureLayer(texture: try GLTexture(image: image), rect: rect, density: density)
    }
}
