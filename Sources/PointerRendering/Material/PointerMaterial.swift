import PointerCore

/// The pointer's colour (behaviour D20), derived from the backdrop under it. The contrast
/// model (docs/engine.md, "Material"):
///
/// - **One translucent neutral fill, no outline.** Grey over the backdrop keeps
///   its hue (a darker red over red, a paler blue over blue) and lets what is
///   beneath show through.
/// - **Dark or light by the surroundings' lightness.** The pointer is dark where
///   the area around it (the ring, twice its size) is lighter than
///   `switchLightness` (CIE L* 49.4, where black and white contrast equally, in
///   the WCAG sense, with it) and light below. A continuous colour would have to
///   equal the backdrop somewhere, so the material switches instead; the wide
///   ring moves slowly, so a busy backdrop does not make it flicker, and both
///   sides of the switch keep the minimum contrast. Where the backdrop right
///   under the pointer cannot reach the minimum on that side (a dark button on a
///   light bar) but can on the other, it takes the other. In a session the
///   switch has a memory (`MaterialMemory`): a band around the switch point, a
///   hold, and a cross-fade over several frames; a still decides alone.
/// - **At least `minimumContrast` (3:1, WCAG's ratio for UI components).** The
///   rest look — grey 0.16 (dark) or 0.93 (light) at alpha 0.5 — is kept where it
///   already contrasts by `targetContrast` (3.3, a margin over the minimum for
///   the coarse backdrop estimate); elsewhere the fill goes towards black or
///   white, then grows more opaque (up to `maxAlpha`), just as far as the target
///   needs. Every step is continuous in the backdrop, so it changes smoothly.
/// - **Highlight** (morphed into a control, `highlight` 0…1): alpha drops to
///   30 %, the control's lighter background behind its label.
/// - **Press** (`press` 0…1): the fill goes fully to black or white and half of
///   the remaining transparency closes: darker on light backdrops, brighter on
///   dark ones, visible everywhere.
public struct PointerMaterial: Equatable, Sendable {
    public enum Polarity: Sendable, Equatable { case dark, light }

    /// The fill (straight alpha).
    public var fill: RGBA
    /// The backdrop it was chosen for (opaque).
    public var backdrop: RGBA
    /// The look switched to; `lightShare` says how far the cross-fade to it has come.
    public var polarity: Polarity
    /// 0 the dark look, 1 the light one, between while they cross-fade.
    public var lightShare: Double = 0

    public static let minimumContrast = 3.0
    public static let targetContrast = 3.3
    /// CIE L*/100 where black and white contrast equally with the backdrop.
    public static let switchLightness = 0.494
    public static let maxAlpha = 0.85
    static let restAlpha = 0.5
    static let darkGrey = 0.16
    static let lightGrey = 0.93

    /// Backgrounds with unknown parts (alpha < 1) are composited over `fallback`
    /// (the scene appearance's typical backdrop). `background` is the weighted mean
    /// under the pointer, `surroundings` the wider ring (decides dark or light;
    /// default `background`), `footprint` the backdrop right under it (the contrast
    /// target holds against it too).
    public static func resolve(
        background: RGBA, fallback: RGBA, highlight: Double = 0, press: Double = 0,
        surroundings: RGBA? = nil, footprint: RGBA? = nil
    ) -> PointerMaterial {
        var noMemory: MaterialMemory?
        return resolve(
            background: background, fallback: fallback, highlight: highlight, press: press,
            surroundings: surroundings, footprint: footprint, memory: &noMemory, at: nil)
    }

    /// As above, remembering across frames (`MaterialMemory`): at frame time
    /// `time` the look follows `memory`, which this call advances (or starts,
    /// when it is nil or from a later time). A nil `time` decides alone.
    public static func resolve(
        background: RGBA, fallback: RGBA, highlight: Double = 0, press: Double = 0,
        surroundings: RGBA? = nil, footprint: RGBA? = nil,
        memory: inout MaterialMemory?, at time: Double?
    ) -> PointerMaterial {
        let bg = opaque(background, over: fallback)
        let around = opaque(surroundings ?? background, over: fallback)
        let under = footprint.map { opaque($0, over: fallback) }
        let surroundingLightness = lightness(around)
        // Where the backdrop right under it cannot reach the minimum on one side but can on the other.
        func forFootprint(_ p: Polarity, _ under: RGBA?) -> Polarity {
            guard let under else { return p }
            let other: Polarity = p == .dark ? .light : .dark
            return strength(for: under, p) > 1 && strength(for: under, other) <= 1 ? other : p
        }
        // The strength each look needs here: enough for the backdrop and for the footprint.
        let need = { (p: Polarity) in min(max(strength(for: bg, p), under.map { strength(for: $0, p) } ?? 0), 1) }
        let needed = (dark: need(.dark), light: need(.light))
        let polarity: Polarity
        let lightShare: Double
        if let time {
            let footprintLightness = under.map(lightness) ?? surroundingLightness
            // With memory, the footprint is judged by its smoothed lightness, as a grey.
            let override = { (p: Polarity, l: Double) in forFootprint(p, under.map { _ in grey(lightness: l) }) }
            if var m = memory, time >= m.time {
                m.step(
                    lightness: surroundingLightness, footprintLightness: footprintLightness, to: time,
                    override: override)
                memory = m
            } else {
                let wanted = forFootprint(MaterialMemory.polarity(lightness: surroundingLightness, keeping: nil), under)
                memory = MaterialMemory(
                    lightness: surroundingLightness, footprintLightness: footprintLightness,
                    preferred: wanted, time: time)
            }
            polarity = memory!.target
            lightShare = memory!.lightShare
        } else {
            polarity = forFootprint(MaterialMemory.polarity(lightness: surroundingLightness, keeping: nil), under)
            lightShare = polarity == .light ? 1 : 0
        }
        let dark = lightShare < 1 ? look(.dark, strength: needed.dark, highlight: highlight, press: press) : nil
        let light = lightShare > 0 ? look(.light, strength: needed.light, highlight: highlight, press: press) : nil
        let fill = dark.flatMap { d in light.map { crossFade(d, $0, lightShare) } } ?? dark ?? light!
        return PointerMaterial(fill: fill, backdrop: bg, polarity: polarity, lightShare: lightShare)
    }

