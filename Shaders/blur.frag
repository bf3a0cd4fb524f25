// One pass of a separable Gaussian blur over a layer (premultiplied), for
// lift's radiosity (C15): the element's own colours bleeding around it. Run
// along x, then along y, once per element; pixels beyond the layer count as
// transparent, so the blur fades out at its edges.
uniform sampler2D u_source;
uniform vec2 u_direction;   // (1, 0) or (0, 1)
uniform float u_sigma;      // px

out vec4 fragColor;

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 d = ivec2(u_direction);
    int reach = int(ceil(3.0 * u_sigma));
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int k = 0; k <= 512; k++) {
        int i = k - reach;
        if (i > reach) break;
        float w = exp(-float(i * i) / (2.0 * u_sigma * u_sigma));
        total += w;
        ivec2 q = p + d * i;
        if (q.x >= 0 && q.y >= 0 && q.x < size.x && q.y < size.y) sum += texelFetch(u_source, q, 0) * w;
    }
    fragColor = sum / max(total, 1e-6);
}
