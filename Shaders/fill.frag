// A solid rounded rect in local pt: a region's fill, hover's tint (C16).
uniform vec4 u_box;        // local x, y, width, height
uniform float u_radius;    // pt
uniform float u_pxPerPt;   // device px per local pt
uniform vec4 u_color;      // premultiplied
uniform vec2 u_rotation;   // cos, sin of the local → device rotation

in vec2 v_local;
out vec4 fragColor;

void main() {
    float d = roundedRectDistance(v_local, u_box.xy, u_box.zw, u_radius) * u_pxPerPt;
    vec2 n = roundedRectNormal(v_local, u_box.xy, u_box.zw, u_radius);
    n = vec2(u_rotation.x * n.x - u_rotation.y * n.y, u_rotation.y * n.x + u_rotation.x * n.y);
    fragColor = u_color * (edgeCoverage(d, n) * clipCoverage(gl_FragCoord.xy));
}
