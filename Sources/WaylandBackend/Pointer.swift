import CWaylandClient
import CWaylandProtocols
import PointerCore

/// wl_pointer → InputEvents. Enter hides the system cursor over our surfaces
/// (set_cursor with no surface: the overlay draws the pointer). Absolute
/// positions become `position`; axis events are grouped per `frame` into one
/// `scroll` by `AxisAccumulator`.
final class Pointer {
    let proxy: OpaquePointer
    private let version: UInt32
    private unowned let overlay: WaylandOverlay
    private var relative: RelativePointer?
    private var gestures: Gestures?

    private var axis = AxisAccumulator()

    init(proxy: OpaquePointer, version: UInt32, overlay: WaylandOverlay) {
        self.proxy = proxy
        self.version = version
        self.overlay = overlay
        wl_pointer_add_listener(proxy, pointerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Relative-pointer and gesture objects are made on the first `enter`, not
    /// with the wl_pointer: wlroots 0.15 (sway 1.7) crashes when they are
    /// requested for a wl_pointer that went inert because the seat lost its
    /// pointer in the meantime (a device unplugged right away). After an
    /// `enter` the pointer is live.
    private func attachExtras() {
        if relative == nil, overlay.wantsRelativeMotion, let manager = overlay.registry.relativePointerManager {
            relative = RelativePointer(manager: manager, pointer: proxy, overlay: overlay)
        }
        if gestures == nil, let manager = overlay.registry.gestures {
            gestures = Gestures(
                manager: manager, version: overlay.registry.gesturesVersion, pointer: proxy, overlay: overlay)
        }
    }

    deinit {
        gestures = nil
        if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
        relative = nil // after the wl_pointer: see attachExtras
    }

    var deliversRelativeMotion: Bool { relative != nil }

    fileprivate func enter(serial: UInt32, surface: OpaquePointer?, x: wl_fixed_t, y: wl_fixed_t) {
        wl_pointer_set_cursor(proxy, serial, nil, 0, 0)
        attachExtras()
        guard let surface else { return }
        overlay.pointerEntered(
            surface: surface, at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), by: self)
    }

    fileprivate func leave() { overlay.pointerLeft() }

    fileprivate func motion(x: wl_fixed_t, y: wl_fixed_t) {
        overlay.pointerMoved(to: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), by: self)
    }

    fileprivate func button(_ code: UInt32, state: UInt32) {
        let button: PointerButton
        switch code {
        case 0x110: button = .primary // BTN_LEFT
        case 0x111: button = .secondary // BTN_RIGHT
        case 0x112: button = .middle // BTN_MIDDLE
        default: return
        }
        overlay.input(.button(button, state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue ? .pressed : .released))
    }

    fileprivate func axis(_ which: UInt32, value: wl_fixed_t) {
        axis.axis(vertical: which == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, value: wl_fixed_to_double(value))
        if version < 5 { frame() } // no frame events before v5
    }

    fileprivate func source(_ s: UInt32) {
        switch s {
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: axis.setSource(.finger)
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: axis.setSource(.continuous)
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: axis.setSource(.wheelTilt)
        default: axis.setSource(.wheel)
        }
    }

    fileprivate func stop() { axis.stop() }

    fileprivate func frame() {
        if let scroll = axis.frame() { overlay.input(scroll) }
    }
}

private func pointer(_ data: UnsafeMutableRawPointer?) -> Pointer? {
    data.map { Unmanaged<Pointer>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
    let p = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                pointer(data)?.enter(serial: serial, surface: surface, x: x, y: y)
            },
            leave: { data, _, _, _ in pointer(data)?.leave() },
            motion: { data, _, _, x, y in pointer(data)?.motion(x: x, y: y) },
            button: { data, _, _, _, button, state in pointer(data)?.button(button, state: state) },
            axis: { data, _, _, axis, value in pointer(data)?.axis(axis, value: value) },
            frame: { data, _ in pointer(data)?.frame() },
            axis_source: { data, _, s in pointer(data)?.source(s) },
            axis_stop: { data, _, _, _ in pointer(data)?.stop() },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
    return p
}()
