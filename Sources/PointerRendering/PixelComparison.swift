import PointerCore

/// How two renders of the same frame differ, pixel by pixel: the share of
/// pixels whose every channel (premultiplied ARGB bytes, what a compositor
/// shows) is within `tolerance` levels, and the worst difference. The GL
/// renderer's parity with Cairo is measured with it (docs/gpu-renderer.md).
public struct PixelComparison: CustomStringConvertible, Sendable {
    /// Levels (of 255) a channel may differ by and still match.
    public static let defaultTolerance = 12

    public let tolerance: Int
    public private(set) var pixels = 0
    public private(set) var matching = 0
    public private(set) var worst = 0
    /// A pixel with the worst difference.
    public private(set) var worstAt = (x: 0, y: 0)

    /// The share of matching pixels, 0…1.
    public var share: Double { pixels == 0 ? 1 : Double(matching) / Double(pixels) }

    public var description: String {
        let percent = (share * 10000).rounded(.down) / 100
        return "\(percent) % of \(pixels) px within \(tolerance)/255 (worst \(worst) at \(worstAt.x),\(worstAt.y))"
    }

    /// Compares `a` and `b` over `region` (pixels; default all). Different sizes match nowhere.
    public init(
        _ a: ImageSurface, _ b: ImageSurface, region: (x: Int, y: Int, width: Int, height: Int)? = nil,
        tolerance: Int = PixelComparison.defaultTolerance
    ) throws {
        self.tolerance = tolerance
        guard a.width == b.width, a.height == b.height else {
            pixels = max(a.width * a.height, 1)
            worst = 255
            return
        }
        let r = region ?? (0, 0, a.width, a.height)
        let x0 = max(r.x, 0)
        let y0 = max(r.y, 0)
        let x1 = min(r.x + r.width, a.width)
        let y1 = min(r.y + r.height, a.height)
        guard x1 > x0, y1 > y0 else { return }
        var result = (pixels: 0, matching: 0, worst: 0, x: 0, y: 0)
        try a.withPixels { pa in
            try b.withPixels { pb in
                for y in y0..<y1 {
                    let ra = (pa + y * a.stride).assumingMemoryBound(to: UInt32.self)
                    let rb = (pb + y * b.stride).assumingMemoryBound(to: UInt32.self)
                    for x in x0..<x1 {
                        let u = ra[x]
                        let v = rb[x]
                        result.pixels += 1
                        if u == v {
                            result.matching += 1
                            continue
                        }
                        let d = Self.channelDifference(u, v)
                        if d <= tolerance { result.matching += 1 }
                        if d > result.worst { result = (result.pixels, result.matching, d, x, y) }
                    }
                }
            }
        }
        pixels = result.pixels
        matching = result.matching
        worst = result.worst
        worstAt = (result.x, result.y)
    }

    static func channelDifference(_ u: UInt32, _ v: UInt32) -> Int {
        let d0 = abs(Int(u & 0xFF) - Int(v & 0xFF))
        let d1 = abs(Int((u >> 8) & 0xFF) - Int((v >> 8) & 0xFF))
        let d2 = abs(Int((u >> 16) & 0xFF) - Int((v >> 16) & 0xFF))
        let d3 = abs(Int(u >> 24) - Int(v >> 24))
        return max(max(d0, d1), max(d2, d3))
    }

    /// The difference as a picture: black where equal, grey growing with the
    /// difference (×8), red where a pixel is beyond `tolerance`.
    public static func differenceImage(
        _ a: ImageSurface, _ b: ImageSurface,
        tolerance: Int = PixelComparison.defaultTolerance
    ) throws -> ImageSurface {
        let out = try ImageSurface(width: a.width, height: a.height)
        let w = min(a.width, b.width)
        let h = min(a.height, b.height)
        try out.withPixels { po in
            try a.withPixels { pa in
                try b.withPixels { pb in
                    for y in 0..<h {
                        let ra = (pa + y * a.stride).assumingMemoryBound(to: UInt32.self)
                        let rb = (pb + y * b.stride).assumingMemoryBound(to: UInt32.self)
                        let ro = (po + y * out.stride).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<w {
                            let d = channelDifference(ra[x], rb[x])
                            let g = UInt32(min(255, d * 8))
                            ro[x] = d > tolerance ? 0xFFFF_0000 : (0xFF00_0000 | g << 16 | g << 8 | g)
                        }
                    }
                }
            }
        }
        return out
    }
}
