import CXCB
import Foundation
import PointerCore

/// What one native pointer event means, before the session adds time and
/// converts pixels to points.
enum PointerNative: Equatable {
    /// The pointer moved somewhere: ask the server where (overlay, raw events).
    case moved
    /// Absolute position in root pixels (stage device events carry it).
    case at(x: Double, y: Double)
    case button(PointerButton, ButtonState)
    /// Scroll in pixels-equivalent (one wheel detent = 15).
    case scroll(dx: Double, dy: Double, source: ScrollSource)
    case pinch(phase: GesturePhase, scale: Double, rotation: Double)
    case swipe(phase: GesturePhase, fingers: Int, dx: Double, dy: Double)
    case leave
    /// A key went down (keycode); the keyboard decides whether it is reported.
    case key(UInt32)
}

/// XInput 2 plumbing: selects the events each mode needs and decodes them.
/// Overlay: raw motion and buttons on the root (delivered whoever has the
/// pointer or a grab), gestures on the root. Stage: device events on the window.
final class PointerInput {
    private let connection: XCBConnection
    private let mode: WindowMode
    private struct ScrollAxis { var vertical: Bool; var increment: Double; var last: Double? }
    /// Scroll valuators per device id (slave and master).
    private var scrollAxes: [UInt16: [Int: ScrollAxis]] = [:]
    private var pinchRotation = 0.0
    let gesturesAvailable: Bool

    static let wheelStep = 15.0
    private static let emulatedFlag: UInt32 = 1 << 16  // XIPointerEmulated

    private var gestureMask: UInt64 = 0

    private static func bit(_ type: Int32) -> UInt64 { 1 << UInt64(type) }

    init(connection c: XCBConnection, mode: WindowMode, root: xcb_window_t) throws {
        connection = c
        self.mode = mode
        gesturesAvailable = c.xinputMinor >= 4
        if gesturesAvailable {
            for t in [XCB_INPUT_GESTURE_PINCH_BEGIN, XCB_INPUT_GESTURE_PINCH_UPDATE, XCB_INPUT_GESTURE_PINCH_END,
                      XCB_INPUT_GESTURE_SWIPE_BEGIN, XCB_INPUT_GESTURE_SWIPE_UPDATE, XCB_INPUT_GESTURE_SWIPE_END] {
                gestureMask |= Self.bit(t)
            }
        }
        if mode == .overlay {
            let raw = Self.bit(XCB_INPUT_RAW_MOTION) | Self.bit(XCB_INPUT_RAW_BUTTON_PRESS)
                | Self.bit(XCB_INPUT_RAW_BUTTON_RELEASE) | Self.bit(XCB_INPUT_RAW_KEY_PRESS)
            // Gestures on the root reach us when the window under the pointer does not take them.
            try c.check(ap_xi_select(c.raw, root, UInt16(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), raw | gestureMask),
                        "selecting XInput2 raw events")
        }
        // Device hierarchy changes (plugged devices) are selectable on XIAllDevices only.
        try c.check(ap_xi_select(c.raw, root, UInt16(XCB_INPUT_DEVICE_ALL.rawValue), Self.bit(XCB_INPUT_HIERARCHY)),
                    "selecting XInput2 hierarchy events")
        refreshDevices()
    }

    /// Stage: pointer, button, key and gesture events on a stage window.
    func selectWindowEvents(_ window: xcb_window_t) throws {
        guard mode == .stage else { return }
        let device = Self.bit(XCB_INPUT_MOTION) | Self.bit(XCB_INPUT_BUTTON_PRESS) | Self.bit(XCB_INPUT_BUTTON_RELEASE)
            | Self.bit(XCB_INPUT_ENTER) | Self.bit(XCB_INPUT_LEAVE) | Self.bit(XCB_INPUT_DEVICE_CHANGED)
            | Self.bit(XCB_INPUT_KEY_PRESS)
        try connection.check(ap_xi_select(connection.raw, window, UInt16(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), device | gestureMask),
                             "selecting XInput2 events on the stage")
    }

