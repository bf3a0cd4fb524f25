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
        /// Extension: the kind of device later motion comes from, and whether it
        /// reports finger lifts (B9, B12, B13). A mouse never glides.
        case device(PointingDevice)
    }
}

/// What moves the pointer. Only a finger on a touchpad can be lifted, so only a
/// touchpad's motion glides on with inertia (B12) and magnetism (B13); every
/// other device stays where the hand left it, and a pause only recentres it on
/// the control it is snapped to (B9).
public struct PointingDevice: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case mouse, touchpad, tablet, touchscreen
        /// The backend could not tell: treated as a mouse.
        case unknown
    }

    public var kind: Kind
    /// The device says when the finger lifts (`lift` events follow), so no lift
    /// is inferred from a pause. Meaningful for touchpads only.
    public var reportsLift: Bool

    public init(_ kind: Kind, reportsLift: Bool = false) {
        self.kind = kind
        self.reportsLift = kind == .touchpad && reportsLift
    }

    public static let mouse = PointingDevice(.mouse)
    public static let touchpad = PointingDevice(.touchpad)

    /// A finger can leave it mid-motion, so the motion may glide on.
    public var glides: Bool { kind == .touchpad }
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
