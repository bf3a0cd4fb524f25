// Signed distance (in the units of p; negative inside) from p to the rounded
// rect at origin o with size s and corner radius r. The radius is clamped to
// half the shorter side, as Cairo's rounded-rect path does: a circle is a
// square with r = side / 2, a beam a thin rect with r = width / 2.
float roundedRectDistance(vec2 p, vec2 o, vec2 s, float r) {
    r = clamp(r, 0.0, 0.5 * min(s.x, s.y));
    vec2 q = abs(p - (o + 0.5 * s)) - (0.5 * s - vec2(r));
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
