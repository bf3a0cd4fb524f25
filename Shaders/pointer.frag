// The pointer (D20–D22): its outline filled with the material, the rim
// stroked over it where the material asks for one (1 pt, centred on the
// outline, as Cairo strokes it). The material comes from
// material_resolve.frag, so it always matches what is beneath this frame.
uniform sampler2D u_material;   // 2×1: fill, rim (straight RGBA)
uniform float u_opacity;        // the pointer's opacity times the layer's
uniform float u_rimWidth;       // px

in vec2 v_local;
out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    vec4 fill = texelFetch(u_material, ivec2(0, 0), 0);
    vec4 rim = texelFetch(u_material, ivec2(1, 0), 0);
    vec4 f = vec4(fill.rgb * fill.a, fill.a) * (u_opacity * pointerFillCoverage(p));
    vec4 r = vec4(0.0);
    if (rim.a * u_opacity > 0.002) {
        r = vec4(rim.rgb * rim.a, rim.a) * (u_opacity * pointerStrokeCoverage(p, u_rimWidth));
    }
    fragColor = (r + f * (1.0 - r.a)) * clipCoverage(p);
}
