// The pointer's outline, in device px. A rounded rect (circle, beams, a
// button's shape) is a signed distance field; paths and morphs are polygons
// (curves flattened on the CPU), one edge per texel of u_edges, covered
// exactly: each edge adds the signed area of the pixel to its left, so the
// sum is the pixel's mean winding number — overlapping and nested contours
// fill by Cairo's non-zero rule with no seam where they overlap.
uniform int u_shapeKind;           // 0 rounded rect, 1 polygons
uniform vec4 u_shapeRect;          // px: x, y, width, height
uniform float u_shapeRadius;       // px
uniform highp sampler2D u_edges;   // RGBA32F: x0, y0, x1, y1 (px); 1024 per row
uniform int u_edgeCount;

vec4 edgeAt(int i) {
    return texelFetch(u_edges, ivec2(i % 1024, i / 1024), 0);
}

// ∫ clamp(x, 0, 1) over x running linearly from a to b, divided by the run.
float meanClamped(float a, float b) {
    if (abs(b - a) < 1e-6) return clamp(a, 0.0, 1.0);
    float ga = a < 0.0 ? 0.0 : (a > 1.0 ? a - 0.5 : 0.5 * a * a);
    float gb = b < 0.0 ? 0.0 : (b > 1.0 ? b - 0.5 : 0.5 * b * b);
    return (gb - ga) / (b - a);
}

// Mean winding number over the pixel whose top-left corner is `corner`.
float polygonArea(vec2 corner) {
    float sum = 0.0;
    for (int i = 0; i < u_edgeCount; i++) {
        vec4 e = edgeAt(i);
        vec2 a = e.xy - corner, b = e.zw - corner;
        if (a.y == b.y) continue;
        float s = b.y > a.y ? 1.0 : -1.0;
        float y0 = max(min(a.y, b.y), 0.0), y1 = min(max(a.y, b.y), 1.0);
        if (y1 <= y0) continue;
        float k = (b.x - a.x) / (b.y - a.y);
        sum += s * (y1 - y0) * meanClamped(a.x + (y0 - a.y) * k, a.x + (y1 - a.y) * k);
    }
    return sum;
}

// Distance to the nearest edge of any contour (strokes follow every contour, as in Cairo).
float polygonEdgeDistance(vec2 p) {
    float d = 1e20;
    for (int i = 0; i < u_edgeCount; i++) {
        vec4 e = edgeAt(i);
        vec2 pa = p - e.xy, ba = e.zw - e.xy;
        float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
        d = min(d, length(pa - ba * h));
    }
    return d;
}

// How much of the pixel centred at p the outline fills.
float pointerFillCoverage(vec2 p) {
    if (u_shapeKind == 0) {
        return edgeCoverage(roundedRectDistance(p, u_shapeRect.xy, u_shapeRect.zw, u_shapeRadius));
    }
    return clamp(abs(polygonArea(p - vec2(0.5))), 0.0, 1.0);
}

// How much of it a stroke of width w px along the outline covers.
float pointerStrokeCoverage(vec2 p, float w) {
    if (u_shapeKind == 0) {
        return bandCoverage(roundedRectDistance(p, u_shapeRect.xy, u_shapeRect.zw, u_shapeRadius), w);
    }
    return bandCoverage(polygonEdgeDistance(p), w);
}
