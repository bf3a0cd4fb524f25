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

    /// Specular strength grows with size: nearly invisible below ~40 pt (C15).
    static func specularStrength(size: Size) -> Double {
        0.4 * smoothstep(16, 170, max(size.width, size.height))
    }
}
