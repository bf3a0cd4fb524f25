import Foundation
import PointerCore
@testable import PointerRendering

/// How two renders of one frame differ, per pixel and channel (premultiplied
/// ARGB bytes, what a compositor shows).
struct PixelComparison: CustomStringConvertible {
    /// The parity tolerance: a pixel matches when every channel is within this many levels.
    static let tolerance = 12
    /// The share of matching pixels a frame needs.
    static let requiredShare = 0.98

    var pixels = 0
    var matching = 0
    var worst = 0
    /// Where the worst channel difference is.
    var worstAt = (x: 0, y: 0)

    var share: Double { pixels == 0 ? 1 : Double(matching) / Double(pixels) }
    var passes: Bool { share >= Self.requiredShare }

    var description: String {
        String(format: "%.2f %% of %d px within %d/255 (worst %d at %d,%d)", share * 100, pixels, Self.tolerance,
               worst, worstAt.x, worstAt.y)
    }

    init(_ a: ImageSurface, _ b: ImageSurface) throws {
        guard a.width == b.width, a.height == b.height else {
            pixels = max(a.width * a.height, 1)
            return
        }
        let w = a.width, h = a.height, sa = a.stride, sb = b.stride
        var stats = (pixels: 0, matching: 0, worst: 0, x: 0, y: 0)
        try a.withPixels { pa in
            try b.withPixels { pb in
                for y in 0..<h {
                    for x in 0..<w {
                        let u = pa.load(fromByteOffset: y * sa + x * 4, as: UInt32.self)
                        let v = pb.load(fromByteOffset: y * sb + x * 4, as: UInt32.self)
                        var d = 0
                        for shift in stride(from: 0, to: 32, by: 8) {
                            d = max(d, abs(Int((u >> UInt32(shift)) & 0xFF) - Int((v >> UInt32(shift)) & 0xFF)))
                        }
                        stats.pixels += 1
                        if d <= Self.tolerance { stats.matching += 1 }
                        if d > stats.worst { stats.worst = d; stats.x = x; stats.y = y }
                    }
                }
            }
        }
        pixels = stats.pixels
        matching = stats.matching
        worst = stats.worst
        worstAt = (stats.x, stats.y)
    }

    /// A picture of the difference: black where equal, brighter with the difference
    /// (×8), red where a pixel is beyond the tolerance.
    static func differenceImage(_ a: ImageSurface, _ b: ImageSurface) throws -> ImageSurface {
        let out = try ImageSurface(width: a.width, height: a.height)
        let w = min(a.width, b.width), h = min(a.height, b.height)
        try out.withPixels { po in
            try a.withPixels { pa in
                try b.withPixels { pb in
                    for y in 0..<h {
                        for x in 0..<w {
                            let u = pa.load(fromByteOffset: y * a.stride + x * 4, as: UInt32.self)
                            let v = pb.load(fromByteOffset: y * b.stride + x * 4, as: UInt32.self)
                            var d = 0
                            for shift in stride(from: 0, to: 32, by: 8) {
                                d = max(d, abs(Int((u >> UInt32(shift)) & 0xFF) - Int((v >> UInt32(shift)) & 0xFF)))
                            }
                            let g = UInt32(min(255, d * 8))
                            let px: UInt32 = d > tolerance ? 0xFFFF_0000 : (0xFF00_0000 | g << 16 | g << 8 | g)
                            po.storeBytes(of: px, toByteOffset: y * out.stride + x * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return out
    }
}

extension PixelComparison {
    /// Cairo | GL | difference, side by side, of `crop` (pixels) magnified `zoom` times.
    static func sideBySide(_ a: ImageSurface, _ b: ImageSurface, crop: (x: Int, y: Int, w: Int, h: Int), zoom: Double) throws -> ImageSurface {
        let diff = try differenceImage(a, b)
        let w = Double(crop.w) * zoom, h = Double(crop.h) * zoom
        let out = try ImageSurface(width: Int(3 * w + 20), height: Int(h))
        let ctx = try CairoContext(surface: out)
        ctx.setSource(RGBA(r: 0.2, g: 0.2, b: 0.2))
        ctx.paint()
        for (i, img) in [a, b, diff].enumerated() {
            ctx.save()
            ctx.translate(Double(i) * (w + 10), 0)
            ctx.newPath(); ctx.rectangle(Rect(x: 0, y: 0, width: w, height: h)); ctx.clip()
            ctx.scale(zoom, zoom)
            ctx.setSource(img, x: -Double(crop.x), y: -Double(crop.y), smooth: false)
            ctx.paint()
            ctx.restore()
        }
        return out
    }
}
