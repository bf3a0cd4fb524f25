import PointerCore

/// Which kind of device is moving a Wayland seat's pointer (B12: only a
/// touchpad's motion glides on). wl_pointer merges every device of the seat and
/// names none, so the kind is read from what only one kind can send: scrolling
/// with the `finger` axis source and the pointer-gestures events (hold, pinch,
/// swipe) come from a touchpad; a wheel's scrolling comes from a mouse. Until
/// one of them arrives the pointer is taken for a mouse, which never glides.
struct SeatDeviceGuess: Equatable {
    private(set) var kind: PointingDevice.Kind = .unknown

    /// The kind `event` shows, when it differs from the current guess.
    mutating func update(for event: InputEvent.Kind) -> PointingDevice.Kind? {
        let shown: PointingDevice.Kind
        switch event {
        case .scroll(_, _, .finger, _), .hold, .pinch, .swipe: shown = .touchpad
        case .scroll(_, _, .wheel, _): shown = .mouse
        default: return nil
        }
        guard shown != kind else { return nil }
        kind = shown
        return shown
    }
}
