// A solid rounded rect in local pt: a region's fill, hover's tint (C16).
uniform vec4 u_box;        // local x, y, width, height
uniform float u_radius;    // pt
uniform float u_pxPerPt;   // device px per local pt
uniform vec4 u_color;      // premultiplied

in vec2 v_local;
out vec4 fragColor;

void main() {
    float d = roundedRectDistance(v_local, u_box.xy, u_box.zw, u_radius) * u_pxPerPt;
    fragColor = u_color * (edgeCoverage(d) * clipCoverage(gl_FragCoord.xy));
}
