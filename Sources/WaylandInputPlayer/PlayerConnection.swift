import CWaylandClient
import CWaylandProtocols
import Foundation
import WaylandBackend

/// The player's Wayland connection: the seat and the two virtual-input
/// managers (wlroots' virtual pointer, virtual keyboard), or KWin's fake input.
final class PlayerConnection {
    let display: OpaquePointer
    private let registry: OpaquePointer
    var seat: OpaquePointer?
    var pointerManager: OpaquePointer?
    var keyboardManager: OpaquePointer?
    var fakeInput: KWinFakeInput?

    init(name: String?) throws {
        guard let d = wl_display_connect(name) else {
            throw PlayerError("cannot connect to Wayland display \(name ?? "$WAYLAND_DISPLAY")")
        }
        display = d
        registry = wl_display_get_registry(d)
        wl_registry_add_listener(registry, playerRegistryListener, Unmanaged.passUnretained(self).toOpaque())
        try roundtrip()
        if fakeInput != nil { return }
        guard seat != nil else { throw PlayerError("the compositor offers no wl_seat") }
        guard pointerManager != nil else {
            throw PlayerError(
                "the compositor offers neither zwlr_virtual_pointer_manager_v1 nor org_kde_kwin_fake_input")
        }
        guard keyboardManager != nil else {
            throw PlayerError("the compositor offers no zwp_virtual_keyboard_manager_v1")
        }
    }

    deinit {
        fakeInput = nil
        if let pointerManager { zwlr_virtual_pointer_manager_v1_destroy(pointerManager) }
        if let keyboardManager { wl_proxy_destroy(keyboardManager) }
        if let seat { wl_seat_destroy(seat) }
        wl_registry_destroy(registry)
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    /// Waits until the compositor has processed everything sent.
    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw PlayerError("lost the connection to the compositor") }
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = wl_registry_bind(registry, name, ap_wl_seat_interface(), 1).map(OpaquePointer.init)
        case "zwlr_virtual_pointer_manager_v1":
            pointerManager = wl_registry_bind(registry, name, ap_zwlr_virtual_pointer_manager_v1_interface(), 1)
                .map(OpaquePointer.init)
        case "zwp_virtual_keyboard_manager_v1":
            keyboardManager = wl_registry_bind(registry, name, ap_zwp_virtual_keyboard_manager_v1_interface(), 1)
                .map(OpaquePointer.init)
        case "org_kde_kwin_fake_input":
            let v = min(version, 4)
            fakeInput = wl_registry_bind(registry, name, ap_org_kde_kwin_fake_input_interface(), v)
                .map { KWinFakeInput(proxy: OpaquePointer($0), version: v, reason: "plays a test script") }
        default: break
        }
    }
}

struct PlayerError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let playerRegistryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let p = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<PlayerConnection>.fromOpaque(data).takeUnretainedValue()
                    .global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { _, _, _ in }))
    return p
}()
