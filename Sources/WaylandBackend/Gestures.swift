import CWaylandClient
import CWaylandProtocols
import PointerCore

/// zwp_pointer_gestures_v1 (v3): the touchpad's swipe, pinch and hold
/// objects for one wl_pointer; `GestureTranslator` decides what they mean.
final class Gestures {
    private let swipe: OpaquePointer?
    private let pinch: OpaquePointer?
    private let hold: OpaquePointer?
    private unowned let overlay: WaylandOverlay
    private var translator = GestureTranslator()

    init(manager: OpaquePointer, version: UInt32, pointer: OpaquePointer, overlay: WaylandOverlay) {
        self.overlay = overlay
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer)
        hold = version >= 3 ? zwp_pointer_gestures_v1_get_hold_gesture(manager, pointer) : nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        if let swipe { zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, me) }
        if let pinch { zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener, me) }
        if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener, me) }
    }

    deinit {
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
    }

    fileprivate func swipeBegin(fingers: UInt32) { overlay.input(translator.swipeBegin(fingers: Int(fingers))) }
    fileprivate func swipeUpdate(dx: Double, dy: Double) { overlay.input(translator.swipeUpdate(dx: dx, dy: dy)) }
    fileprivate func swipeEnd(cancelled: Bool) { overlay.input(translator.swipeEnd(cancelled: cancelled)) }
    fileprivate func pinchBegin(fingers: UInt32) { overlay.input(translator.pinchBegin(fingers: Int(fingers))) }
    fileprivate func pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        overlay.input(translator.pinchUpdate(dx: dx, dy: dy, scale: scale, rotationDelta: rotation))
    }
    fileprivate func pinchEnd(cancelled: Bool) { overlay.input(translator.pinchEnd(cancelled: cancelled)) }
    fileprivate func holdBegin() { overlay.input(translator.holdBegin()) }
    fileprivate func holdEnd(cancelled: Bool) { overlay.input(translator.holdEnd(cancelled: cancelled)) }
}

private func gestures(_ data: UnsafeMutableRawPointer?) -> Gestures? {
    data.map { Unmanaged<Gestures>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: zwp_pointer_gesture_swipe_v1_listener(
            begin: { data, _, _, _, _, fingers in gestures(data)?.swipeBegin(fingers: fingers) },
            update: { data, _, _, dx, dy in
                gestures(data)?.swipeUpdate(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy))
            },
            end: { data, _, _, _, cancelled in gestures(data)?.swipeEnd(cancelled: cancelled != 0) }))
    return p
}()

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: zwp_pointer_gesture_pinch_v1_listener(
            begin: { data, _, _, _, _, fingers in gestures(data)?.pinchBegin(fingers: fingers) },
            update: { data, _, _, dx, dy, scale, rotation in
                gestures(data)?.pinchUpdate(
                    dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                    scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
            },
            end: { data, _, _, _, cancelled in gestures(data)?.pinchEnd(cancelled: cancelled != 0) }))
    return p
}()

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: zwp_pointer_gesture_hold_v1_listener(
            begin: { data, _, _, _, _, _ in gestures(data)?.holdBegin() },
            end: { data, _, _, _, cancelled in gestures(data)?.holdEnd(cancelled: cancelled != 0) }))
    return p
}()
