// Places a rect given in some local space (pt) on the target. u_toDevice maps
// local pt to device pixels: the canvas scale, a region's scale and rotation,
// its parallax offset. The local position goes on to the fragment stage, where
// shapes are measured in their own units.
layout(location = 0) in vec2 a_corner;   // 0…1 on both axes

uniform vec4 u_rect;       // local x, y, width, height covered
uniform mat3 u_toDevice;   // affine, local pt → device px
uniform vec2 u_viewport;   // target size, px

out vec2 v_local;

void main() {
    vec2 local = u_rect.xy + a_corner * u_rect.zw;
    vec2 device = (u_toDevice * vec3(local, 1.0)).xy;
    v_local = local;
    // Device row 0 is framebuffer row 0: read back, rows come out top first.
    gl_Position = vec4(device / u_viewport * 2.0 - 1.0, 0.0, 1.0);
}
