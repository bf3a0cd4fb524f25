// Signed distance (in the units of p; negative inside) from p to the rounded
// rect at origin o with size s and corner radius r. The radius is clamped to
// half the shorter side, as Cairo's rounded-rect path does: a circle is a
// square with r = side / 2, a beam a thin rect with r = width / 2.
float roundedRectDistance(vec2 p, vec2 o, vec2 s, float r) {
    r = clamp(r, 0.0, 0.5 * min(s.x, s.y));
    vec2 q = abs(p - (o + 0.5 * s)) - (0.5 * s - vec2(r));
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

// The outward unit normal of the rounded rect's edge nearest to p: along an
// axis on the straight sides, radial around a corner's centre.
vec2 roundedRectNormal(vec2 p, vec2 o, vec2 s, float r) {
    r = clamp(r, 0.0, 0.5 * min(s.x, s.y));
    vec2 rel = p - (o + 0.5 * s);
    vec2 q = abs(rel) - (0.5 * s - vec2(r));
    vec2 g = (q.x > 0.0 && q.y > 0.0) ? normalize(q) : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
    return vec2(rel.x < 0.0 ? -g.x : g.x, rel.y < 0.0 ? -g.y : g.y);
}
