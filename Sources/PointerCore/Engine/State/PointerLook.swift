/// The drawn pointer's springs: its offset from the placement, size, corners,
/// press, presence and lift fade, and a path morph's progress (A2, D22).
/// `refresh` sets their targets; `step` animates toward them.
struct PointerLook: Sendable {
    var displacementX = Spring(0, parameters: SpringTuning.morph)
    var displacementY = Spring(0, parameters: SpringTuning.morph)
    var width: Spring
    var height: Spring
    var cornerRadius: Spring
    var pressScale = Spring(1, parameters: SpringTuning.press)
    var presence = Spring(1, parameters: SpringTuning.fade)
    var liftFade = Spring(1, parameters: SpringTuning.fade)
    var transitionProgress = Spring(1, parameters: SpringTuning.transition)
    /// The shape a path morph started from, with its anchor as a fraction of its box.
    var transitionFrom: (geometry: ShapeGeometry, kind: ShapeKind, anchor: Point)?

    /// The circle of `diameter`, at rest.
    init(diameter: Double) {
        width = Spring(diameter, parameters: SpringTuning.morph)
        height = Spring(diameter, parameters: SpringTuning.morph)
        cornerRadius = Spring(diameter / 2, parameters: SpringTuning.morph)
    }

    mutating func step(_ dt: Double) {
        displacementX.step(dt)
        displacementY.step(dt)
        width.step(dt)
        height.step(dt)
        cornerRadius.step(dt)
        pressScale.step(dt)
        presence.step(dt)
        liftFade.step(dt)
        transitionProgress.step(dt)
        if transitionProgress.isAtRest { transitionFrom = nil }
    }

    var isAtRest: Bool {
        displacementX.isAtRest && displacementY.isAtRest && width.isAtRest && height.isAtRest
            && cornerRadius.isAtRest && pressScale.isAtRest && presence.isAtRest && liftFade.isAtRest
            && transitionProgress.isAtRest
    }

    /// Drawn where it is placed, at its size, no morph under way: nothing a
    /// prediction could move ahead of.
    var isSettled: Bool {
        displacementX.isAtRest && displacementY.isAtRest && width.isAtRest && height.isAtRest
            && transitionProgress.isAtRest
    }

    /// The placement point moved from `before` to `after`: the drawn pointer
    /// stays where it was and animates over.
    mutating func keepDrawn(from before: Point, to after: Point) {
        displacementX.value += before.x - after.x
        displacementY.value += before.y - after.y
    }
}