    /// The fill of one look at strength `k` (0…1), highlight and press applied.
    static func look(_ polarity: Polarity, strength k: Double, highlight: Double, press: Double) -> RGBA {
        var (grey, alpha) = look(min(max(k, 0), 1), polarity)
        let h = min(max(highlight, 0), 1)
        let p = min(max(press, 0), 1)
        let extreme = polarity == .dark ? 0.0 : 1.0
        grey = mix(grey, extreme, p)
        alpha = mix(alpha, alpha + (1 - alpha) * 0.5, p)
        alpha *= mix(1, 0.3, h)
        return RGBA(r: grey, g: grey, b: grey, a: alpha)
    }

    /// One fill that looks, over any backdrop, like `dark` and `light` blended
    /// `t` of the way: greys mixed premultiplied, alphas straight.
    static func crossFade(_ dark: RGBA, _ light: RGBA, _ t: Double) -> RGBA {
        let alpha = mix(dark.a, light.a, t)
        guard alpha > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let grey = mix(dark.r * dark.a, light.r * light.a, t) / alpha
        return RGBA(r: grey, g: grey, b: grey, a: alpha)
    }

    /// The look at strength `k`: 0 is the rest look; 0…0.5 moves the grey to black
    /// or white; 0.5…1 raises alpha to `maxAlpha`.
    static func look(_ k: Double, _ polarity: Polarity) -> (grey: Double, alpha: Double) {
        let rest = polarity == .dark ? darkGrey : lightGrey
        let extreme = polarity == .dark ? 0.0 : 1.0
        if k <= 0.5 { return (mix(rest, extreme, k / 0.5), restAlpha) }
        return (extreme, mix(restAlpha, maxAlpha, (k - 0.5) / 0.5))
    }

    /// The least strength (0…1) whose look reaches `targetContrast` over `bg`; above
    /// 1 when even the strongest look cannot.
    static func strength(for bg: RGBA, _ polarity: Polarity) -> Double {
        func ratio(_ k: Double) -> Double {
            let (g, a) = look(k, polarity)
            return contrast(composite(grey: g, alpha: a, over: bg), bg)
        }
        if ratio(0) >= targetContrast { return 0 }
        if ratio(1) < targetContrast { return 1 + (targetContrast - ratio(1)) }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<24 {
            let m = (lo + hi) / 2
            if ratio(m) >= targetContrast { hi = m } else { lo = m }
        }
        return hi
    }

    /// `grey` at `alpha` over `bg`, blended on sRGB values as Cairo does.
    public static func composite(grey: Double, alpha: Double, over bg: RGBA) -> RGBA {
        RGBA(r: mix(bg.r, grey, alpha), g: mix(bg.g, grey, alpha), b: mix(bg.b, grey, alpha))
    }

    /// What the pointer looks like over its backdrop.
    public var seen: RGBA { Self.composite(grey: fill.r, alpha: fill.a, over: backdrop) }

    /// WCAG contrast ratio of two opaque colours (1…21).
    public static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let la = a.luminance
        let lb = b.luminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func opaque(_ c: RGBA, over fallback: RGBA) -> RGBA {
        let a = min(max(c.a, 0), 1)
        return RGBA(
            r: c.r * a + fallback.r * (1 - a), g: c.g * a + fallback.g * (1 - a), b: c.b * a + fallback.b * (1 - a))
    }

    /// The grey whose CIE L* / 100 is `l`.
    static func grey(lightness l: Double) -> RGBA {
        let lstar = min(max(l, 0), 1) * 100
        let y = lstar > 8 ? pow((lstar + 16) / 116, 3) : lstar * 27 / 24389
        let v = y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055
        return RGBA(r: v, g: v, b: v)
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
