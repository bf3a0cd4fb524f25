import PointerCore

/// Where each region is drawn in one frame: its RegionState transforms composed down
/// the tree (docs/trace-format.md, the transform), cumulative opacity, and which
/// ancestors clip it. Scroll/zoom regions are viewports: their own state moves their
/// children, not themselves, and their children are clipped to them.
struct RegionPlacement {
    /// Region-local (0…w, 0…h) → canvas, for drawing the region itself.
    var own: AffineTransform
    /// Region-local → canvas, for placing children.
    var children: AffineTransform
    var state: RegionState
    /// Product of the region's and its ancestors' opacity.
    var opacity: Double
    /// Viewport ancestors whose shapes clip this region (outermost first).
    var clippers: [Int]
    /// Canvas bounds of the region's drawn frame (no effect extents).
    var bounds: Rect

    static func isViewport(_ r: LaidOutRegion) -> Bool {
        r.region.scroll != nil || r.region.zoom != nil
    }

    /// The state to draw: the frame's entry, else rest (the engine lists hidden
    /// `reveal` regions with opacity 0). Without a frame (the stage still), `reveal`
    /// regions are hidden, as they are until hovered.
    static func state(of r: LaidOutRegion, in frame: PointerFrame?) -> RegionState {
        guard let frame else { return r.region.reveal == .hover ? RegionState(opacity: 0) : .rest }
        return frame.regions[r.id] ?? .rest
    }

    /// Places region `r` under its parent's placement (nil at top level).
    static func place(
        _ r: LaidOutRegion, in layout: SceneLayout, parent: RegionPlacement?,
        state s: RegionState
    ) -> RegionPlacement {
        let base = parent?.children ?? .identity
        let rel = r.parent.map { r.frame.origin - layout.regions[$0].frame.origin } ?? r.frame.origin
        let atRest = base.concatenating(.translation(rel.x, rel.y))
        let moved = base.concatenating(.translation(rel.x + s.offset.x, rel.y + s.offset.y))
            .concatenating(.rotation(degrees: s.rotation))
            .concatenating(.scaling(s.scale))
        let viewport = isViewport(r)
        var clippers = parent?.clippers ?? []
        if let p = r.parent, isViewport(layout.regions[p]) { clippers.append(p) }
        let own = viewport ? atRest : moved
        return RegionPlacement(
            own: own, children: moved, state: s,
            opacity: (parent?.opacity ?? 1) * min(max(s.opacity, 0), 1),
            clippers: clippers,
            bounds: own.apply(Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height)))
    }

    /// Every region placed for `frame` (O(regions): for tests and small scenes;
    /// the renderer uses `PlacementCache`).
    static func compute(_ layout: SceneLayout, frame: PointerFrame?) -> [RegionPlacement] {
        var out: [RegionPlacement] = []
        out.reserveCapacity(layout.regions.count)
        for r in layout.regions {
            out.append(place(r, in: layout, parent: r.parent.map { out[$0] }, state: state(of: r, in: frame)))
        }
        return out
    }
}

/// The regions' placements for one frame: the placements at rest, computed once,
/// plus the few that the frame changes (regions with a state entry and their
/// descendants). A frame costs O(changed regions), not O(regions).
struct FramePlacements {
    let rest: [RegionPlacement]
    let changed: [Int: RegionPlacement]
    /// `changed`'s keys, ascending.
    let changedIndices: [Int]

    subscript(i: Int) -> RegionPlacement { changed[i] ?? rest[i] }
}

/// Rest placements (with and without a frame: `reveal` regions differ) and their
/// canvas bounds, kept for the renderer's lifetime; the last frames' placements cached.
final class PlacementCache {
    let layout: SceneLayout
    /// With a frame and no state entries.
    let rest: [RegionPlacement]
    /// Without a frame (the still stage: `reveal` regions hidden).
    let still: [RegionPlacement]
    private var recent: [(regions: [String: RegionState], placements: FramePlacements)] = []

    init(layout: SceneLayout) {
        self.layout = layout
        var withFrame: [RegionPlacement] = []
        withFrame.reserveCapacity(layout.regions.count)
        for r in layout.regions {
            withFrame.append(RegionPlacement.place(r, in: layout, parent: r.parent.map { withFrame[$0] }, state: .rest))
        }
        rest = withFrame
        still = RegionPlacement.compute(layout, frame: nil)
    }

    func placements(for frame: PointerFrame?) -> FramePlacements {
        guard let frame else { return FramePlacements(rest: still, changed: [:], changedIndices: []) }
        if frame.regions.isEmpty { return FramePlacements(rest: rest, changed: [:], changedIndices: []) }
        if let hit = recent.first(where: { $0.regions == frame.regions }) { return hit.placements }
        var changed: [Int: RegionPlacement] = [:]
        let roots = frame.regions.keys.compactMap { layout.indexByID[$0] }.sorted()
        for root in roots {
            let end = root + layout.regions[root].childCount
            for i in root...end {
                let r = layout.regions[i]
                let parent = r.parent.map { changed[$0] ?? rest[$0] }
                changed[i] = RegionPlacement.place(
                    r, in: layout, parent: parent,
                    state: RegionPlacement.state(of: r, in: frame))
            }
        }
        let result = FramePlacements(rest: rest, changed: changed, changedIndices: changed.keys.sorted())
        recent.append((frame.regions, result))
        if recent.count > 3 { recent.removeFirst() }
        return result
    }
}
