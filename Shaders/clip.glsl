// A region inside scroll/zoom viewports is clipped to their rounded rects
// (maps, scroll views). Each clip maps device px to its own pt and measures
// the distance there; the coverages multiply, like nested Cairo clips.
const int MAX_CLIPS = 4;
uniform int u_clipCount;
uniform mat3 u_clipFromDevice[MAX_CLIPS];
uniform vec4 u_clipShape[MAX_CLIPS];   // width, height, radius (pt), px per pt

float clipCoverage(vec2 device) {
    float c = 1.0;
    for (int i = 0; i < MAX_CLIPS; i++) {
        if (i >= u_clipCount) break;
        mat3 m = u_clipFromDevice[i];
        vec2 p = (m * vec3(device, 1.0)).xy;
        vec4 s = u_clipShape[i];
        // The clip's own normal, turned back to device axes.
        vec2 n = normalize(transpose(mat2(m)) * roundedRectNormal(p, vec2(0.0), s.xy, s.z));
        c *= edgeCoverage(roundedRectDistance(p, vec2(0.0), s.xy, s.z) * s.w, n);
    }
    return c;
}
