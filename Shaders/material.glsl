// The adaptive material (D20), as PointerMaterial.resolve computes it: one
// translucent neutral fill, no outline. Dark where the surroundings (the ring)
// are lighter than L* 49.4, light below; the rest look (grey 0.16 or 0.93 at
// alpha 0.5) strengthened — grey towards black or white, then alpha up to
// 0.85 — just far enough that the fill over the backdrop, and over the
// backdrop right under the pointer, contrasts 3.3:1 (WCAG). Highlighted
// (morphed into a control) the alpha drops to 30 %; pressed, the grey goes to
// black or white and half the remaining transparency closes. Colours here are
// straight (not premultiplied).
const float kSwitchLightness = 0.494;
const float kTargetContrast = 3.3;
const float kMaxAlpha = 0.85;

float srgbToLinear(float c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

float relativeLuminance(vec3 c) {
    return 0.2126 * srgbToLinear(c.r) + 0.7152 * srgbToLinear(c.g) + 0.0722 * srgbToLinear(c.b);
}

// CIE L* / 100 of an sRGB colour.
float perceptualLightness(vec3 c) {
    float y = relativeLuminance(c);
    float f = y > 216.0 / 24389.0 ? pow(y, 1.0 / 3.0) : (24389.0 / 27.0 * y + 16.0) / 116.0;
    return clamp((116.0 * f - 16.0) / 100.0, 0.0, 1.0);
}

float contrastRatio(vec3 a, vec3 b) {
    float la = relativeLuminance(a), lb = relativeLuminance(b);
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05);
}

// The look at strength k: x grey, y alpha.
vec2 materialLook(float k, bool dark) {
    float rest = dark ? 0.16 : 0.93, extreme = dark ? 0.0 : 1.0;
    if (k <= 0.5) return vec2(mix(rest, extreme, k / 0.5), 0.5);
    return vec2(extreme, mix(0.5, kMaxAlpha, (k - 0.5) / 0.5));
}

float lookContrast(float k, bool dark, vec3 bg) {
    vec2 g = materialLook(k, dark);
    return contrastRatio(mix(bg, vec3(g.x), g.y), bg);
}

// The least strength reaching the target over bg; above 1 when none does.
float materialStrength(vec3 bg, bool dark) {
    if (lookContrast(0.0, dark, bg) >= kTargetContrast) return 0.0;
    float top = lookContrast(1.0, dark, bg);
    if (top < kTargetContrast) return 1.0 + (kTargetContrast - top);
    float lo = 0.0, hi = 1.0;
    for (int i = 0; i < 24; i++) {
        float m = (lo + hi) * 0.5;
        if (lookContrast(m, dark, bg) >= kTargetContrast) hi = m; else lo = m;
    }
    return hi;
}

vec3 opaqueOver(vec4 c, vec3 fallback) {
    float a = clamp(c.a, 0.0, 1.0);
    return c.rgb * a + fallback * (1.0 - a);
}

// `background` the weighted mean under the pointer, `surroundings` the ring,
// `footprint` right under it (straight RGBA; unknown parts show `fallback`).
// `backdrop` is the opaque colour the fill is chosen for.
void resolveMaterial(vec4 background, vec4 surroundings, vec4 footprint, vec3 fallback, float highlight,
                     float press, out vec4 fill, out vec3 backdrop) {
    vec3 bg = opaqueOver(background, fallback);
    vec3 around = opaqueOver(surroundings, fallback);
    vec3 under = opaqueOver(footprint, fallback);
    bool dark = perceptualLightness(around) >= kSwitchLightness;
    if (materialStrength(under, dark) > 1.0 && materialStrength(under, !dark) <= 1.0) dark = !dark;
    float k = max(materialStrength(bg, dark), materialStrength(under, dark));
    vec2 look = materialLook(min(k, 1.0), dark);
    float h = clamp(highlight, 0.0, 1.0), p = clamp(press, 0.0, 1.0);
    float grey = mix(look.x, dark ? 0.0 : 1.0, p);
    float alpha = mix(look.y, look.y + (1.0 - look.y) * 0.5, p);
    alpha *= mix(1.0, 0.3, h);
    fill = vec4(vec3(grey), alpha);
    backdrop = bg;
}
