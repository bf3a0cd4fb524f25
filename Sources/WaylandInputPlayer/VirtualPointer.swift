import CWaylandClient
import CWaylandProtocols

/// A zwlr_virtual_pointer_v1: absolute and relative motion, buttons, scrolling,
/// each followed by `frame` like a real device.
final class VirtualPointer {
    private let proxy: OpaquePointer
    /// The layout size absolute positions are given in (pt).
    let extent: (width: Double, height: Double)

    init(manager: OpaquePointer, seat: OpaquePointer?, extent: (Double, Double)) throws {
        guard let p = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat) else {
            throw PlayerError("cannot create a virtual pointer")
        }
        proxy = p
        self.extent = extent
    }

    deinit { zwlr_virtual_pointer_v1_destroy(proxy) }

    func moveTo(x: Double, y: Double, time: UInt32) {
        // Extents in 1/100 pt so positions keep sub-point precision.
        let ex = UInt32(extent.width * 100)
        let ey = UInt32(extent.height * 100)
        let px = UInt32(max(0, min(x * 100, Double(ex - 1))))
        let py = UInt32(max(0, min(y * 100, Double(ey - 1))))
        zwlr_virtual_pointer_v1_motion_absolute(proxy, time, px, py, ex, ey)
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    func move(dx: Double, dy: Double, time: UInt32) {
        zwlr_virtual_pointer_v1_motion(proxy, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    func button(_ name: String, pressed: Bool, time: UInt32) {
        zwlr_virtual_pointer_v1_button(
            proxy, time, InputCodes.button(name),
            pressed
                ? WL_POINTER_BUTTON_STATE_PRESSED.rawValue
                : WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    func scroll(dx: Double, dy: Double, finger: Bool, time: UInt32) {
        zwlr_virtual_pointer_v1_axis_source(
            proxy,
            finger
                ? WL_POINTER_AXIS_SOURCE_FINGER.rawValue
                : WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        if dy != 0 {
            zwlr_virtual_pointer_v1_axis(
                proxy, time, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(dy))
        }
        if dx != 0 {
            zwlr_virtual_pointer_v1_axis(
                proxy, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, wl_fixed_from_double(dx))
        }
        zwlr_virtual_pointer_v1_frame(proxy)
    }
}
