// The pointer's material from the colour beneath it, on the GPU: what this
// frame has drawn so far (the framebuffer, u_canvas) is averaged over the
// pointer's box, the ring around it and the square inscribed in it, laid over
// the background sampler's colours (u_inner, u_outer, u_core: the desktop or
// the still stage); box and ring are weighted equally. Drawn into a 4×1
// target: pixel 0 the fill, pixel 1 the opaque backdrop it was chosen for
// (read by pointer.frag and highlight_light.frag), pixels 2 and 3 the look's
// memory for the next frame, read from the previous target (u_memory). The average follows
// ImageSurface.averageColor: partly covered edge pixels count by their
// covered fraction, large rects are sampled on a lattice of about 32 × 32.
uniform sampler2D u_canvas;
uniform vec4 u_boxPx;      // x0, y0, x1, y1 in the canvas texture's pixels
uniform vec4 u_ringPx;
uniform vec4 u_corePx;
uniform vec4 u_inner;      // straight RGBA
uniform vec4 u_outer;
uniform vec4 u_core;
uniform vec3 u_fallback;
uniform float u_highlight;
uniform float u_press;
uniform sampler2D u_memory; // the previous frame's 4×1 target
uniform bool u_hasMemory;
uniform float u_dt;         // s since the previous frame's resolve

out vec4 fragColor;

// The mean straight colour drawn over r; false when r misses the canvas.
bool drawnAverage(vec4 r, out vec4 mean) {
    vec2 size = vec2(textureSize(u_canvas, 0));
    float ax = max(r.x, 0.0), ay = max(r.y, 0.0), bx = min(r.z, size.x), by = min(r.w, size.y);
    mean = vec4(0.0);
    if (bx <= ax || by <= ay) return false;
    int stepX = max(1, int(ceil((bx - ax) / 32.0))), stepY = max(1, int(ceil((by - ay) / 32.0)));
    vec4 sum = vec4(0.0);
    float weight = 0.0;
    int y = int(floor(ay));
    for (int j = 0; j < 64; j++) {
        if (float(y) >= by) break;
        float wy = min(float(y + 1), by) - max(float(y), ay);
        int x = int(floor(ax));
        for (int i = 0; i < 64; i++) {
            if (float(x) >= bx) break;
            float w = (min(float(x + 1), bx) - max(float(x), ax)) * wy;
            sum += texelFetch(u_canvas, ivec2(x, y), 0) * w;
            weight += w;
            x += stepX;
        }
        y += stepY;
    }
    if (weight <= 0.0) return false;
    vec4 m = sum / weight;
    float a = clamp(m.a, 0.0, 1.0);
    mean = a > 0.0001 ? vec4(min(m.rgb / a, vec3(1.0)), a) : vec4(0.0);
    return true;
}

// Straight-alpha `top` over `bottom`.
vec4 over(vec4 top, vec4 bottom) {
    float a = top.a + bottom.a * (1.0 - top.a);
    if (a <= 0.0001) return vec4(0.0);
    return vec4((top.rgb * top.a + bottom.rgb * bottom.a * (1.0 - top.a)) / a, a);
}

void main() {
    vec4 inner = u_inner, outer = u_outer, core = u_core, drawn;
    if (drawnAverage(u_boxPx, drawn)) inner = over(drawn, inner);
    if (drawnAverage(u_ringPx, drawn)) outer = over(drawn, outer);
    if (drawnAverage(u_corePx, drawn)) core = over(drawn, core);
    vec4 fill, look = texelFetch(u_memory, ivec2(2, 0), 0), footprint = texelFetch(u_memory, ivec2(3, 0), 0);
    vec3 backdrop;
    resolveMaterial(mix(inner, outer, 0.5), outer, core, u_fallback, u_highlight, u_press, look, footprint, u_hasMemory,
                    u_dt, fill, backdrop);
    float x = gl_FragCoord.x;
    fragColor = x < 1.0 ? fill : x < 2.0 ? vec4(backdrop, 1.0) : x < 3.0 ? look : footprint;
}
