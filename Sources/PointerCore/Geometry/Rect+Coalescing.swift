extension Rect {
    /// `rects` (empty ones dropped) with every pair merged into its bounding
    /// box while that box is no larger than the two apart: a painter that draws
    /// rect by rect then draws an overlap once, not twice (a moving effect's
    /// old and new bounds, or a frame's damage and a buffer's stale area, often
    /// overlap by half). Every input rect stays covered.
    public static func coalesced(_ rects: [Rect]) -> [Rect] {
        var out = rects.filter { !$0.isEmpty }
        var merged = true
        while merged {
            merged = false
            search: for i in out.indices {
                for j in out.indices where j > i {
                    let box = out[i].union(out[j])
                    if box.width * box.height <= out[i].width * out[i].height + out[j].width * out[j].height {
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
}
