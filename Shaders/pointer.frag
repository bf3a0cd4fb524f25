// The pointer (D20–D22): its outline filled with the material, one solid shape
// without an outline. The material comes from material_resolve.frag, so it
// always matches what is beneath this frame.
uniform sampler2D u_material;   // 4×1: fill (straight RGBA), backdrop, then material_resolve.frag's memory
uniform float u_opacity;        // the pointer's opacity times the layer's

in vec2 v_local;
out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    vec4 fill = texelFetch(u_material, ivec2(0, 0), 0);
    fragColor = vec4(fill.rgb * fill.a, fill.a) * (u_opacity * pointerFillCoverage(p) * clipCoverage(p));
}
