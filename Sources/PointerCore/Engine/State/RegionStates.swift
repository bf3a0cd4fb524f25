/// What regions do besides being laid out: scroll and zoom that follow the
/// fingers exactly (`RegionTransform`), and the springs of their effects
/// (`RegionAnimation`: lift, hover, highlight content, `hides`, reveal).
struct RegionStates: Sendable {
    var transforms: [Int: RegionTransform] = [:]
    var animations: [Int: RegionAnimation] = [:]

    /// Steps every animation; one back at rest, drawn as the scene says, is forgotten.
    /// In index order, so the same calls give the same frames.
    mutating func step(_ dt: Double) {
        guard !animations.isEmpty else { return }
        for key in animations.keys.sorted() {
            guard var a = animations[key] else { continue }
            a.step(dt)
            if a.isAtRestAtRest { animations[key] = nil } else { animations[key] = a }
        }
    }

    var isAtRest: Bool { !animations.values.contains { !$0.isAtRest } }

    /// Hot reload: states move to their regions' new indices (`remap`, by id); a
    /// transform only where the region still scrolls or zooms; reveal regions
    /// (`reveals`) start hidden, and every animation rests where `layout` says.
    mutating func carry(over remap: (Int) -> Int?, into layout: SceneLayout, reveals: [Int]) {
        var newTransforms: [Int: RegionTransform] = [:]
        for (i, t) in transforms {
            if let j = remap(i), layout.regions[j].region.scroll != nil || layout.regions[j].region.zoom != nil {
                newTransforms[j] = t
            }
        }
        transforms = newTransforms
        var newAnimations: [Int: RegionAnimation] = [:]
        for (i, a) in animations { if let j = remap(i) { newAnimations[j] = a } }
        for r in reveals where newAnimations[r] == nil { newAnimations[r] = RegionAnimation(restOpacity: 0) }
        for (i, var a) in newAnimations {
            a.restOpacity = layout.regions[i].region.reveal != nil ? 0 : 1
            newAnimations[i] = a
        }
        animations = newAnimations
    }
}
