/// Turns touchpad gesture sequences (Wayland's zwp_pointer_gestures_v1, X11's
/// XInput 2.4 gesture events) into InputEvents. One place for the rules, which
/// both backends follow:
/// - two-finger pinches act on the stage (E25): `pinch` with the cumulative
///   scale and the *summed* rotation (Wayland sends per-event deltas);
/// - pinches and swipes with three or more fingers belong to the system and
///   are passed on as `swipe`, which the engine ignores;
/// - swipe deltas are summed since `begin`, as pinch scale and rotation are;
/// - holds become `hold` (a cancelled hold, when motion starts, is `cancel`).
public struct GestureTranslator: Sendable {
    /// Fewer fingers than this act on the region under the pointer (E25).
    public static let systemFingerCount = 3

    public init() {}

    private var swipeFingers = 0
    private var swipeTotal = Point.zero
    private var pinchIsStage = false
    private var pinchScale = 1.0
    private var pinchRotation = 0.0

    public mutating func swipeBegin(fingers: Int) -> InputEvent.Kind {
        swipeFingers = fingers
        swipeTotal = .zero
        return .swipe(phase: .begin, fingers: fingers, dx: 0, dy: 0)
    }

    /// `fingers`: when the device repeats the count on every event (XInput 2.4).
    public mutating func swipeUpdate(dx: Double, dy: Double, fingers: Int? = nil) -> InputEvent.Kind {
        if let fingers { swipeFingers = fingers }
        swipeTotal += Point(x: dx, y: dy)
        return .swipe(phase: .update, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    public func swipeEnd(cancelled: Bool) -> InputEvent.Kind {
        .swipe(phase: cancelled ? .cancel : .end, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    public mutating func pinchBegin(fingers: Int) -> InputEvent.Kind {
        pinchScale = 1
        pinchRotation = 0
        pinchIsStage = fingers < Self.systemFingerCount
        if pinchIsStage { return .pinch(phase: .begin, scale: 1, rotation: 0) }
        swipeFingers = fingers
        swipeTotal = .zero
        return .swipe(phase: .begin, fingers: fingers, dx: 0, dy: 0)
    }

    /// `scale` is cumulative since begin; `rotationDelta` (degrees) since the last event.
    public mutating func pinchUpdate(dx: Double, dy: Double, scale: Double, rotationDelta: Double) -> InputEvent.Kind {
        pinchScale = scale
        pinchRotation += rotationDelta
        if pinchIsStage { return .pinch(phase: .update, scale: pinchScale, rotation: pinchRotation) }
        swipeTotal += Point(x: dx, y: dy)
        return .swipe(phase: .update, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    public mutating func pinchEnd(cancelled: Bool) -> InputEvent.Kind {
        defer { pinchIsStage = false }
        let phase: GesturePhase = cancelled ? .cancel : .end
        if pinchIsStage { return .pinch(phase: phase, scale: pinchScale, rotation: pinchRotation) }
        return .swipe(phase: phase, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    public func holdBegin() -> InputEvent.Kind { .hold(.begin) }
    public func holdEnd(cancelled: Bool) -> InputEvent.Kind { .hold(cancelled ? .cancel : .end) }
}
