// Lift's specular highlight (C15): a soft white spot where the model pointer
// is, inside the lifted element's rounded rect. Its strength and radius (set by
// the caller) grow with the element's size; the gradient falls to 60 % at 0.35
// of its radius, 18 % at 0.7 and nothing at the rim.
uniform vec4 u_box;             // local pt
uniform float u_radius;         // pt
uniform float u_pxPerPt;
uniform vec2 u_rotation;        // cos, sin of the local → device rotation
uniform vec2 u_center;          // px
uniform float u_gradientRadius; // px
uniform float u_strength;

in vec2 v_local;
out vec4 fragColor;

void main() {
    vec2 n = roundedRectNormal(v_local, u_box.xy, u_box.zw, u_radius);
    n = vec2(u_rotation.x * n.x - u_rotation.y * n.y, u_rotation.y * n.x + u_rotation.x * n.y);
    float inside = edgeCoverage(roundedRectDistance(v_local, u_box.xy, u_box.zw, u_radius) * u_pxPerPt, n);
    float t = clamp(length(gl_FragCoord.xy - u_center) / max(u_gradientRadius, 1e-3), 0.0, 1.0);
    float a = t < 0.35 ? mix(1.0, 0.6, t / 0.35)
            : t < 0.7 ? mix(0.6, 0.18, (t - 0.35) / 0.35)
                      : mix(0.18, 0.0, (t - 0.7) / 0.3);
    a *= u_strength;
    fragColor = vec4(a) * (inside * clipCoverage(gl_FragCoord.xy));
}
