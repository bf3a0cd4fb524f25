import PointerCore

/// Where a layered canvas's live layers go (LayeredCanvas).
public enum LiveLayerPlacement {
    /// The live layers a canvas offers: what differs from the still stage in
    /// places far apart (a menu left open, the pointer at the other end) gets
    /// a layer each instead of one over both.
    public static let layerCount = 3
    /// The side of a layer that covers nothing any more: kept tiny rather than
    /// unmapped (sway 1.7 does not repaint where a synchronized subsurface is unmapped).
    public static let parkedSide = 32.0

    /// The layer over `need` (canvas pt) on a canvas of `size`: the current one
    /// when it still covers it and is not far too big, else one with room
    /// around it, in whole `granule`s, inside the canvas.
    public static func placement(
        for need: Rect, current: Rect, canvas size: Size, margin: Double = 24, granule: Double = 32
    ) -> Rect {
        let canvas = Rect(x: 0, y: 0, width: size.width.rounded(.down), height: size.height.rounded(.down))
        let x0 = max(need.minX, 0)
        let y0 = max(need.minY, 0)
        let wanted = Rect(
            x: x0, y: y0, width: min(need.maxX, canvas.maxX) - x0, height: min(need.maxY, canvas.maxY) - y0)
        guard !wanted.isEmpty, !canvas.isEmpty else { return current }
        func roundedUp(_ v: Double) -> Double { max(granule, (v / granule).rounded(.up) * granule) }
        let width = min(canvas.width, roundedUp(wanted.width + 2 * margin))
        let height = min(canvas.height, roundedUp(wanted.height + 2 * margin))
        let farTooBig = current.width * current.height > 4 * width * height
        if covers(current, wanted) && !farTooBig { return current }
        let x = min(max(0, (wanted.midX - width / 2).rounded(.down)), canvas.width - width)
        let y = min(max(0, (wanted.midY - height / 2).rounded(.down)), canvas.height - height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// `layerCount` layers over `rects` (canvas pt): the rects gathered into
    /// groups that lie within two margins of each other (the fewest, merging the
    /// closest while there are too many), each group on a layer that already
    /// covers it where one does. A layer left without a group is parked: a
    /// `parkedSide` square at its corner (an empty rect: never used yet).
    public static func layers(for rects: [Rect], current: [Rect], canvas size: Size, margin: Double = 24) -> [Rect] {
        var slots = current + Array(repeating: Rect.zero, count: max(0, layerCount - current.count))
        slots = Array(slots.prefix(layerCount))
        var groups = gathered(rects.filter { !$0.isEmpty }, within: 2 * margin)
        var placed = Array(repeating: false, count: slots.count)
        // Groups already covered keep their layer (no redraw); the largest choose first.
        groups.sort { $0.width * $0.height > $1.width * $1.height }
        var waiting: [Rect] = []
        for g in groups {
            if let i = slots.indices.first(where: { !placed[$0] && covers(slots[$0], g) }) {
                slots[i] = placement(for: g, current: slots[i], canvas: size, margin: margin)
                placed[i] = true
            } else {
                waiting.append(g)
            }
        }
        for g in waiting {
            // The free layer nearest the group, so a group that moved takes its old layer.
            guard
                let i = slots.indices.filter({ !placed[$0] }).min(by: {
                    distance(slots[$0], g) < distance(slots[$1], g)
                })
            else { break }
            slots[i] = placement(for: g, current: slots[i], canvas: size, margin: margin)
            placed[i] = true
        }
        for i in slots.indices where !placed[i] && !slots[i].isEmpty {
            slots[i] = Rect(
                x: slots[i].minX, y: slots[i].minY,
                width: min(parkedSide, slots[i].width), height: min(parkedSide, slots[i].height))
        }
        return slots
    }

    /// What to repaint in a layer over `layer`: the frame's `damage` there plus
    /// what is `stale` in its buffer (nil stale: all of it).
    public static func repaint(_ damage: [Rect], in layer: Rect, stale: [Rect]?) -> [Rect] {
        guard let stale else { return [layer] }
        return (damage + stale).compactMap { r in
            let c = r.intersection(layer)
            return c.isEmpty ? nil : c
        }
    }

    /// Rects merged into groups: any two within `gap` of each other join; then,
    /// while there are more than `layerCount`, the two whose union is smallest.
    static func gathered(_ rects: [Rect], within gap: Double) -> [Rect] {
        var groups = rects
        var merged = true
        while merged {
            merged = false
            outer: for i in groups.indices {
                for j in groups.indices
                where j > i
                    && groups[i].insetBy(dx: -gap / 2, dy: -gap / 2)
                        .intersects(groups[j].insetBy(dx: -gap / 2, dy: -gap / 2))
                {
                    groups[i] = groups[i].union(groups[j])
                    groups.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        while groups.count > layerCount {
            var best = (0, 1, Double.infinity)
            for i in groups.indices {
                for j in groups.indices where j > i {
                    let u = groups[i].union(groups[j])
                    if u.width * u.height < best.2 { best = (i, j, u.width * u.height) }
                }
            }
            groups[best.0] = groups[best.0].union(groups[best.1])
            groups.remove(at: best.1)
        }
        return groups
    }

    static func covers(_ outer: Rect, _ inner: Rect) -> Bool {
        !outer.isEmpty && outer.minX <= inner.minX && outer.minY <= inner.minY
            && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    private static func distance(_ a: Rect, _ b: Rect) -> Double {
        guard !a.isEmpty else { return .infinity }
        let dx = a.midX - b.midX
        let dy = a.midY - b.midY
        return (dx * dx + dy * dy).squareRoot()
    }
}
