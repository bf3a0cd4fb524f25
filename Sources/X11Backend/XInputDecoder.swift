import CXCB
import PointerCore

/// Turns XInput 2 events into `PointerNative`s. Pure: no connection, so the
/// decoding (valuators, gestures, emulated buttons) is tested with built events.
struct XInputDecoder {
    struct ScrollAxis: Equatable {
        var vertical: Bool
        var increment: Double
        var last: Double?
    }
    /// Scroll valuators per device id (slave and master), from XIQueryDevice.
    var scrollAxes: [UInt16: [Int: ScrollAxis]] = [:]
    /// How each pointer device moves the pointer, from XIQueryDevice.
    var deviceKinds: [UInt16: PointerDeviceKind] = [:]
    /// What kind of device each slave pointer is; empty when not reported.
    var pointingDevices: [UInt16: PointingDevice.Kind] = [:]
    /// The kind last reported, so a `.device` is sent only when it changes.
    private var reportedDevice: PointingDevice.Kind?
    /// Raw motion is selected too (overlay): device motion without a raw twin is a warp.
    var seesRawMotion = false
    /// Server time of the last raw motion per source device.
    private var lastRawMotion: [UInt16: UInt32] = [:]
    /// The server time of the last decoded event that moves the pointer (nil: it did not).
    private(set) var motionTime: UInt32?
    /// A device or the hierarchy changed: the scroll classes must be read again.
    var devicesChanged = false
    private var gestures = GestureTranslator()

    /// Pixels-equivalent of one wheel detent.
    static let wheelStep = 15.0
    static let emulatedFlag: UInt32 = 1 << 16 // XIPointerEmulated

