import PointerCore

/// wl_pointer axis events of one frame → at most one `scroll`.
struct AxisAccumulator {
    enum Source { case wheel, finger, continuous, wheelTilt }

    private var delta = Point.zero
    private var hasAxis = false
    private var source: Source?
    private var stopped = false
    private var fingerScrolling = false

    /// wl_pointer.axis counts scrolling down/right as +; a trace's scroll is how far
    /// the content moves (docs/trace-format.md: dy −12 → offset −12), hence the sign flip.
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
