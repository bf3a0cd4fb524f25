import PointerCore
import PointerRendering
import SceneFormat
import SceneLint

/// Decodes the PNGs a scene refers to (via Cairo) for the lint rules that compare a
/// region's corner radius with the drawing. Unreadable images give nil: `validate`
/// reports missing files, lint just skips the comparison.
struct PNGSceneImages: SceneImageSource {
    /// A corner-radius comparison does not need a poster: larger images are skipped.
    static let maxPixels = 4096 * 4096

    func image(atPath path: String) -> RasterImage? {
        // Read once and checked whole (size, header, chunk lengths and CRCs) before
        // decoding: a small file may claim 20000 × 20000 px or a 4 GB chunk.
        guard let (header, bytes) = try? PNGFile.read(path: path),
            header.width * header.height <= Self.maxPixels,
            let image = try? ImageSurface.decodePNG(bytes, path: path)
        else { return nil }
        let width = image.width
        let height = image.height
        let stride = image.stride
        let opaque = !image.hasAlpha
        guard width > 0, height > 0, width * height <= Self.maxPixels else { return nil }
        return try? image.withPixels { data -> RasterImage in
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // Native-endian premultiplied ARGB → straight RGBA.
                    let p = row[x]
                    let a = opaque ? 255 : UInt32((p >> 24) & 0xFF)
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
}
