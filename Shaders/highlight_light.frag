// Highlight's light (C14): a soft white radial gradient centred where the
// model pointer is (moving to the control's centre on click), on the platter
// under the content, inside the pointer's outline. Its peak lightens the
// platter just drawn (the material over its backdrop, u_material) by u_step,
// within 0.06…0.5 alpha, times u_emphasis.
uniform sampler2D u_material;   // 4×1: fill (straight RGBA), backdrop, then material_resolve.frag's memory
uniform vec2 u_center;          // px
uniform float u_gradientRadius; // px
uniform float u_emphasis;       // emphasis times the pointer's opacity
uniform float u_step;

in vec2 v_local;
out vec4 fragColor;

void main() {
    vec4 fill = texelFetch(u_material, ivec2(0, 0), 0);
    vec3 backdrop = texelFetch(u_material, ivec2(1, 0), 0).rgb;
    vec3 seen = mix(backdrop, fill.rgb, fill.a);
    float room = max(1.0 - max(seen.r, max(seen.g, seen.b)), 0.05);
    float strength = clamp(u_step / room, 0.06, 0.5) * u_emphasis;
    vec2 p = gl_FragCoord.xy;
    float t = clamp(length(p - u_center) / max(u_gradientRadius, 1e-3), 0.0, 1.0);
    float a = strength * (1.0 - t);
    fragColor = vec4(a) * (pointerFillCoverage(p) * clipCoverage(p));
}
