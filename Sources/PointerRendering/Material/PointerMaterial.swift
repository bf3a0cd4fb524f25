import PointerCore

/// The pointer's colour (behaviour D20), derived from the background under it.
///
/// Design. Let `l` be the perceptual lightness (CIE L*, 0…1) of the background,
/// averaged over the pointer's footprint. The fill is a neutral grey `g(l)` at
/// alpha ≈ 0.5, so what is beneath stays visible:
/// - on light backgrounds a dark grey (0.16) — the pointer reads as a shadowy disc;
/// - on dark backgrounds a light grey (0.93) — a soft glow;
/// - between l = 0.12 and 0.78 the grey slides smoothly from light to dark — a
///   wide band, so busy mid-tone backgrounds passing fast under the pointer
///   move its colour gently instead of flipping it.
///
/// A continuous grey must equal the background somewhere (around l ≈ 0.45): there
/// the fill alone has no contrast. A 1 pt rim takes over exactly there: its alpha
/// grows as the fill's contrast falls below 0.28, and it is black on anything but
/// near-black backgrounds, where the fill is already strong. Every input changes
/// continuously, so crossing an edge fades rather than flips.
///
/// Highlighted (morphed into a control, `highlight` 0…1) the alpha drops to 30 %:
/// the pointer becomes the control's lighter background and the label stays
/// legible. Pressed (`press` 0…1) the grey darkens by 25 % and the alpha rises 30 %.
public struct PointerMaterial: Equatable, Sendable {
    public var fill: RGBA
    public var rim: RGBA

    /// Backgrounds with unknown parts (alpha < 1) are composited over `fallback`
    /// (the scene appearance's typical backdrop).
    public static func resolve(background: RGBA, fallback: RGBA, highlight: Double = 0,
                               press: Double = 0) -> PointerMaterial {
        let a = min(max(background.a, 0), 1)
        let bg = RGBA(r: background.r * a + fallback.r * (1 - a),
                      g: background.g * a + fallback.g * (1 - a),
                      b: background.b * a + fallback.b * (1 - a))
        let l = lightness(bg)
        let h = min(max(highlight, 0), 1), p = min(max(press, 0), 1)

        var grey = mix(0.93, 0.16, smoothstep(0.12, 0.78, l))
        var alpha = 0.5
        // Blending happens on sRGB values: measure the fill's contrast there.
        let srgb = 0.2126 * bg.r + 0.7152 * bg.g + 0.0722 * bg.b
        let contrast = alpha * abs(grey - srgb)
        let rimGrey = mix(1.0, 0.0, smoothstep(0.08, 0.22, l))
        var rimAlpha = 0.7 * min(max((0.28 - contrast) / 0.28, 0), 1)

        alpha *= mix(1, 0.3, h)
        rimAlpha *= 1 - h
        grey *= 1 - 0.25 * p
        alpha = min(alpha * (1 + 0.3 * p), 1)
        return PointerMaterial(fill: RGBA(r: grey, g: grey, b: grey, a: alpha),
                               rim: RGBA(r: rimGrey, g: rimGrey, b: rimGrey, a: rimAlpha))
    }

    /// CIE L* / 100 of an sRGB colour.
    public static func lightness(_ c: RGBA) -> Double {
        let y = c.luminance
        let f = y > 216.0 / 24389 ? cbrt(y) : (24389.0 / 27 * y + 16) / 116
        return min(max((116 * f - 16) / 100, 0), 1)
    }
}

func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = min(max((x - e0) / (e1 - e0), 0), 1)
    return t * t * (3 - 2 * t)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
