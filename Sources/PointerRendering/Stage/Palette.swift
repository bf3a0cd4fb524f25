import PointerCore

/// Colours that depend on the scene appearance (light / dark).
struct Palette {
    let appearance: Appearance

    var isDark: Bool { appearance == .dark }
    /// Backdrop assumed under transparent pixels when choosing the pointer material.
    var backdrop: RGBA { isDark ? RGBA(r: 0.11, g: 0.11, b: 0.12) : RGBA(r: 0.95, g: 0.95, b: 0.97) }
    /// Default glyph/label colour on the stage.
    var label: RGBA { isDark ? RGBA(r: 1, g: 1, b: 1) : RGBA(r: 0.0, g: 0.0, b: 0.0, a: 0.88) }
    /// Hover tint (C16): darkening on light scenes, lightening on dark ones.
    var hoverTint: RGBA { isDark ? RGBA(r: 1, g: 1, b: 1, a: 0.12) : RGBA(r: 0, g: 0, b: 0, a: 0.05) }
    var shadowAlpha: Double { isDark ? 0.55 : 0.30 }
    var menuBackground: RGBA {
        isDark ? RGBA(r: 0.17, g: 0.17, b: 0.18, a: 0.97) : RGBA(r: 0.98, g: 0.98, b: 0.99, a: 0.97)
    }
    var menuSeparator: RGBA { isDark ? RGBA(r: 1, g: 1, b: 1, a: 0.12) : RGBA(r: 0, g: 0, b: 0, a: 0.10) }
    var menuRowHighlight: RGBA { isDark ? RGBA(r: 1, g: 1, b: 1, a: 0.10) : RGBA(r: 0, g: 0, b: 0, a: 0.06) }

    /// Readable glyph colour on a filled background.
    static func contrasting(_ fill: RGBA) -> RGBA {
        fill.luminance > 0.45 ? RGBA(r: 0, g: 0, b: 0, a: 0.85) : .white
    }
}
