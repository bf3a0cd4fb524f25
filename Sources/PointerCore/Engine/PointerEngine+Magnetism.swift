/// Magnetism over the whole scene (B13), including controls inside scrolled or
/// zoomed regions: those are searched in their container's rest space (radius
/// divided by the container's scale) and measured where they are drawn.
extension PointerEngine {
    func magnetTarget(lift: Point, velocity: Point, landing: Point) -> Int? {
        let radius = scene.pointer.magnetismRadius
        guard radius > 0, velocity.length > 0 else { return nil }
        var best = Magnetism.pick(
            index: index, lift: lift, velocity: velocity, landing: landing, radius: radius,
            tuning: magnetism,
            isSnappable: { isSnappable($0) && activeTransformParent($0) == nil },
            center: { facts.regionFrames[$0].center })
        var bestDistance = best.map { facts.regionFrames[$0].distance(to: landing) } ?? .infinity
        for c in regions.transforms.keys.sorted() {
            let scale = drawnScale(ofChildrenOf: c)
            guard scale > 0, let q = point(landing, inChildrenOf: c, clip: false) else { continue }
            let container = drawnFrame(of: c)
            index.forEach(within: radius / scale, of: q) { i, _ in
                guard activeTransformParent(i) == c, isSnappable(i) else { return }
                let drawn = drawnFrame(of: i)
                // Clipped away by the container: not a target anyone can see.
                guard drawn.intersects(container) else { return }
                let d = drawn.distance(to: landing)
                guard d <= radius, Magnetism.isAhead(drawn.center, lift: lift, velocity: velocity, tuning: magnetism)
                else { return }
                if d < bestDistance || (d == bestDistance && i > (best ?? -1)) {
                    best = i
                    bestDistance = d
                }
            }
        }
        return best
    }
}