    /// Reads every device's scroll classes (smooth scrolling valuators).
    func refreshDevices() {
        scrollAxes = [:]
        guard let reply = xcb_input_xi_query_device_reply(connection.raw,
                                                          xcb_input_xi_query_device(connection.raw, UInt16(XCB_INPUT_DEVICE_ALL.rawValue)), nil) else { return }
        defer { free(reply) }
        var it = xcb_input_xi_query_device_infos_iterator(reply)
        var numbers = [Int32](repeating: 0, count: 8), types = [Int32](repeating: 0, count: 8)
        var increments = [Double](repeating: 0, count: 8)
        while it.rem > 0, let info = it.data {
            let n = Int(ap_scroll_classes(info, &numbers, &types, &increments, 8))
            var axes: [Int: ScrollAxis] = [:]
            for i in 0..<n where increments[i] != 0 {
                axes[Int(numbers[i])] = ScrollAxis(vertical: types[i] == Int32(XCB_INPUT_SCROLL_TYPE_VERTICAL.rawValue),
                                                   increment: increments[i], last: nil)
            }
            if !axes.isEmpty { scrollAxes[info.pointee.deviceid] = axes }
            xcb_input_xi_device_info_next(&it)
        }
    }

    func isEvent(_ event: UnsafePointer<xcb_generic_event_t>) -> Bool {
        guard event.pointee.response_type & 0x7f == UInt8(XCB_GE_GENERIC) else { return false }
        return UnsafeRawPointer(event).load(fromByteOffset: 1, as: UInt8.self) == connection.xinputOpcode
    }

