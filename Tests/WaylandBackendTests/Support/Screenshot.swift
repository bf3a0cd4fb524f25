import CCairo
import Foundation

/// A decoded PNG screenshot (grim writes PNG; Cairo reads it) with the
/// pixel comparisons the end-to-end tests make.
struct Screenshot: CustomStringConvertible {
    /// Short, so a failed expectation does not print every pixel.
    var description: String { "Screenshot(\(width)×\(height))" }

    let width: Int
    let height: Int
    /// Premultiplied ARGB32 rows.
    private let pixels: [UInt32]

    init(path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw TestEnvironment.Failure("cannot read \(path)")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw TestEnvironment.Failure(
                "\(path) is not a PNG Cairo can read: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
            )
        }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw TestEnvironment.Failure("no pixel data in \(path)")
        }
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                out[y * width + x] = format == CAIRO_FORMAT_RGB24 ? row[x] | 0xFF00_0000 : row[x]
            }
        }
        pixels = out
    }

    /// (r, g, b) 0…255 at pixel (x, y).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixels[y * width + x]
        return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
    }

    /// Bounding box (in pixels) of the pixels inside `window` that differ from
    /// `other` by more than `threshold` (sum of channel differences); nil if none.
    func changedBounds(
        from other: Screenshot, in window: (x: Int, y: Int, w: Int, h: Int),
        threshold: Int = 24
    ) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        let x0 = max(0, window.x)
        let y0 = max(0, window.y)
        let x1 = min(width, window.x + window.w)
        let y1 = min(height, window.y + window.h)
        guard x0 < x1, y0 < y1 else { return nil }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let a = rgb(x, y)
                let b = other.rgb(x, y)
                if abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) > threshold {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
        }
        guard minX <= maxX else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
