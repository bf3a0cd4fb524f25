import PointerCore

/// Samples a stage's own pixels, cheaply: the stage is rendered once at rest into a
/// small image (about 4 pt per pixel, at most 512 px on the longer side) and turned
/// into a summed-area table. Because the table is bilinear inside each cell, the
/// mean over any rect — including fractional pixel coverage — is exact for that
/// image and varies continuously as the rect moves: the pointer's colour glides
/// across edges instead of flipping. O(1) per query.
public final class StageBackgroundSampler: BackgroundSampler {
    /// Canvas pt per sample pixel.
    public let pointsPerPixel: Double
    private let w: Int, h: Int
    /// (w+1)×(h+1) running sums of premultiplied r, g, b and a (0…255 each):
    /// exact in 32 bits for any sample image (≤ 512×512 px), half the memory of doubles.
    private var table: [SIMD4<UInt32>]

    /// Builds the table from an already rendered image of the canvas (`image`
    /// covers the canvas at `pointsPerPixel`).
    public init(image: ImageSurface, pointsPerPixel: Double) throws {
        self.pointsPerPixel = pointsPerPixel
        w = image.width
        h = image.height
        let stride = image.stride
        let width = w
        let height = h
        var t = [SIMD4<UInt32>](repeating: .zero, count: (w + 1) * (h + 1))
        try image.withPixels { raw in
            for y in 0..<height {
                var row = SIMD4<UInt32>.zero
                for x in 0..<width {
                    let v = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    row &+= SIMD4<UInt32>((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF, v >> 24)
                    t[(y + 1) * (width + 1) + x + 1] = t[y * (width + 1) + x + 1] &+ row
                }
            }
        }
        table = t
    }

    /// Sample-image size for a canvas: about 4 pt per pixel, ≤ 512 px on the longer side.
    public static func pointsPerPixel(for canvas: Size) -> Double {
        max(4, max(canvas.width, canvas.height) / 512)
    }

    /// Integral of the image over [0,x]×[0,y] in sample pixels (bilinear in the table).
    private func integral(_ x: Double, _ y: Double) -> SIMD4<Double> {
        let cx = min(max(x, 0), Double(w))
        let cy = min(max(y, 0), Double(h))
        let x0 = min(Int(cx), w - 1)
        let y0 = min(Int(cy), h - 1)
        let fx = cx - Double(x0)
        let fy = cy - Double(y0)
        let rowLength = w + 1
        func at(_ i: Int) -> SIMD4<Double> { SIMD4<Double>(table[i]) / 255 }
        let a = at(y0 * rowLength + x0)
        let b = at(y0 * rowLength + x0 + 1)
        let c = at((y0 + 1) * rowLength + x0)
        let d = at((y0 + 1) * rowLength + x0 + 1)
        return a * ((1 - fx) * (1 - fy)) + b * (fx * (1 - fy)) + c * ((1 - fx) * fy) + d * (fx * fy)
    }

    public func averageColor(in rect: Rect) -> RGBA {
        let s = 1 / pointsPerPixel
        var x0 = rect.minX * s
        var x1 = rect.maxX * s
        var y0 = rect.minY * s
        var y1 = rect.maxY * s
        // Outside the canvas: clamp the rect into it so edges keep a sensible colour.
        x0 = min(max(x0, 0), Double(w))
        x1 = min(max(x1, 0), Double(w))
        y0 = min(max(y0, 0), Double(h))
        y1 = min(max(y1, 0), Double(h))
        if x1 - x0 < 0.25 {
            let m = (x0 + x1) / 2
            x0 = max(0, m - 0.125)
            x1 = min(Double(w), m + 0.125)
        }
        if y1 - y0 < 0.25 {
            let m = (y0 + y1) / 2
            y0 = max(0, m - 0.125)
            y1 = min(Double(h), m + 0.125)
        }
        let area = (x1 - x0) * (y1 - y0)
        guard area > 0 else { return .clear }
        let sum = integral(x1, y1) - integral(x0, y1) - integral(x1, y0) + integral(x0, y0)
        let mean = sum / area
        let a = min(max(mean[3], 0), 1)
        guard a > 0.0001 else { return .clear }
        return RGBA(r: min(mean[0] / a, 1), g: min(mean[1] / a, 1), b: min(mean[2] / a, 1), a: a)
    }
}
