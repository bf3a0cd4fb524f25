import CWaylandClient
import CWaylandProtocols
import PointerCore

/// zwp_pointer_gestures_v1 (v3): touchpad pinch, swipe and hold → engine
/// events. Two-finger pinches act on the stage (B25); three-or-more-finger
/// swipes and pinches belong to the system and are passed on as `swipe`,
/// which the engine ignores. Pinch rotation arrives as per-event deltas and
/// is summed so events carry the cumulative angle the trace format wants.
final class Gestures {
    private let swipe: OpaquePointer?
    private let pinch: OpaquePointer?
    private let hold: OpaquePointer?
    private unowned let overlay: WaylandOverlay
    private var swipeFingers = 0
    private var swipeTotal = Point.zero
    private var pinchActive = false
    private var pinchScale = 1.0
    private var pinchRotation = 0.0

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

    fileprivate func swipeBegin(fingers: UInt32) {
        swipeFingers = Int(fingers)
        swipeTotal = .zero
        overlay.input(.swipe(phase: .begin, fingers: swipeFingers, dx: 0, dy: 0))
    }
    fileprivate func swipeUpdate(dx: Double, dy: Double) {
        swipeTotal += Point(x: dx, y: dy)
        overlay.input(.swipe(phase: .update, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y))
    }
    fileprivate func swipeEnd(cancelled: Bool) {
        overlay.input(.swipe(phase: cancelled ? .cancel : .end, fingers: swipeFingers, dx: swipeTotal.x, dy: swipeTotal.y))
    }

    fileprivate func pinchBegin(fingers: UInt32) {
        pinchScale = 1
        pinchRotation = 0
        pinchActive = fingers == 2
        if pinchActive {
            overlay.input(.pinch(phase: .begin, scale: 1, rotation: 0))
        } else {
            overlay.input(.swipe(phase: .begin, fingers: Int(fingers), dx: 0, dy: 0))
            swipeFingers = Int(fingers)
        }
    }
    fileprivate func pinchUpdate(scale: Double, rotation: Double) {
        pinchScale = scale
        pinchRotation += rotation
        if pinchActive { overlay.input(.pinch(phase: .update, scale: pinchScale, rotation: pinchRotation)) }
    }
    fileprivate func pinchEnd(cancelled: Bool) {
        if pinchActive {
            overlay.input(.pinch(phase: cancelled ? .cancel : .end, scale: pinchScale, rotation: pinchRotation))
        } else {
            overlay.input(.swipe(phase: cancelled ? .cancel : .end, fingers: swipeFingers, dx: 0, dy: 0))
        }
        pinchActive = false
    }

    fileprivate func holdBegin() { overlay.input(.hold(.begin)) }
    fileprivate func holdEnd(cancelled: Bool) { overlay.input(.hold(cancelled ? .cancel : .end)) }
}

private func gestures(_ data: UnsafeMutableRawPointer?) -> Gestures? {
    data.map { Unmanaged<Gestures>.fromOpaque($0).takeUnretainedValue() }
}

private let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
    p.initialize(to: zwp_pointer_gesture_swipe_v1_listener(
        begin: { data, _, _, _, _, fingers in gestures(data)?.swipeBegin(fingers: fingers) },
        update: { data, _, _, dx, dy in gestures(data)?.swipeUpdate(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)) },
        end: { data, _, _, _, cancelled in gestures(data)?.swipeEnd(cancelled: cancelled != 0) }))
    return p
}()

private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    p.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, _, _, fingers in gestures(data)?.pinchBegin(fingers: fingers) },
        update: { data, _, _, _, _, scale, rotation in
            gestures(data)?.pinchUpdate(scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
        },
        end: { data, _, _, _, cancelled in gestures(data)?.pinchEnd(cancelled: cancelled != 0) }))
    return p
}()

private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
    p.initialize(to: zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, _, _, _ in gestures(data)?.holdBegin() },
        end: { data, _, _, _, cancelled in gestures(data)?.holdEnd(cancelled: cancelled != 0) }))
    return p
}()
