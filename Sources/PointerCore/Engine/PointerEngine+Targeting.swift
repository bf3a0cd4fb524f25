/// Hit testing through the spatial index, aware of scrolled and zoomed parents
/// (B6, B7, A2). The index holds every region's hit rect at rest; a region inside
/// a transformed container is tested with the pointer mapped back into that
/// container's rest coordinates (and clipped to the container's frame).
extension PointerEngine {
    /// The nearest ancestor whose transform is not the identity, if any.
    func activeTransformParent(_ i: Int) -> Int? {
        var p = facts.transformParent[i]
        while p >= 0 {
            if regions.transforms[p] != nil { return p }
            p = facts.transformParent[p]
        }
        return nil
    }

    /// Canvas point → the rest space region `i` lives in (nil when clipped away).
    func point(_ p: Point, inSpaceOf i: Int) -> Point? {
        guard let c = activeTransformParent(i) else { return p }
        return point(p, inChildrenOf: c)
    }

    /// Canvas point → rest space of container `c`'s children (nil when outside
    /// the container's frame, which clips them, unless `clip` is false).
    func point(_ p: Point, inChildrenOf c: Int, clip: Bool = true) -> Point? {
        guard let q = activeTransformParent(c).map({ point(p, inChildrenOf: $0, clip: clip) }) ?? p else { return nil }
        let frame = facts.regionFrames[c]
        if clip && !frame.contains(q) { return nil }
        let t = regions.transforms[c] ?? .identity
        return t.invert(q, origin: frame.origin) + frame.origin
    }

    /// How much container `c`'s children are scaled on screen (all transformed ancestors).
    func drawnScale(ofChildrenOf c: Int) -> Double {
        var s = regions.transforms[c]?.scale ?? 1
        var a = activeTransformParent(c)
        while let x = a {
            s *= regions.transforms[x]?.scale ?? 1
            a = activeTransformParent(x)
        }
        return s
    }

    /// Rest point in region `i`'s space → canvas point.
    func drawnPoint(_ q: Point, inSpaceOf i: Int) -> Point {
        var p = q
        var c = activeTransformParent(i)
        while let container = c {
            let origin = layout.regions[container].frame.origin
            p = (regions.transforms[container] ?? .identity).apply(p - origin, origin: origin)
            c = activeTransformParent(container)
        }
        return p
    }

    /// Region `i`'s frame as drawn (bounding box after parents' scroll/zoom).
    func drawnFrame(of i: Int) -> Rect {
        let f = layout.regions[i].frame
        guard activeTransformParent(i) != nil else { return f }
        let corners = [
            Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY),
            Point(x: f.minX, y: f.maxY), Point(x: f.maxX, y: f.maxY),
        ].map { drawnPoint($0, inSpaceOf: i) }
        var r = Rect(origin: corners[0], size: .zero)
        for c in corners.dropFirst() { r = r.union(Rect(origin: c, size: .zero)) }
        return r
    }

    /// Calls `body` for every region whose hit rect contains canvas point `p`,
    /// with `p` in that region's rest space.
    func forEachHit(_ p: Point, _ body: (Int, Point) -> Void) {
        if regions.transforms.isEmpty {
            index.forEach(containing: p) { body($0, p) }
            return
        }
        index.forEach(containing: p) { i in
            if activeTransformParent(i) == nil { body(i, p) }
        }
        for c in regions.transforms.keys.sorted() {
            guard let q = point(p, inChildrenOf: c) else { continue }
            index.forEach(containing: q) { i in
                if activeTransformParent(i) == c { body(i, q) }
            }
        }
    }

    /// Magnetism targets: controls the pointer snaps into (B13).
    func isSnappable(_ i: Int) -> Bool {
        switch layout.regions[i].effect {
        case .highlight, .lift: return true
        default: return false
        }
    }

    /// The target under canvas point `p`. Children are on top of their parents,
    /// hit areas included: a descendant's hit area beats its ancestor. Otherwise,
    /// where hit areas overlap (a toolbar's padded buttons), a region whose frame
    /// contains the point beats one whose padding does; among frames, the
    /// topmost; among paddings, the nearest frame (ties: topmost). So crossing a
    /// contiguous group hands over at the midpoint between two controls and never
    /// falls back to the circle (A2), even inside a targetable container.
    func chooseTarget(at p: Point) -> Int? {
        var best: Int?
        var bestInside = false
        var bestDistance = Double.infinity
        forEachHit(p) { i, q in
            guard facts.targetable[i] else { return }
            let frame = facts.regionFrames[i]
            let inside = frame.contains(q)
            let d = inside ? 0 : frame.distance(to: q)
            let better: Bool
            if let b = best, b < i && i <= facts.subtreeEnd[b] {
                better = true // i inside b
            } else if let b = best, i < b && b <= facts.subtreeEnd[i] {
                better = false // b inside i
            } else if best == nil {
                better = true
            } else if inside != bestInside {
                better = inside
            } else if d != bestDistance {
                better = d < bestDistance
            } else {
                better = i > best!
            }
            if better {
                best = i
                bestInside = inside
                bestDistance = d
            }
        }
        return best
    }

    /// The topmost region whose frame contains `p` and that passes `filter`.
    func topmostRegion(at p: Point, where filter: (LaidOutRegion) -> Bool) -> Int? {
        var best: Int?
        forEachHit(p) { i, q in
            let r = layout.regions[i]
            if i > (best ?? -1), r.frame.contains(q), filter(r) { best = i }
        }
        return best
    }

    /// Ids of region `i` and its ancestors.
    func idChain(_ i: Int?) -> [String] {
        var out: [String] = []
        var j = i
        while let k = j {
            out.append(layout.regions[k].id)
            j = layout.regions[k].parent
        }
        return out
    }
}
