import CXCB
import Foundation
import PointerCore

/// What one native pointer event means, before the session adds time and
/// converts pixels to points.
enum PointerNative: Equatable {
    /// The pointer moved somewhere: ask the server where (overlay, raw events).
    /// `absolute`: moved by a device that places it (tablet, touchscreen).
    /// `dx`, `dy`: a relative device's step as the server accelerated it (root px).
    case moved(absolute: Bool, dx: Double = 0, dy: Double = 0)
    /// Position in root pixels (device events carry it); `absolute` as above, or a warp.
    case at(x: Double, y: Double, absolute: Bool)
    case button(PointerButton, ButtonState)
    /// Scroll in pixels-equivalent (one wheel detent = 15).
    case scroll(dx: Double, dy: Double, source: ScrollSource)
    case pinch(phase: GesturePhase, scale: Double, rotation: Double)
    case swipe(phase: GesturePhase, fingers: Int, dx: Double, dy: Double)
    case leave
    /// Later motion comes from another kind of device (B12: only a touchpad's glides).
    case device(PointingDevice.Kind)
    /// A key went down (keycode); the keyboard decides whether it is reported.
    case key(UInt32)
}

/// XInput 2 plumbing: selects the events each mode needs and decodes them.
/// Overlay: raw motion and buttons on the root (delivered whoever has the
/// pointer or a grab), gestures on the root. Stage: device events on the window.
final class PointerInput {
    private let connection: XCBConnection
    private let mode: WindowMode
    private var decoder = XInputDecoder()
    let gesturesAvailable: Bool

    private var gestureMask: UInt64 = 0

    private static func bit(_ type: Int32) -> UInt64 { 1 << UInt64(type) }

    /// False when the user named the device (`run --pointing-device`): no kind is reported.
    private let reportsDevices: Bool
    /// The touchpad-only properties that exist on this server at all.
    private let touchpadAtoms: Set<xcb_atom_t>

    init(connection c: XCBConnection, mode: WindowMode, root: xcb_window_t, reportsDevices: Bool = true) throws {
        connection = c
        self.mode = mode
        self.reportsDevices = reportsDevices
        touchpadAtoms = Set(DeviceClassification.touchpadProperties.compactMap { c.existingAtom($0) })
        gesturesAvailable = c.xinputMinor >= 4
        if gesturesAvailable {
            for t in [
                XCB_INPUT_GESTURE_PINCH_BEGIN, XCB_INPUT_GESTURE_PINCH_UPDATE, XCB_INPUT_GESTURE_PINCH_END,
                XCB_INPUT_GESTURE_SWIPE_BEGIN, XCB_INPUT_GESTURE_SWIPE_UPDATE, XCB_INPUT_GESTURE_SWIPE_END,
            ] {
                gestureMask |= Self.bit(t)
            }
        }
        decoder.seesRawMotion = mode == .overlay
        // Raw key presses reach the root whoever has the focus: Escape closes a
        // menu, and Ctrl+Alt+Escape ends a stage even when the window manager
        // left the focus on another window.
        var rootEvents = Self.bit(XCB_INPUT_RAW_KEY_PRESS)
        if mode == .overlay {
            // Raw events come from every device whoever has the pointer or a grab: relative
            // and absolute valuators, touchscreens' raw touches. A warp (another client's
            // XWarpPointer, e.g. `xdotool mousemove`) sends none, only device motion, which
            // reaches the root when the window under the pointer does not take it itself.
            rootEvents |=
                Self.bit(XCB_INPUT_RAW_MOTION) | Self.bit(XCB_INPUT_RAW_BUTTON_PRESS)
                | Self.bit(XCB_INPUT_RAW_BUTTON_RELEASE)
                | Self.bit(XCB_INPUT_RAW_TOUCH_BEGIN) | Self.bit(XCB_INPUT_RAW_TOUCH_UPDATE)
                | Self.bit(XCB_INPUT_MOTION)
            // Gestures on the root reach us when the window under the pointer does not take them.
            rootEvents |= gestureMask
        }
        try c.check(
            ap_xi_select(c.raw, root, UInt16(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), rootEvents),
            "selecting XInput2 raw events")
        // Device hierarchy changes (plugged devices) are selectable on XIAllDevices only.
        try c.check(
            ap_xi_select(c.raw, root, UInt16(XCB_INPUT_DEVICE_ALL.rawValue), Self.bit(XCB_INPUT_HIERARCHY)),
            "selecting XInput2 hierarchy events")
        refreshDevices()
    }

