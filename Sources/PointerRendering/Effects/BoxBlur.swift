/// Three box-blur passes per axis (≈ a Gaussian of σ ≈ radius) over premultiplied
/// ARGB32 pixels, in place. Runs once per cached effect, never per frame.
enum BoxBlur {
    static let passes = 3

    static func blur(_ surface: ImageSurface, radius: Int, passes: Int = BoxBlur.passes) throws {
        guard radius > 0 else { return }
        let w = surface.width
        let h = surface.height
        let stride = surface.stride
        try surface.withPixels { raw in
            var line = [UInt32](repeating: 0, count: max(w, h))
            var out = [UInt32](repeating: 0, count: max(w, h))
            for _ in 0..<passes {
                for y in 0..<h {
                    let row = raw + y * stride
                    for x in 0..<w { line[x] = row.load(fromByteOffset: x * 4, as: UInt32.self) }
                    boxLine(line, &out, count: w, radius: radius)
                    for x in 0..<w { row.storeBytes(of: out[x], toByteOffset: x * 4, as: UInt32.self) }
                }
                for x in 0..<w {
                    for y in 0..<h { line[y] = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
                    boxLine(line, &out, count: h, radius: radius)
                    for y in 0..<h { raw.storeBytes(of: out[y], toByteOffset: y * stride + x * 4, as: UInt32.self) }
                }
            }
        }
    }

    /// Running-sum box filter of one line; pixels beyond the ends count as transparent.
    private static func boxLine(_ src: [UInt32], _ dst: inout [UInt32], count n: Int, radius r: Int) {
        var s0 = 0
        var s1 = 0
        var s2 = 0
        var s3 = 0
        let window = 2 * r + 1
        func add(_ v: UInt32, _ sign: Int) {
            s0 += sign * Int(v >> 24)
            s1 += sign * Int((v >> 16) & 0xFF)
            s2 += sign * Int((v >> 8) & 0xFF)
            s3 += sign * Int(v & 0xFF)
        }
        for i in 0..<min(r, n) { add(src[i], 1) }
        for i in 0..<n {
            if i + r < n { add(src[i + r], 1) }
            if i - r - 1 >= 0 { add(src[i - r - 1], -1) }
            let half = window / 2
            let a = UInt32((s0 + half) / window)
            let rr = UInt32((s1 + half) / window)
            let g = UInt32((s2 + half) / window)
            let b = UInt32((s3 + half) / window)
            dst[i] = (a << 24) | (rr << 16) | (g << 8) | b
        }
    }
}
