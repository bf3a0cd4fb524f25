// A cached layer (a texture of premultiplied pixels) at an opacity: content
// Cairo rasterised once (labels, symbols, images, the menu), blurred shadow
// and radiosity layers, an opacity group. The quad is the layer's own rect,
// so the transform alone scales, rotates and moves it.
//
// With POINTER_MASK defined (and pointer_shape.glsl in front), the layer is
// laid down only inside the pointer's outline: a region's content repainted
// over the pointer (C14, C15).
//
// Built twice: plain (bilinear filtering: blurred layers, groups, layers on
// the pixel grid, where it copies texels exactly) and with SHARP defined, for
// text and symbol layers resampled between texels (moving or scaling in an
// animation): a Catmull-Rom cubic keeps glyph edges nearly as crisp as Cairo
// drawing them there. Two programs, not a branch: a software rasteriser would
// pay for the cubic on every pixel of every layer.
uniform sampler2D u_layer;
uniform vec4 u_layerRect;  // local rect the texture covers
uniform float u_alpha;

in vec2 v_local;
out vec4 fragColor;

#ifdef SHARP
vec4 catmullRomWeights(float t) {
    float t2 = t * t, t3 = t2 * t;
    return vec4(-0.5 * t3 + t2 - 0.5 * t,
                1.5 * t3 - 2.5 * t2 + 1.0,
                -1.5 * t3 + 2.0 * t2 + 0.5 * t,
                0.5 * t3 - 0.5 * t2);
}

vec4 sampleSharp(vec2 uv) {
    ivec2 size = textureSize(u_layer, 0);
    vec2 texel = uv * vec2(size) - 0.5;
    vec2 base = floor(texel);
    vec2 f = texel - base;
    vec4 wx = catmullRomWeights(f.x), wy = catmullRomWeights(f.y);
    vec4 sum = vec4(0.0);
    for (int j = 0; j < 4; j++) {
        vec4 row = vec4(0.0);
        for (int i = 0; i < 4; i++) {
            ivec2 q = ivec2(base) + ivec2(i - 1, j - 1);
            vec4 c = (q.x < 0 || q.y < 0 || q.x >= size.x || q.y >= size.y) ? vec4(0.0) : texelFetch(u_layer, q, 0);
            row += c * wx[i];
        }
        sum += row * wy[j];
    }
    // The cubic overshoots at hard edges: keep the result a valid premultiplied colour.
    float a = clamp(sum.a, 0.0, 1.0);
    return vec4(clamp(sum.rgb, vec3(0.0), vec3(a)), a);
}
#endif

void main() {
    vec2 uv = (v_local - u_layerRect.xy) / u_layerRect.zw;
#ifdef SHARP
    vec4 c = sampleSharp(uv);
#else
    vec4 c = texture(u_layer, uv);
#endif
    float cover = u_alpha * clipCoverage(gl_FragCoord.xy);
#ifdef POINTER_MASK
    cover *= pointerFillCoverage(gl_FragCoord.xy);
#endif
    fragColor = c * cover;
}
