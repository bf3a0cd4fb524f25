/// A region's animated drawn state (lift/hover scale, parallax, emphasis,
/// reveal and `hides` opacity). Scroll and zoom are not animated here: they
/// follow the fingers exactly (see `RegionTransform`).
struct RegionAnimation: Sendable, Equatable {
    var offsetX = Spring(0, parameters: SpringTuning.regionOffset)
    var offsetY = Spring(0, parameters: SpringTuning.regionOffset)
    var scale = Spring(1, parameters: SpringTuning.regionScale)
    var opacity: Spring
    var emphasis = Spring(0, parameters: SpringTuning.fade)
    /// 0 for `reveal` regions (hidden until hovered), else 1.
    var restOpacity: Double

    init(restOpacity: Double = 1) {
        self.restOpacity = restOpacity
        opacity = Spring(restOpacity, parameters: SpringTuning.fade)
    }

    mutating func setTargets(
        offset: Point = .zero, scale s: Double = 1, opacity o: Double? = nil, emphasis e: Double = 0
    ) {
        offsetX.target = offset.x
        offsetY.target = offset.y
        scale.target = s
        opacity.target = o ?? restOpacity
        emphasis.target = e
    }

    mutating func step(_ dt: Double) {
        offsetX.step(dt)
        offsetY.step(dt)
        scale.step(dt)
        opacity.step(dt)
        emphasis.step(dt)
    }

    var isAtRest: Bool {
        offsetX.isAtRest && offsetY.isAtRest && scale.isAtRest && opacity.isAtRest && emphasis.isAtRest
    }

    /// At rest and drawn exactly as the scene says: can be forgotten.
    var isAtRestAtRest: Bool {
        isAtRest && restOpacity == 1 && offsetX.value == 0 && offsetY.value == 0 && scale.value == 1
            && opacity.value == 1 && emphasis.value == 0
    }
}
