import PointerCore

/// Sizes of the soft effects around an element, from its size alone (so one blur
/// serves every frame of its animation). All in the element's own pt.
struct EffectGeometry {
    /// Shadow blur (box radius ≈ Gaussian σ).
    let shadowBlur: Double
    /// Shadow drop below the element.
    let shadowOffset: Double
    /// Radiosity blur.
    let glowBlur: Double
    /// How far effects reach beyond the element's frame.
    let margin: Double

    init(size: Size) {
        // The geometric mean: a long thin segment casts a small shadow, an icon a larger one.
        let s = (max(size.width, 1) * max(size.height, 1)).squareRoot()
        shadowBlur = min(max(0.08 * s, 3), 12)
        shadowOffset = min(max(0.06 * s, 2), 10)
        glowBlur = min(max(0.10 * s, 4), 14)
        margin = (3 * max(shadowBlur, glowBlur) + shadowOffset + 2).rounded(.up)
    }

    /// Specular strength (peak white alpha) grows with size (C15): nearly invisible
    /// on a 30 pt element (≈ 0.03), clearly visible on a 64 pt icon (≈ 0.21, about
    /// +20/255 in luma over orange), full (0.38) from 110 pt.
    static func specularStrength(size: Size) -> Double {
        let t = min(max((max(size.width, size.height) - 28) / 82, 0), 1)
        return 0.38 * pow(t, 0.7)
    }

    /// The specular spot's radius: it grows with the element (C15).
    static func specularRadius(size: Size) -> Double {
        0.6 * max(size.width, size.height)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
