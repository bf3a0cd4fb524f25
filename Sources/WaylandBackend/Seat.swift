import CWaylandClient
import CWaylandProtocols

/// One wl_seat: creates and drops its pointer and keyboard as the seat's
/// capabilities change (a mouse unplugged, a keyboard added).
final class Seat {
    let globalName: UInt32
    private let proxy: OpaquePointer
    private let version: UInt32
    private unowned let overlay: WaylandOverlay
    private(set) var pointer: Pointer?
    private(set) var keyboard: Keyboard?

    init(globalName: UInt32, proxy: OpaquePointer, version: UInt32, overlay: WaylandOverlay) {
        self.globalName = globalName
        self.proxy = proxy
        self.version = version
        self.overlay = overlay
        wl_seat_add_listener(proxy, seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        pointer = nil
        keyboard = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_proxy_destroy(proxy) }
    }

    fileprivate func capabilities(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasPointer, pointer == nil, let p = wl_seat_get_pointer(proxy) {
            pointer = Pointer(proxy: p, version: version, overlay: overlay)
        } else if !hasPointer, let old = pointer {
            pointer = nil
            overlay.pointerDeviceRemoved(old)
        }
        if hasKeyboard, keyboard == nil, let k = wl_seat_get_keyboard(proxy) {
            keyboard = Keyboard(proxy: k, version: version, overlay: overlay)
        } else if !hasKeyboard, keyboard != nil {
            keyboard = nil
            overlay.input(.modifiers([]))
        }
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
    let p = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_seat_listener(
            capabilities: { data, _, caps in
                guard let data else { return }
                Unmanaged<Seat>.fromOpaque(data).takeUnretainedValue().capabilities(caps)
            },
            name: { _, _, _ in }))
    return p
}()