    /// Decodes one XI2 generic event.
    func handle(_ event: UnsafePointer<xcb_generic_event_t>) -> [PointerNative] {
        let raw = UnsafeRawPointer(event)
        let type = Int32(raw.load(fromByteOffset: 8, as: UInt16.self))
        switch type {
        case XCB_INPUT_RAW_MOTION:
            let e = raw.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self)
            var out: [PointerNative] = []
            if let scroll = rawScroll(e) { out.append(scroll) }
            // Motion that is only scrolling does not move the pointer.
            if out.isEmpty || hasNonScrollValuators(e) { out.append(.moved) }
            return out
        case XCB_INPUT_RAW_BUTTON_PRESS, XCB_INPUT_RAW_BUTTON_RELEASE:
            let e = raw.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self).pointee
            return button(Int(e.detail), pressed: type == XCB_INPUT_RAW_BUTTON_PRESS, flags: e.flags)
        case XCB_INPUT_MOTION:
            let e = raw.assumingMemoryBound(to: xcb_input_button_press_event_t.self)
            var out: [PointerNative] = []
            if let scroll = deviceScroll(e) { out.append(scroll) }
            out.append(.at(x: ap_fp1616(e.pointee.root_x), y: ap_fp1616(e.pointee.root_y)))
            return out
        case XCB_INPUT_BUTTON_PRESS, XCB_INPUT_BUTTON_RELEASE:
            let e = raw.assumingMemoryBound(to: xcb_input_button_press_event_t.self).pointee
            return [.at(x: ap_fp1616(e.root_x), y: ap_fp1616(e.root_y))]
                + button(Int(e.detail), pressed: type == XCB_INPUT_BUTTON_PRESS, flags: e.flags)
        case XCB_INPUT_RAW_KEY_PRESS:
            return [.key(raw.assumingMemoryBound(to: xcb_input_raw_key_press_event_t.self).pointee.detail)]
        case XCB_INPUT_KEY_PRESS:
            return [.key(raw.assumingMemoryBound(to: xcb_input_key_press_event_t.self).pointee.detail)]
        case XCB_INPUT_ENTER:
            let e = raw.assumingMemoryBound(to: xcb_input_enter_event_t.self).pointee
            resetScrollBaselines()
            return [.at(x: ap_fp1616(e.root_x), y: ap_fp1616(e.root_y))]
        case XCB_INPUT_LEAVE:
            return [.leave]
        case XCB_INPUT_DEVICE_CHANGED, XCB_INPUT_HIERARCHY:
            refreshDevices()
            return []
        case XCB_INPUT_GESTURE_PINCH_BEGIN, XCB_INPUT_GESTURE_PINCH_UPDATE, XCB_INPUT_GESTURE_PINCH_END:
            let e = raw.assumingMemoryBound(to: xcb_input_gesture_pinch_begin_event_t.self).pointee
            let cancelled = e.flags & UInt32(XCB_INPUT_GESTURE_PINCH_EVENT_FLAGS_GESTURE_PINCH_CANCELLED.rawValue) != 0
            let phase: GesturePhase
            switch type {
            case XCB_INPUT_GESTURE_PINCH_BEGIN: phase = .begin; pinchRotation = 0
            case XCB_INPUT_GESTURE_PINCH_UPDATE: phase = .update
            default: phase = cancelled ? .cancel : .end
            }
            // XI 2.4 gives the scale since begin but the angle per event.
            pinchRotation += ap_fp1616(e.delta_angle)
            let fingers = Int(e.detail)
            if fingers >= 3 {
                return [.swipe(phase: phase, fingers: fingers, dx: 0, dy: 0)]
            }
            return [.pinch(phase: phase, scale: phase == .begin ? 1 : ap_fp1616(e.scale), rotation: pinchRotation)]
        case XCB_INPUT_GESTURE_SWIPE_BEGIN, XCB_INPUT_GESTURE_SWIPE_UPDATE, XCB_INPUT_GESTURE_SWIPE_END:
            let e = raw.assumingMemoryBound(to: xcb_input_gesture_swipe_begin_event_t.self).pointee
            let cancelled = e.flags & UInt32(XCB_INPUT_GESTURE_SWIPE_EVENT_FLAGS_GESTURE_SWIPE_CANCELLED.rawValue) != 0
            let phase: GesturePhase = type == XCB_INPUT_GESTURE_SWIPE_BEGIN ? .begin
                : type == XCB_INPUT_GESTURE_SWIPE_UPDATE ? .update : (cancelled ? .cancel : .end)
            return [.swipe(phase: phase, fingers: Int(e.detail), dx: ap_fp1616(e.delta_x), dy: ap_fp1616(e.delta_y))]
        default:
            return []
        }
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
            let (dx, dy): (Double, Double) = detail == 4 ? (0, -s) : detail == 5 ? (0, s) : detail == 6 ? (-s, 0) : (s, 0)
            return [.scroll(dx: dx, dy: dy, source: .wheel)]
        default: return []
        }
    }

    private func axes(for source: UInt16, _ device: UInt16) -> (UInt16, [Int: ScrollAxis])? {
        if let a = scrollAxes[source] { return (source, a) }
        if let a = scrollAxes[device] { return (device, a) }
        return nil
    }

    /// Raw scroll valuators are deltas; a touchpad's two-finger scroll arrives here.
    private func rawScroll(_ e: UnsafePointer<xcb_input_raw_button_press_event_t>) -> PointerNative? {
        guard let (_, axes) = axes(for: e.pointee.sourceid, e.pointee.deviceid) else { return nil }
        var numbers = [Int32](repeating: 0, count: 16), values = [Double](repeating: 0, count: 16)
        let n = Int(ap_raw_valuators(e, &numbers, &values, 16))
        var dx = 0.0, dy = 0.0, any = false
        for i in 0..<n {
            guard let axis = axes[Int(numbers[i])] else { continue }
            let d = values[i] / axis.increment * Self.wheelStep
            if axis.vertical { dy += d } else { dx += d }
            any = true
        }
        return any ? .scroll(dx: dx, dy: dy, source: .finger) : nil
    }

    private func hasNonScrollValuators(_ e: UnsafePointer<xcb_input_raw_button_press_event_t>) -> Bool {
        let axes = axes(for: e.pointee.sourceid, e.pointee.deviceid)?.1 ?? [:]
        var numbers = [Int32](repeating: 0, count: 16), values = [Double](repeating: 0, count: 16)
        let n = Int(ap_raw_valuators(e, &numbers, &values, 16))
        return n == 0 || (0..<n).contains { axes[Int(numbers[$0])] == nil }
    }

    /// Device-event scroll valuators are absolute: the delta is against the last value.
    private func deviceScroll(_ e: UnsafePointer<xcb_input_button_press_event_t>) -> PointerNative? {
        guard let (id, axes) = axes(for: e.pointee.sourceid, e.pointee.deviceid) else { return nil }
        var numbers = [Int32](repeating: 0, count: 16), values = [Double](repeating: 0, count: 16)
        let n = Int(ap_device_valuators(e, &numbers, &values, 16))
        var dx = 0.0, dy = 0.0, any = false
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

    private func resetScrollBaselines() {
        for (id, axes) in scrollAxes {
            for number in axes.keys { scrollAxes[id]?[number]?.last = nil }
        }
    }
}
