extension Rect {
    /// `rects` (empty ones dropped) with pairs replaced by their bounding box,
    /// one pair at a time, while `merge(a, b, box)` says so for some pair.
    public static func mergedPairwise(_ rects: [Rect], where merge: (Rect, Rect, Rect) -> Bool) -> [Rect] {
        var out = rects.filter { !$0.isEmpty }
        var merged = true
        while merged {
            merged = false
            search: for i in out.indices {
                for j in out.indices where j > i {
                    let box = out[i].union(out[j])
                    if merge(out[i], out[j], box) {
                        out[i] = box
                        out.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        return out
    }

    /// `rects` with every pair merged into its bounding box while that box is
    /// no larger than the two apart: a painter that draws rect by rect then
    /// draws an overlap once, not twice (a moving effect's old and new bounds,
    /// or a frame's damage and a buffer's stale area, often overlap by half).
    /// Every input rect stays covered, and the area drawn never grows.
    public static func coalesced(_ rects: [Rect]) -> [Rect] {
        mergedPairwise(rects) { a, b, box in box.width * box.height <= a.width * a.height + b.width * b.height }
    }
}