    /// Stage: pointer, button and gesture events on a stage window (keys come raw, on the root).
    func selectWindowEvents(_ window: xcb_window_t) throws {
        guard mode == .stage else { return }
        let device =
            Self.bit(XCB_INPUT_MOTION) | Self.bit(XCB_INPUT_BUTTON_PRESS) | Self.bit(XCB_INPUT_BUTTON_RELEASE)
            | Self.bit(XCB_INPUT_ENTER) | Self.bit(XCB_INPUT_LEAVE) | Self.bit(XCB_INPUT_DEVICE_CHANGED)
        try connection.check(
            ap_xi_select(connection.raw, window, UInt16(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), device | gestureMask),
            "selecting XInput2 events on the stage")
    }

    /// Reads every device's scroll classes (smooth scrolling valuators) and how it
    /// moves the pointer (relative, absolute, touch).
    func refreshDevices() {
        var scrollAxes: [UInt16: [Int: XInputDecoder.ScrollAxis]] = [:]
        var kinds: [UInt16: PointerDeviceKind] = [:]
        var pointingDevices: [UInt16: PointingDevice.Kind] = [:]
        defer {
            decoder.scrollAxes = scrollAxes
            decoder.deviceKinds = kinds
            if reportsDevices { decoder.pointingDevices = pointingDevices }
        }
        guard
            let reply = xcb_input_xi_query_device_reply(
                connection.raw,
                xcb_input_xi_query_device(connection.raw, UInt16(XCB_INPUT_DEVICE_ALL.rawValue)), nil)
        else { return }
        defer { free(reply) }
        var it = xcb_input_xi_query_device_infos_iterator(reply)
        var numbers = [Int32](repeating: 0, count: 8)
        var types = [Int32](repeating: 0, count: 8)
        var increments = [Double](repeating: 0, count: 8)
        while it.rem > 0, let info = it.data {
            let n = Int(ap_scroll_classes(info, &numbers, &types, &increments, 8))
            var axes: [Int: XInputDecoder.ScrollAxis] = [:]
            for i in 0..<n where increments[i] != 0 {
                axes[Int(numbers[i])] = XInputDecoder.ScrollAxis(
                    vertical: types[i] == Int32(XCB_INPUT_SCROLL_TYPE_VERTICAL.rawValue),
                    increment: increments[i], last: nil)
            }
            if !axes.isEmpty { scrollAxes[info.pointee.deviceid] = axes }
            switch Int32(info.pointee.type) {
            case Int32(XCB_INPUT_DEVICE_TYPE_MASTER_POINTER.rawValue):
                kinds[info.pointee.deviceid] = .master
            case Int32(XCB_INPUT_DEVICE_TYPE_SLAVE_POINTER.rawValue),
                Int32(XCB_INPUT_DEVICE_TYPE_FLOATING_SLAVE.rawValue):
                let kind = ap_pointer_motion_kind(info)
                kinds[info.pointee.deviceid] = kind == 2 ? .touch : kind == 1 ? .absolute : .relative
                pointingDevices[info.pointee.deviceid] = DeviceClassification.kind(
                    motionKind: kind, touchpadProperty: kind == 0 && hasTouchpadProperty(info.pointee.deviceid))
            default:
                break
            }
            xcb_input_xi_device_info_next(&it)
        }
    }

    /// Whether the device's driver set a property only touchpads have.
    private func hasTouchpadProperty(_ device: UInt16) -> Bool {
        guard !touchpadAtoms.isEmpty,
            let reply = xcb_input_xi_list_properties_reply(
                connection.raw, xcb_input_xi_list_properties(connection.raw, device), nil)
        else { return false }
        defer { free(reply) }
        let count = Int(xcb_input_xi_list_properties_properties_length(reply))
        guard count > 0, let atoms = xcb_input_xi_list_properties_properties(reply) else { return false }
        return (0..<count).contains { touchpadAtoms.contains(atoms[$0]) }
    }

    func isEvent(_ event: UnsafePointer<xcb_generic_event_t>) -> Bool {
        guard event.pointee.response_type & 0x7f == UInt8(XCB_GE_GENERIC) else { return false }
        return UnsafeRawPointer(event).load(fromByteOffset: 1, as: UInt8.self) == connection.xinputOpcode
    }

    /// The server time of the event just handled, when it moved the pointer.
    var motionTime: UInt32? { decoder.motionTime }

    /// Decodes one XI2 generic event.
    func handle(_ event: UnsafePointer<xcb_generic_event_t>) -> [PointerNative] {
        let out = decoder.decode(UnsafeRawPointer(event))
        if decoder.devicesChanged {
            decoder.devicesChanged = false
            refreshDevices()
        }
        return out
    }
}
