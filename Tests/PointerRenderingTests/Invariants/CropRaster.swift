import PointerCore

@testable import PointerRendering

/// A rendered crop's pixels as straight sRGB (0…255, three floats a pixel),
/// composited over an opaque backdrop so transparent overlays compare like stages.
struct CropRaster {
    let width: Int
    let height: Int
    var rgb: [Float]

    init(_ s: ImageSurface, over backdrop: RGBA) throws {
        width = s.width
        height = s.height
        var out = [Float](repeating: 0, count: s.width * s.height * 3)
        let br = Float(backdrop.r * 255)
        let bg = Float(backdrop.g * 255)
        let bb = Float(backdrop.b * 255)
        let w = s.width
        let h = s.height
        let stride = s.stride
        try s.withPixels { raw in
            for y in 0..<h {
                for x in 0..<w {
                    let v = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    let k = 1 - Float(v >> 24) / 255
                    let i = (y * w + x) * 3
                    // Premultiplied: colour + (1 − alpha) · backdrop.
                    out[i] = Float((v >> 16) & 0xFF) + k * br
                    out[i + 1] = Float((v >> 8) & 0xFF) + k * bg
                    out[i + 2] = Float(v & 0xFF) + k * bb
                }
            }
        }
        rgb = out
    }

    /// The largest channel difference at pixel `i` against `other`.
    func difference(_ other: CropRaster, at i: Int) -> Float {
        let j = i * 3
        return max(abs(rgb[j] - other.rgb[j]), abs(rgb[j + 1] - other.rgb[j + 1]), abs(rgb[j + 2] - other.rgb[j + 2]))
    }

    func color(at i: Int) -> RGBA {
        RGBA(r: Double(rgb[i * 3]) / 255, g: Double(rgb[i * 3 + 1]) / 255, b: Double(rgb[i * 3 + 2]) / 255)
    }
}

/// Coverage (alpha 0…1) of something drawn alone into a crop.
struct CropMask {
    let width: Int
    let height: Int
    var alpha: [Float]

    init(_ s: ImageSurface) throws {
        width = s.width
        height = s.height
        var out = [Float](repeating: 0, count: s.width * s.height)
        let w = s.width
        let h = s.height
        let stride = s.stride
        try s.withPixels { raw in
            for y in 0..<h {
                for x in 0..<w {
                    out[y * w + x] = Float(raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) >> 24) / 255
                }
            }
        }
        alpha = out
    }

    init(empty width: Int, _ height: Int) {
        self.width = width
        self.height = height
        alpha = [Float](repeating: 0, count: width * height)
    }

    mutating func formUnion(_ o: CropMask) {
        for i in alpha.indices { alpha[i] = max(alpha[i], o.alpha[i]) }
    }
}

/// WCAG contrast ratio of two sRGB colours (≥ 1).
func contrastRatio(_ a: RGBA, _ b: RGBA) -> Double {
    let la = a.luminance
    let lb = b.luminance
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

extension RGBA {
    /// `#RRGGBB`, for messages.
    var hex: String {
        func byte(_ v: Double) -> String {
            let n = Int((Swift.min(Swift.max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(r) + byte(g) + byte(b)
    }
}
