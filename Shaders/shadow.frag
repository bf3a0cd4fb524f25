// A rounded rect blurred by a Gaussian of deviation u_sigma, in closed form
// (after Evan Wallace, "Fast rounded rectangle shadows"): exact along x with
// erf, the y direction integrated with a few samples. Black at u_alpha: the
// shadows of lift (C15) and of hover with scale (C16), drawn once per size
// into a cached layer.
uniform vec4 u_box;        // local pt: the shape
uniform float u_radius;    // pt
uniform float u_sigma;     // pt
uniform float u_alpha;

in vec2 v_local;
out vec4 fragColor;

const float SQRT_HALF = 0.70710678;

vec2 erf2(vec2 x) {
    vec2 s = sign(x), a = abs(x);
    x = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    x *= x;
    return s - s / (x * x);
}

float gaussian(float x, float sigma) {
    return exp(-(x * x) / (2.0 * sigma * sigma)) / (2.50662827 * sigma);
}

// The blurred shape's density along x at height y (centred coordinates).
float shadowRow(float x, float y, float sigma, float corner, vec2 halfSize) {
    float delta = min(halfSize.y - corner - abs(y), 0.0);
    float curved = halfSize.x - corner + sqrt(max(0.0, corner * corner - delta * delta));
    vec2 integral = 0.5 + 0.5 * erf2((x + vec2(-curved, curved)) * (SQRT_HALF / sigma));
    return integral.y - integral.x;
}

void main() {
    vec2 halfSize = 0.5 * u_box.zw;
    vec2 p = v_local - (u_box.xy + halfSize);
    float corner = clamp(u_radius, 0.0, min(halfSize.x, halfSize.y));
    float sigma = max(u_sigma, 1e-3);
    float low = p.y - halfSize.y, high = p.y + halfSize.y;
    float start = clamp(-3.0 * sigma, low, high), end = clamp(3.0 * sigma, low, high);
    float step = (end - start) / 8.0;
    float y = start + 0.5 * step, value = 0.0;
    for (int i = 0; i < 8; i++) {
        value += shadowRow(p.x, p.y - y, sigma, corner, halfSize) * gaussian(y, sigma) * step;
        y += step;
    }
    fragColor = vec4(0.0, 0.0, 0.0, 1.0) * (u_alpha * clamp(value, 0.0, 1.0));
}