    /// Decodes one XI2 event (the bytes xcb hands over, full_sequence included).
    mutating func decode(_ raw: UnsafeRawPointer) -> [PointerNative] {
        let type = Int32(raw.load(fromByteOffset: 8, as: UInt16.self))
        motionTime = nil
        switch type {
        case XCB_INPUT_RAW_MOTION:
            let e = raw.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self)
            lastRawMotion[e.pointee.sourceid] = e.pointee.time
            motionTime = e.pointee.time
            let axes = axes(for: e.pointee.sourceid, e.pointee.deviceid)?.1
            let absolute = deviceKinds[e.pointee.sourceid]?.isAbsolute ?? false
            let device = deviceChange(source: e.pointee.sourceid)
            // On the stack: a 1000 Hz mouse sends this a thousand times a second.
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 16) { numbers in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { values in
                    let n = Int(ap_raw_valuators(e, numbers.baseAddress, values.baseAddress, 16))
                    var scroll = (dx: 0.0, dy: 0.0)
                    var scrolled = false
                    var moves = n == 0
                    var step = (dx: 0.0, dy: 0.0)
                    for i in 0..<n {
                        let number = Int(numbers[i])
                        let value = values[i]
                        if let axis = axes?[number] {
                            // Raw scroll valuators are deltas; a touchpad's two-finger scroll arrives here.
                            let d = value / axis.increment * Self.wheelStep
                            if axis.vertical { scroll.dy += d } else { scroll.dx += d }
                            scrolled = true
                        } else {
                            moves = true
                            // A relative device's x and y (valuators 0 and 1), accelerated by the server.
                            if number == 0 { step.dx = value } else if number == 1 { step.dy = value }
                        }
                    }
                    var out: [PointerNative] = device.map { [.device($0)] } ?? []
                    if scrolled { out.append(.scroll(dx: scroll.dx, dy: scroll.dy, source: .finger)) }
                    // Motion that is only scrolling does not move the pointer.
                    if !scrolled || moves {
                        out.append(.moved(absolute: absolute, dx: absolute ? 0 : step.dx, dy: absolute ? 0 : step.dy))
                    }
                    return out
                }
            }
        case XCB_INPUT_RAW_TOUCH_BEGIN, XCB_INPUT_RAW_TOUCH_UPDATE:
            // A touchscreen moves the pointer where the finger is (pointer emulation).
            let source = raw.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self).pointee.sourceid
            return (deviceChange(source: source).map { [.device($0)] } ?? []) + [.moved(absolute: true)]
        case XCB_INPUT_RAW_BUTTON_PRESS, XCB_INPUT_RAW_BUTTON_RELEASE:
            let e = raw.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self).pointee
            return button(Int(e.detail), pressed: type == XCB_INPUT_RAW_BUTTON_PRESS, flags: e.flags)
        case XCB_INPUT_MOTION:
            let e = raw.assumingMemoryBound(to: xcb_input_button_press_event_t.self)
            motionTime = e.pointee.time
            var out: [PointerNative] = []
            // Stage: device motion is all there is. Overlay: raw motion named the device already.
            if !seesRawMotion, let device = deviceChange(source: e.pointee.sourceid) { out.append(.device(device)) }
            if let scroll = deviceScroll(e) { out.append(scroll) }
            out.append(
                .at(
                    x: ap_fp1616(e.pointee.root_x), y: ap_fp1616(e.pointee.root_y),
                    absolute: movesAbsolutely(source: e.pointee.sourceid, time: e.pointee.time)))
            return out
        case XCB_INPUT_BUTTON_PRESS, XCB_INPUT_BUTTON_RELEASE:
            let e = raw.assumingMemoryBound(to: xcb_input_button_press_event_t.self).pointee
            return [
                .at(
                    x: ap_fp1616(e.root_x), y: ap_fp1616(e.root_y),
                    absolute: deviceKinds[e.sourceid]?.isAbsolute ?? false)
            ]
                + button(Int(e.detail), pressed: type == XCB_INPUT_BUTTON_PRESS, flags: e.flags)
        case XCB_INPUT_RAW_KEY_PRESS:
            return [.key(raw.assumingMemoryBound(to: xcb_input_raw_key_press_event_t.self).pointee.detail)]
        case XCB_INPUT_KEY_PRESS:
            return [.key(raw.assumingMemoryBound(to: xcb_input_key_press_event_t.self).pointee.detail)]
        case XCB_INPUT_ENTER:
            let e = raw.assumingMemoryBound(to: xcb_input_enter_event_t.self).pointee
            resetScrollBaselines()
            return [.at(x: ap_fp1616(e.root_x), y: ap_fp1616(e.root_y), absolute: false)]
        case XCB_INPUT_LEAVE:
            return [.leave]
        case XCB_INPUT_DEVICE_CHANGED, XCB_INPUT_HIERARCHY:
            devicesChanged = true
            return []
        case XCB_INPUT_GESTURE_PINCH_BEGIN, XCB_INPUT_GESTURE_PINCH_UPDATE, XCB_INPUT_GESTURE_PINCH_END:
            let e = raw.assumingMemoryBound(to: xcb_input_gesture_pinch_begin_event_t.self).pointee
            let cancelled = e.flags & UInt32(XCB_INPUT_GESTURE_PINCH_EVENT_FLAGS_GESTURE_PINCH_CANCELLED.rawValue) != 0
            // XI 2.4 gives the scale since begin but the angle per event.
            let kind: InputEvent.Kind
            switch type {
            case XCB_INPUT_GESTURE_PINCH_BEGIN: kind = gestures.pinchBegin(fingers: Int(e.detail))
            case XCB_INPUT_GESTURE_PINCH_UPDATE:
                kind = gestures.pinchUpdate(
                    dx: ap_fp1616(e.delta_x), dy: ap_fp1616(e.delta_y), scale: ap_fp1616(e.scale),
                    rotationDelta: ap_fp1616(e.delta_angle))
            default:
                _ = gestures.pinchUpdate(
                    dx: ap_fp1616(e.delta_x), dy: ap_fp1616(e.delta_y), scale: ap_fp1616(e.scale),
                    rotationDelta: ap_fp1616(e.delta_angle))
                kind = gestures.pinchEnd(cancelled: cancelled)
            }
            return Self.native(kind)
        case XCB_INPUT_GESTURE_SWIPE_BEGIN, XCB_INPUT_GESTURE_SWIPE_UPDATE, XCB_INPUT_GESTURE_SWIPE_END:
            let e = raw.assumingMemoryBound(to: xcb_input_gesture_swipe_begin_event_t.self).pointee
            let cancelled = e.flags & UInt32(XCB_INPUT_GESTURE_SWIPE_EVENT_FLAGS_GESTURE_SWIPE_CANCELLED.rawValue) != 0
            switch type {
            case XCB_INPUT_GESTURE_SWIPE_BEGIN: return Self.native(gestures.swipeBegin(fingers: Int(e.detail)))
            case XCB_INPUT_GESTURE_SWIPE_UPDATE:
                return Self.native(
                    gestures.swipeUpdate(dx: ap_fp1616(e.delta_x), dy: ap_fp1616(e.delta_y), fingers: Int(e.detail)))
            default: return Self.native(gestures.swipeEnd(cancelled: cancelled))
            }
        default:
            return []
        }
    }

    /// The kind of the device `source`, when it differs from the one last reported.
    private mutating func deviceChange(source: UInt16) -> PointingDevice.Kind? {
        guard let kind = pointingDevices[source], kind != reportedDevice else { return nil }
        reportedDevice = kind
        return kind
    }

    private static func native(_ kind: InputEvent.Kind) -> [PointerNative] {
        switch kind {
        case .pinch(let phase, let scale, let rotation): return [.pinch(phase: phase, scale: scale, rotation: rotation)]
        case .swipe(let phase, let fingers, let dx, let dy):
            return [.swipe(phase: phase, fingers: fingers, dx: dx, dy: dy)]
        default: return []
        }
    }

    /// Whether device motion placed the pointer rather than moved it: a tablet or
    /// touchscreen, or — when raw motion is selected — an event with no raw twin
    /// (same source, same server time): a warp by another client (`xdotool
    /// mousemove`, a VM integration), which the server posts without raw events.
    func movesAbsolutely(source: UInt16, time: UInt32) -> Bool {
        if deviceKinds[source]?.isAbsolute ?? false { return true }
        guard seesRawMotion else { return false }
        return lastRawMotion[source] != time
    }

    /// Buttons 1/2/3 click; 4–7 are wheel detents unless the server emulates
    /// them from smooth scrolling (then the valuators already reported it).
    private func button(_ detail: Int, pressed: Bool, flags: UInt32) -> [PointerNative] {
        let state: ButtonState = pressed ? .pressed : .released
        switch detail {
        case 1: return [.button(.primary, state)]
        case 2: return [.button(.middle, state)]
        case 3: return [.button(.secondary, state)]
        case 4...7:
            guard pressed, flags & Self.emulatedFlag == 0 else { return [] }
            let s = Self.wheelStep
            let (dx, dy): (Double, Double) =
                detail == 4 ? (0, -s) : detail == 5 ? (0, s) : detail == 6 ? (-s, 0) : (s, 0)
            return [.scroll(dx: dx, dy: dy, source: .wheel)]
        default: return []
        }
    }

    private func axes(for source: UInt16, _ device: UInt16) -> (UInt16, [Int: ScrollAxis])? {
        if let a = scrollAxes[source] { return (source, a) }
        if let a = scrollAxes[device] { return (device, a) }
        return nil
    }

    /// Device-event scroll valuators are absolute: the delta is against the last value.
    private mutating func deviceScroll(_ e: UnsafePointer<xcb_input_button_press_event_t>) -> PointerNative? {
        guard let (id, axes) = axes(for: e.pointee.sourceid, e.pointee.deviceid) else { return nil }
        var numbers = [Int32](repeating: 0, count: 16)
        var values = [Double](repeating: 0, count: 16)
        let n = Int(ap_device_valuators(e, &numbers, &values, 16))
        var dx = 0.0
        var dy = 0.0
        var any = false
        for i in 0..<n {
            let number = Int(numbers[i])
            guard var axis = axes[number] else { continue }
            if let last = axis.last {
                let d = (values[i] - last) / axis.increment * Self.wheelStep
                if axis.vertical { dy += d } else { dx += d }
                any = any || d != 0
            }
            axis.last = values[i]
            scrollAxes[id]?[number] = axis
        }
        return any ? .scroll(dx: dx, dy: dy, source: .finger) : nil
    }

    private mutating func resetScrollBaselines() {
        for (id, axes) in scrollAxes {
            for number in axes.keys { scrollAxes[id]?[number]?.last = nil }
        }
    }
}

/// How an XInput device moves the pointer (XIQueryDevice classes).
enum PointerDeviceKind: Equatable {
    /// A master pointer: its own events are warps.
    case master
    /// Relative x/y valuators: mice, touchpads (accelerated by the server).
    case relative
    /// Absolute x/y valuators: tablets, the absolute pointers of virtual machines.
    case absolute
    /// A direct-touch device: touchscreens.
    case touch

    var isAbsolute: Bool { self == .absolute || self == .touch }
}
