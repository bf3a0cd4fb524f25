// Highlight's light (C14): a soft white radial gradient centred where the
// model pointer is (moving to the control's centre on click), on top of the
// content, inside the pointer's outline.
uniform vec2 u_center;          // px
uniform float u_gradientRadius; // px
uniform float u_strength;       // alpha at the centre, falling linearly to 0 at the radius

in vec2 v_local;
out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    float t = clamp(length(p - u_center) / max(u_gradientRadius, 1e-3), 0.0, 1.0);
    float a = u_strength * (1.0 - t);
    fragColor = vec4(a) * (pointerFillCoverage(p) * clipCoverage(p));
}
