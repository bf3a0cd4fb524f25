// The adaptive material (D20), as PointerMaterial.resolve computes it: a
// neutral grey at alpha 0.5 that slides from light (on dark backgrounds) to
// dark (on light ones) with the perceptual lightness beneath, and a 1 pt rim
// that takes over where the fill alone has too little contrast. Highlighted
// (morphed into a control) the fill fades to 30 % and the rim goes; pressed,
// the grey darkens and the alpha rises. Colours here are straight (not
// premultiplied); the resolve pass writes them as such.
float srgbToLinear(float c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

// CIE L* / 100 of an sRGB colour.
float perceptualLightness(vec3 c) {
    float y = 0.2126 * srgbToLinear(c.r) + 0.7152 * srgbToLinear(c.g) + 0.0722 * srgbToLinear(c.b);
    float f = y > 216.0 / 24389.0 ? pow(y, 1.0 / 3.0) : (24389.0 / 27.0 * y + 16.0) / 116.0;
    return clamp((116.0 * f - 16.0) / 100.0, 0.0, 1.0);
}

// `background` straight RGBA; unknown (transparent) parts show `fallback`.
void resolveMaterial(vec4 background, vec3 fallback, float highlight, float press,
                     out vec4 fill, out vec4 rim) {
    float a = clamp(background.a, 0.0, 1.0);
    vec3 bg = background.rgb * a + fallback * (1.0 - a);
    float l = perceptualLightness(bg);
    float h = clamp(highlight, 0.0, 1.0), p = clamp(press, 0.0, 1.0);

    float grey = mix(0.93, 0.16, smoothstep(0.12, 0.78, l));
    float alpha = 0.5;
    // Blending happens on sRGB values: the fill's contrast is measured there.
    float contrast = alpha * abs(grey - dot(bg, vec3(0.2126, 0.7152, 0.0722)));
    float rimGrey = mix(1.0, 0.0, smoothstep(0.08, 0.22, l));
    float rimAlpha = 0.7 * clamp((0.28 - contrast) / 0.28, 0.0, 1.0);

    alpha *= mix(1.0, 0.3, h);
    rimAlpha *= 1.0 - h;
    grey *= 1.0 - 0.25 * p;
    alpha = min(alpha * (1.0 + 0.3 * p), 1.0);
    fill = vec4(vec3(grey), alpha);
    rim = vec4(vec3(rimGrey), rimAlpha);
}
