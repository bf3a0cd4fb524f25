import RealModule

/// A straight (non-premultiplied) sRGB colour, components in 0...1.
public struct RGBA: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = RGBA(r: 0, g: 0, b: 0)
    public static let white = RGBA(r: 1, g: 1, b: 1)
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// Relative luminance (WCAG, linearised sRGB), 0 = black, 1 = white.
    public var luminance: Double {
        func lin(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : Double.pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    public func interpolated(to other: RGBA, _ t: Double) -> RGBA {
        RGBA(
            r: r + (other.r - r) * t, g: g + (other.g - g) * t,
            b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }
}
