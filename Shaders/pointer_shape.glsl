// The pointer's outline, in device px. A rounded rect (circle, beams, a
// button's shape) is a signed distance field; paths and morphs are polygons
// (curves flattened on the CPU), one edge per texel of u_edges, filled by
// Cairo's non-zero rule from winding numbers sampled in each pixel: nested
// contours (the target's ring) leave their holes, and the overlapping copies
// a morph makes (one circle splitting into two arrows) neither seam nor
// thicken the edge.
uniform int u_shapeKind;           // 0 rounded rect, 1 polygons
uniform vec4 u_shapeRect;          // px: x, y, width, height
uniform float u_shapeRadius;       // px
uniform highp sampler2D u_edges;   // RGBA32F: x0, y0, x1, y1 (px); 1024 per row
uniform int u_edgeCount;

vec4 edgeAt(int i) {
    return texelFetch(u_edges, ivec2(i % 1024, i / 1024), 0);
}

// The share of the pixel whose top-left corner is `corner` inside the
// polygons by the non-zero rule, from 16 samples on a 16-rooks pattern (each
// sample its own row and column, so an edge at any angle moves the count in
// 1/16 steps; Cairo's rasteriser samples a 15 × 17 grid). Each edge adds its
// direction to the winding number of the samples whose rightward ray it crosses.
float polygonCoverage(vec2 corner) {
    int winding[16];
    for (int k = 0; k < 16; k++) winding[k] = 0;
    for (int i = 0; i < u_edgeCount; i++) {
        vec4 e = edgeAt(i);
        vec2 a = e.xy - corner, b = e.zw - corner;
        if (a.y == b.y) continue;
        float lo = min(a.y, b.y), hi = max(a.y, b.y);
        // Edges above, below or wholly left of the pixel cross no sample's ray.
        if (hi <= 0.0 || lo >= 1.0 || max(a.x, b.x) <= 0.0) continue;
        int dir = b.y > a.y ? 1 : -1;
        float k = (b.x - a.x) / (b.y - a.y);
        for (int s = 0; s < 16; s++) {
            float sy = (float((s * 7) % 16) + 0.5) / 16.0;
            if (sy < lo || sy >= hi) continue;
            float sx = (float(s) + 0.5) / 16.0;
            if (a.x + (sy - a.y) * k > sx) winding[s] += dir;
        }
    }
    int inside = 0;
    for (int k = 0; k < 16; k++) inside += winding[k] != 0 ? 1 : 0;
    return float(inside) / 16.0;
}

// How much of the pixel centred at p the outline fills.
float pointerFillCoverage(vec2 p) {
    if (u_shapeKind == 0) {
        return edgeCoverage(roundedRectDistance(p, u_shapeRect.xy, u_shapeRect.zw, u_shapeRadius),
                            roundedRectNormal(p, u_shapeRect.xy, u_shapeRect.zw, u_shapeRadius));
    }
    return polygonCoverage(p - vec2(0.5));
}
