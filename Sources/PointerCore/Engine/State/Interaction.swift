/// Buttons, modifier keys and gestures, and whether the pointer is away
/// (left the overlay, or hidden after a while without input, B10).
struct Interaction: Sendable {
    var pressed = false
    /// The target the press began on: a drag stays on it (E28).
    var pressTarget: Int?
    var pressPoint: Point = .zero
    var dragging = false
    var modifiers: Set<ModifierKey> = []
    var pinch: PinchState?
    var left = false
    var autoHidden = false

    /// Nothing holds the pointer up: auto-hide may count down (B10).
    var isIdle: Bool { !autoHidden && !left && !pressed && pinch == nil }
}

struct PinchState: Sendable, Equatable {
    var region: Int
    /// The local point under the pointer at `begin`.
    var anchor: Point
    var base: RegionTransform
}
