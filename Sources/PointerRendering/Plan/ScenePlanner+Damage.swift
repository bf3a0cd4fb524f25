import PointerCore

extension ScenePlanner {
    /// What must be repainted (canvas pt) to go from `previous` to `current`: the old
    /// and new pointer bounds, regions whose drawn state changed (with their
    /// descendants and their shadow/radiosity reach, before and after), lifted
    /// elements whose specular follows a moved pointer, and the context menu.
    /// nil `previous` = the whole canvas. Overlapping rects are merged and cut to
    /// the canvas (for an output-sized scene, to `outputSize` when set, else not cut).
    public func damage(from previous: PointerFrame?, to current: PointerFrame) -> [Rect] {
        guard let previous else { return [canvasRect] }
        var rects: [Rect] = []
        let pointerChanged =
            previous.visible != current.visible || previous.pointer != current.pointer
            || previous.pressed != current.pressed || previous.hidden != current.hidden
            || previous.target != current.target || previous.effect != current.effect
            || (materialIsFading && !current.hidden)
        if pointerChanged {
            if let b = pointerBounds(previous) { rects.append(b) }
            if let b = pointerBounds(current) { rects.append(b) }
        }
        let ids = Set(previous.regions.keys).union(current.regions.keys)
        var before: FramePlacements?
        var after: FramePlacements?
        for id in ids where previous.regions[id] != current.regions[id] {
            guard let i = layout.indexByID[id] else { continue }
            if before == nil { before = placementCache.placements(for: previous) }
            if after == nil { after = placementCache.placements(for: current) }
            if let before { rects.append(subtreeBounds(i, before)) }
            if let after { rects.append(subtreeBounds(i, after)) }
        }
        // A lifted element's specular shows the model pointer (or the held light): it
        // moves with it. A light also moves when its region stops or starts being the target.
        for (id, s) in current.regions where s.emphasis > 0.001 && previous.light(for: id) != current.light(for: id) {
            guard let i = layout.indexByID[id], case .lift = layout.regions[i].effect else { continue }
            if after == nil { after = placementCache.placements(for: current) }
            if let pl = after?[i] { rects.append(pl.bounds.insetBy(dx: -1, dy: -1)) }
        }
        if previous.menuShown != current.menuShown || (current.menuShown != nil && previous.pointer != current.pointer)
        {
            if let m = previous.menuShown { rects.append(MenuPainter.bounds(m)) }
            if let m = current.menuShown { rects.append(MenuPainter.bounds(m)) }
        }
        // The pointer's colour comes from everything under and around it: whenever any
        // of it is repainted, all of it is, so it never shows two materials at once.
        // Its material reads the area around it as drawn: that area is repainted too.
        if let pb = pointerBounds(current), !rects.isEmpty, rects.contains(where: { $0.intersects(pb) }) {
            rects.append(materialRing(current).union(pb))
        }
        // An output-sized canvas whose output size was not given has no known edge.
        guard layout.scene.canvas.size != nil || outputSize != nil else { return Self.merged(rects) }
        return Self.merged(
            rects.compactMap { r in
                let c = r.intersection(canvasRect)
                return c.isEmpty ? nil : c
            })
    }

    /// Region `i` and its descendants as drawn with `placements`, effects included.
    private func subtreeBounds(_ i: Int, _ placements: FramePlacements) -> Rect {
        guard i < layout.regions.count else { return .zero }
        let r = layout.regions[i]
        let pl = placements[i]
        var b = effectBounds(i, r, pl)
        if RegionPlacement.isViewport(r) { return b } // children are clipped to it
        for j in (i + 1)..<(i + 1 + r.childCount) where j < layout.regions.count {
            b = b.union(effectBounds(j, layout.regions[j], placements[j]))
        }
        return b
    }

    /// Merges rects that overlap, or whose union wastes little area, until none do.
    static func merged(_ input: [Rect]) -> [Rect] {
        Rect.mergedPairwise(input) { a, b, u in
            a.intersects(b)
                || u.width * u.height - a.width * a.height - b.width * b.height < 0.25
                    * (a.width * a.height + b.width * b.height)
        }
    }
}
