// Analytic antialiasing, the box filter Cairo uses: how much of a pixel (the
// unit square around its centre) lies inside an edge whose signed distance
// from the centre is d px (negative inside), or inside a band w px wide
// centred on the edge (a stroke).
float edgeCoverage(float d) {
    return clamp(0.5 - d, 0.0, 1.0);
}

float bandCoverage(float d, float w) {
    return clamp(min(d + 0.5, 0.5 * w) - max(d - 0.5, -0.5 * w), 0.0, 1.0);
}
