// Analytic antialiasing, the box filter Cairo's rasteriser approximates: how
// much of a pixel (the unit square around its centre) lies inside an edge
// whose signed distance from the centre is d px (negative inside) and whose
// outward unit normal is n. Across an axis-aligned edge that is linear in d;
// across a slanted one (a rounded corner) the square's corners make it
// quadratic near both ends.
float edgeCoverage(float d, vec2 n) {
    float a = max(abs(n.x), abs(n.y)), b = min(abs(n.x), abs(n.y));
    float t = -d;
    float h = 0.5 * (a + b), m = 0.5 * (a - b);
    if (t <= -h) return 0.0;
    if (t >= h) return 1.0;
    if (b < 1e-4) return clamp(0.5 + t / a, 0.0, 1.0);
    if (t < -m) { float u = t + h; return u * u / (2.0 * a * b); }
    if (t > m) { float u = h - t; return 1.0 - u * u / (2.0 * a * b); }
    return 0.5 + t / a;
}

float edgeCoverage(float d) {
    return edgeCoverage(d, vec2(1.0, 0.0));
}

// Inside a band w px wide centred on the edge: a stroke.
float bandCoverage(float d, float w, vec2 n) {
    return clamp(edgeCoverage(d - 0.5 * w, n) - edgeCoverage(d + 0.5 * w, n), 0.0, 1.0);
}

float bandCoverage(float d, float w) {
    return bandCoverage(d, w, vec2(1.0, 0.0));
}
