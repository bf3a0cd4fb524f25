import PointerCore

/// Turns zwp_pointer_gestures_v1 (and wl_pointer axis) event sequences into
/// InputEvents, without any Wayland objects, so the rules are unit-tested:
/// - two-finger pinches act on the stage (B25): `pinch` with the cumulative
///   scale and the *summed* rotation (Wayland sends per-event deltas);
/// - pinches and swipes with three or more fingers belong to the system and
///   are passed on as `swipe`, which the engine ignores;
/// - holds become `hold` (a cancelled hold, when motion starts, is `cancel`);
/// - axis events are grouped per wl_pointer.frame into one `scroll`; finger
///   scrolls get begin/update/end from the first event and axis_stop.
struct GestureTranslator {
    private var swipeFingers = 0
    private var swipeTotal = Point.zero
    private var pinchIsStage = false
    private var pinchScale = 1.0
    private var pinchRotation = 0.0

    mutating func swipeBegin(fingers: Int) -> InputEvent.Kind {
        swipeFingers = fingers
        swipeTotal = .zero
        return .swipe(phase: .begin, fingers: fingers, dx: 0, dy: 0)
    }

    mutating func swipeUpdate(dx: Double, dy: Double) -> InputEvent.Kind {
        swipeTotal += Point(x: dx, y: dy)
        return .swipe(phase: .update, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    func swipeEnd(cancelled: Bool) -> InputEvent.Kind {
        .swipe(phase: cancelled ? .cancel : .end, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    mutating func pinchBegin(fingers: Int) -> InputEvent.Kind {
        pinchScale = 1
        pinchRotation = 0
        pinchIsStage = fingers == 2
        if pinchIsStage { return .pinch(phase: .begin, scale: 1, rotation: 0) }
        swipeFingers = fingers
        swipeTotal = .zero
        return .swipe(phase: .begin, fingers: fingers, dx: 0, dy: 0)
    }

    /// `scale` is cumulative since begin; `rotationDelta` (degrees) since the last event.
    mutating func pinchUpdate(dx: Double, dy: Double, scale: Double, rotationDelta: Double) -> InputEvent.Kind {
        pinchScale = scale
        pinchRotation += rotationDelta
        if pinchIsStage { return .pinch(phase: .update, scale: pinchScale, rotation: pinchRotation) }
        swipeTotal += Point(x: dx, y: dy)
        return .swipe(phase: .update, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    mutating func pinchEnd(cancelled: Bool) -> InputEvent.Kind {
        defer { pinchIsStage = false }
        let phase: GesturePhase = cancelled ? .cancel : .end
        if pinchIsStage { return .pinch(phase: phase, scale: pinchScale, rotation: pinchRotation) }
        return .swipe(phase: phase, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y)
    }

    func holdBegin() -> InputEvent.Kind { .hold(.begin) }
    func holdEnd(cancelled: Bool) -> InputEvent.Kind { .hold(cancelled ? .cancel : .end) }
}

/// wl_pointer axis events of one frame → at most one `scroll`.
struct AxisAccumulator {
    enum Source { case wheel, finger, continuous, wheelTilt }

    private var delta = Point.zero
    private var hasAxis = false
    private var source: Source?
    private var stopped = false
    private var fingerScrolling = false

    /// wl_pointer.axis counts scrolling down/right as +; a trace's scroll is how far
    /// the content moves (TRACE-FORMAT: dy −12 → offset −12), hence the sign flip.
    mutating func axis(vertical: Bool, value: Double) {
        if vertical { delta.y -= value } else { delta.x -= value }
        hasAxis = true
    }

    mutating func setSource(_ s: Source) { source = s }

    mutating func stop() {
        stopped = true
        hasAxis = true
    }

    /// wl_pointer.frame: the grouped scroll, if the frame had any axis events.
    mutating func frame() -> InputEvent.Kind? {
        defer {
            delta = .zero
            hasAxis = false
            source = nil
            stopped = false
        }
        guard hasAxis else { return nil }
        // Continuous sources (trackpoint, touchpad without finger info) scroll smoothly like fingers.
        let finger = source == .finger || source == .continuous || (source == nil && fingerScrolling)
        if finger {
            let phase: GesturePhase
            if stopped {
                phase = .end
                fingerScrolling = false
            } else {
                phase = fingerScrolling ? .update : .begin
                fingerScrolling = true
            }
            return .scroll(dx: delta.x, dy: delta.y, source: .finger, phase: phase)
        }
        return delta == .zero ? nil : .scroll(dx: delta.x, dy: delta.y, source: .wheel, phase: nil)
    }
}
