import PointerCore

/// Where each region is drawn in one frame: its RegionState transforms composed down
/// the tree (TRACE-FORMAT.md transform semantics), cumulative opacity, and which
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

    static func compute(_ layout: SceneLayout, frame: PointerFrame?) -> [RegionPlacement] {
        var out: [RegionPlacement] = []
        out.reserveCapacity(layout.regions.count)
        for r in layout.regions {
            let s = state(of: r, in: frame)
            let parent = r.parent.map { out[$0] }
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
            out.append(RegionPlacement(
                own: own, children: moved, state: s,
                opacity: (parent?.opacity ?? 1) * min(max(s.opacity, 0), 1),
                clippers: clippers,
                bounds: own.apply(Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height))))
        }
        return out
    }
}
