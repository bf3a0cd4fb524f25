import PointerCore

/// Readies a live layer's buffer for the next frame by copying, not drawing,
/// what it lacks: the screen as it stands holds the last frame, the still
/// stage where no layer was and a layer's last buffer where one was. Only the
/// frame's damage is then drawn. At scale 2 drawing an area costs about ten
/// times copying it, and a layer that moved or grew would otherwise be drawn
/// whole, in both its buffers (docs/latency.md, "Copied, not drawn").
public enum LayerBackfill {
    /// The screen as last committed, in canvas pt.
    public struct Screen {
        /// The still stage; nil when its pixels are gone (a compositor that
        /// copied them and gave the buffer back, which was then freed).
        public var still: PixelBuffer?
        /// The live layers' last buffers, each showing the frame over its extent.
        public var layers: [PixelBuffer]
        /// Where a layer was shown whose buffer has changed since: the still
        /// stage is not what the screen showed there.
        public var lost: [Rect]

        public init(still: PixelBuffer?, layers: [PixelBuffer], lost: [Rect] = []) {
            self.still = still
            self.layers = layers
            self.lost = lost
        }
    }

    /// Fills `target` (a layer over `rect`, canvas pt) for a frame that
    /// changed `damage`, where the buffer lacks `stale` (nil: all of it, a
    /// new or moved layer). Returns what to draw: the damage within the layer
    /// plus what no source held; nil when the layer need not be drawn at all
    /// (nothing changed there and it has not moved: the shown buffer stays right).
    public static func prepare(_ target: PixelBuffer, rect: Rect, damage: [Rect], stale: [Rect]?, screen: Screen)
        -> [Rect]?
    {
        let changed = LiveLayerPlacement.repaint(damage, in: rect, stale: [])
        if changed.isEmpty && stale != nil { return nil }
        // Drawn whole anyway: nothing to copy.
        if changed.contains(where: { LiveLayerPlacement.covers($0, rect) }) { return [rect] }
        // What is drawn anyway needs no copy.
        let missing = changed.reduce(stale ?? [rect]) { subtracting($1, from: $0) }
        let unfilled = fill(target, areas: missing, from: screen)
        return LiveLayerPlacement.repaint(changed + unfilled, in: rect, stale: [])
    }

    /// Brings a layer's buffer the compositor just gave back up to the layer's
    /// front buffer (the same layer, as last committed) by copying what it
    /// lacks, `stale` (canvas pt), so the next frame, often one that must be
    /// quick, finds nothing left to copy. Returns what could not be copied.
    public static func catchUp(_ target: PixelBuffer, stale: [Rect], from front: PixelBuffer) -> [Rect] {
        fill(target, areas: stale, from: Screen(still: nil, layers: [front]))
    }

    /// Copies `areas` (canvas pt) of `screen` into `target`, each pixel from
    /// one source: a layer where one stood, else the still stage. Returns the
    /// parts no source held.
    static func fill(_ target: PixelBuffer, areas: [Rect], from screen: Screen) -> [Rect] {
        var unfilled: [Rect] = []
        var rest = areas.map { $0.intersection(extent(target)) }.filter { !$0.isEmpty }
        for layer in screen.layers where !rest.isEmpty {
            let e = extent(layer)
            for piece in rest {
                let part = piece.intersection(e)
                // Not copied (its pixels do not line up): drawn, as the still stage is not what it showed.
                if !part.isEmpty && !copy(part, from: layer, into: target) { unfilled.append(part) }
            }
            rest = subtracting(e, from: rest)
        }
        guard !rest.isEmpty else { return unfilled }
        guard let still = screen.still else { return rest }
        for piece in rest where !copy(piece, from: still, into: target) { unfilled.append(piece) }
        // The still stage is wrong where a layer stood whose pixels are gone.
        for piece in rest {
            unfilled += screen.lost.map { $0.intersection(piece) }.filter { !$0.isEmpty }
        }
        return unfilled
    }

    /// `rects` with `cut` taken out of each (up to four pieces a rect).
    static func subtracting(_ cut: Rect, from rects: [Rect]) -> [Rect] {
        rects.flatMap { r -> [Rect] in
            let c = r.intersection(cut)
            guard !c.isEmpty else { return [r] }
            return [
                Rect(x: r.minX, y: r.minY, width: r.width, height: c.minY - r.minY), // above
                Rect(x: r.minX, y: c.maxY, width: r.width, height: r.maxY - c.maxY), // below
                Rect(x: r.minX, y: c.minY, width: c.minX - r.minX, height: c.height), // left
                Rect(x: c.maxX, y: c.minY, width: r.maxX - c.maxX, height: c.height),
            ] // right
            .filter { !$0.isEmpty }
        }
    }

    /// The canvas pt a buffer covers.
    public static func extent(_ b: PixelBuffer) -> Rect {
        Rect(x: b.origin.x, y: b.origin.y, width: Double(b.width) / b.scale, height: Double(b.height) / b.scale)
    }

    /// Copies area `a` (canvas pt, inside both) row by row; false when the two
    /// buffers' pixels do not line up (another scale, or not whole pixels).
    static func copy(_ a: Rect, from source: PixelBuffer, into target: PixelBuffer) -> Bool {
        guard source.scale == target.scale else { return false }
        let s = source.scale
        func whole(_ v: Double) -> Int? {
            let r = v.rounded()
            return abs(v - r) < 1e-6 ? Int(r) : nil
        }
        guard let sx = whole((a.minX - source.origin.x) * s), let sy = whole((a.minY - source.origin.y) * s),
            let tx = whole((a.minX - target.origin.x) * s), let ty = whole((a.minY - target.origin.y) * s),
            let w = whole(a.width * s), let h = whole(a.height * s),
            sx >= 0, sy >= 0, tx >= 0, ty >= 0, w > 0, h > 0,
            sx + w <= source.width, sy + h <= source.height, tx + w <= target.width, ty + h <= target.height
        else { return false }
        for row in 0..<h {
            (target.data + (ty + row) * target.stride + 4 * tx)
                .copyMemory(from: source.data + (sy + row) * source.stride + 4 * sx, byteCount: 4 * w)
        }
        return true
    }
}
