/// One input event at time `time` (seconds). Traces (docs/trace-format.md) are these,
/// serialized one per line; backends translate native input into them.
public struct InputEvent: Sendable, Equatable {
    public var time: Double
    public var kind: Kind

    public init(time: Double, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public enum Kind: Sendable, Equatable {
        /// Absolute placement of the model pointer (pt).
        case position(Point)
        /// Relative device motion in pt, before the acceleration curve.
        case motion(dx: Double, dy: Double)
        /// The finger left the pad.
        case lift
        /// Fingers resting on the pad (stops inertia).
        case hold(GesturePhase)
        case button(PointerButton, ButtonState)
        case scroll(dx: Double, dy: Double, source: ScrollSource, phase: GesturePhase?)
        /// `scale` and `rotation` (degrees) are cumulative since `begin`.
        case pinch(phase: GesturePhase, scale: Double, rotation: Double)
        /// Three or more fingers: belongs to the system, the overlay ignores it.
        case swipe(phase: GesturePhase, fingers: Int, dx: Double, dy: Double)
        /// The full set of modifier keys now held.
        case modifiers(Set<ModifierKey>)
        /// The pointer left the overlay.
        case leave
        /// Extension: a key press the engine reacts to, by xkb-style lower-case
        /// name; `escape` closes an open context menu (E26).
        case key(String)
        /// Extension: how later `motion` was accelerated. A live session on a
        /// display server that accelerates the pointer itself records `host`
        /// first, so a replay moves the pointer exactly as far as it moved live.
        case acceleration(MotionAcceleration)
    }
}

/// Who applies the acceleration curve (B11) to `motion` events.
public enum MotionAcceleration: String, Sendable, Equatable, CaseIterable {
    /// Raw device motion: the engine's own curve applies (the default).
    case engine
    /// Already accelerated by the display server: taken 1:1.
    case host
}

public enum GesturePhase: String, Sendable, Equatable, CaseIterable {
    case begin, update, end
    /// Extension: the compositor cancelled the gesture (Wayland `end` with cancelled = 1).
    case cancel
}

public enum PointerButton: String, Sendable, Equatable, CaseIterable {
    case primary, secondary, middle
}

public enum ButtonState: String, Sendable, Equatable, CaseIterable {
    case pressed, released
}

public enum ScrollSource: String, Sendable, Equatable, CaseIterable {
    case finger, wheel
}
