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

// The footprint's say: where `under` cannot reach the minimum on the wanted
// side but can on the other, the other.
bool footprintWantsDark(bool dark, vec3 under) {
    return materialStrength(under, dark) > 1.0 && materialStrength(under, !dark) <= 1.0 ? !dark : dark;
}

// The strength a look needs over bg and under (0…1).
float materialNeed(bool dark, vec3 bg, vec3 under) {
    return min(max(materialStrength(bg, dark), materialStrength(under, dark)), 1.0);
}

// One look's fill at strength k, highlight and press applied.
vec4 materialFill(bool dark, float k, float highlight, float press) {
    vec2 look = materialLook(clamp(k, 0.0, 1.0), dark);
    float h = clamp(highlight, 0.0, 1.0), p = clamp(press, 0.0, 1.0);
    float grey = mix(look.x, dark ? 0.0 : 1.0, p);
    float alpha = mix(look.y, look.y + (1.0 - look.y) * 0.5, p);
    alpha *= mix(1.0, 0.3, h);
    return vec4(vec3(grey), alpha);
}

// The look's memory across frames, as MaterialMemory.swift keeps it, in two
// texels. `look`: x where the cross-fade stands (0 dark, 1 light), y the look
// switched to (1 light), z the surroundings' smoothed lightness, w seconds
// since the last switch (capped at 1). `footprint.x`: the smoothed lightness
// right under the pointer, by which the footprint's say is judged (as a grey).
// Without a memory (`has` false) the look is decided alone.
const float kBand = 0.05;
const float kSmoothing = 0.06;
const float kHold = 0.35;
const float kFade = 0.15;
const float kLongestStep = 1.0 / 30.0;

// The grey whose CIE L* / 100 is l.
vec3 greyOfLightness(float l) {
    float lstar = clamp(l, 0.0, 1.0) * 100.0;
    float y = lstar > 8.0 ? pow((lstar + 16.0) / 116.0, 3.0) : lstar * 27.0 / 24389.0;
    return vec3(y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1.0 / 2.4) - 0.055);
}

void stepMaterialMemory(inout vec4 look, inout vec4 footprint, bool has, float dt, float lightness, vec3 under) {
    float underLightness = perceptualLightness(under);
    if (!has) {
        bool dark = footprintWantsDark(lightness >= kSwitchLightness, under);
        float side = dark ? 0.0 : 1.0;
        look = vec4(side, side, lightness, 1.0);
        footprint = vec4(underLightness, 0.0, 0.0, 1.0);
        return;
    }
    dt = clamp(dt, 0.0, kLongestStep);
    float pull = 1.0 - exp(-dt / kSmoothing);
    float smoothed = look.z + (lightness - look.z) * pull;
    float smoothedUnder = footprint.x + (underLightness - footprint.x) * pull;
    float since = min(look.w + dt, 1.0);
    bool targetDark = look.y < 0.5;
    bool wantDark = targetDark ? smoothed >= kSwitchLightness - kBand : smoothed >= kSwitchLightness + kBand;
    wantDark = footprintWantsDark(wantDark, greyOfLightness(smoothedUnder));
    if (wantDark != targetDark && since >= kHold) {
        targetDark = wantDark;
        since = 0.0;
    }
    float goal = targetDark ? 0.0 : 1.0, reach = dt / kFade;
    float light = abs(goal - look.x) <= reach ? goal : look.x + (goal > look.x ? reach : -reach);
    look = vec4(light, goal, smoothed, since);
    footprint = vec4(smoothedUnder, 0.0, 0.0, 1.0);
}

// `background` the weighted mean under the pointer, `surroundings` the ring,
// `footprint` right under it (straight RGBA; unknown parts show `fallback`).
// `memory` is advanced (see stepMaterialMemory); the fill cross-fades the two
// looks by it. `backdrop` is the opaque colour the fill is chosen for.
void resolveMaterial(vec4 background, vec4 surroundings, vec4 footprint, vec3 fallback, float highlight,
                     float press, inout vec4 memory, inout vec4 memoryFootprint, bool hasMemory, float dt,
                     out vec4 fill, out vec3 backdrop) {
    vec3 bg = opaqueOver(background, fallback);
    vec3 around = opaqueOver(surroundings, fallback);
    vec3 under = opaqueOver(footprint, fallback);
    vec2 needed = vec2(materialNeed(true, bg, under), materialNeed(false, bg, under));
    stepMaterialMemory(memory, memoryFootprint, hasMemory, dt, perceptualLightness(around), under);
    float t = memory.x * memory.x * (3.0 - 2.0 * memory.x);
    vec4 d = materialFill(true, needed.x, highlight, press);
    vec4 l = materialFill(false, needed.y, highlight, press);
    if (t <= 0.0) {
        fill = d;
    } else if (t >= 1.0) {
        fill = l;
    } else {
        // Greys mixed premultiplied: over any backdrop it looks like the two looks blended.
        float alpha = mix(d.a, l.a, t);
        fill = vec4(vec3(alpha > 0.0 ? mix(d.r * d.a, l.r * l.a, t) / alpha : 0.0), alpha);
    }
    backdrop = bg;
}
