import CCairo
import PointerCore

/// Decodes the PNGs a scene refers to (via Cairo) for the lint rules that compare a
/// region's corner radius with the drawing. Unreadable images give nil: `validate`
/// reports missing files, lint just skips the comparison.
struct PNGSceneImages: SceneImageSource {
    /// A corner-radius comparison does not need a poster: larger images are skipped.
    static let maxPixels = 4096 * 4096

    func image(atPath path: String) -> RasterImage? {
        // Sized from the header before decoding: a small file may claim 20000 × 20000 px.
        guard case .png(let header) = PNGHeader.probe(path: path), header.limitProblem == nil,
              header.width * header.height <= Self.maxPixels else { return nil }
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, width * height <= Self.maxPixels else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                // Native-endian premultiplied ARGB → straight RGBA.
                let p = row[x]
                let a = format == CAIRO_FORMAT_RGB24 ? 255 : UInt32((p >> 24) & 0xFF)
                func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                let o = (y * width + x) * 4
                rgba[o] = un((p >> 16) & 0xFF)
                rgba[o + 1] = un((p >> 8) & 0xFF)
                rgba[o + 2] = un(p & 0xFF)
                rgba[o + 3] = UInt8(a)
            }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }
}
