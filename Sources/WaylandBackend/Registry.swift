import CWaylandClient
import CWaylandProtocols

/// Binds the globals the overlay uses and reports outputs and seats coming
/// and going (hot-plug) to its owner.
final class Registry {
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var subcompositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var layerShellVersion: UInt32 = 0
    private(set) var wmBase: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: Presentation?
    private(set) var gestures: OpaquePointer?
    private(set) var gesturesVersion: UInt32 = 0
    private(set) var relativePointerManager: OpaquePointer?
    /// KWin only: how the pass-through overlay warps the pointer.
    private(set) var fakeInput: KWinFakeInput?

    var onOutput: (_ name: UInt32, _ proxy: OpaquePointer, _ version: UInt32) -> Void = { _, _, _ in }
    var onSeat: (_ name: UInt32, _ proxy: OpaquePointer, _ version: UInt32) -> Void = { _, _, _ in }
    var onGlobalRemove: (_ name: UInt32) -> Void = { _ in }

    init(display: OpaquePointer) {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let layerShell {
            if layerShellVersion >= 3 { zwlr_layer_shell_v1_destroy(layerShell) } else { wl_proxy_destroy(layerShell) }
        }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let gestures {
            if gesturesVersion >= 2 { zwp_pointer_gestures_v1_release(gestures) } else { wl_proxy_destroy(gestures) }
        }
        if let relativePointerManager { zwp_relative_pointer_manager_v1_destroy(relativePointerManager) }
        presentation = nil
        fakeInput = nil
        if let shm { wl_proxy_destroy(shm) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(registry)
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, name, interface, version).map(OpaquePointer.init)
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            // v4: damage_buffer (damage in buffer pixels).
            compositor = bind(name, ap_wl_compositor_interface(), min(version, 4))
        case "wl_subcompositor":
            subcompositor = bind(name, ap_wl_subcompositor_interface(), 1)
        case "wl_shm":
            shm = bind(name, ap_wl_shm_interface(), 1)
        case "wl_output":
            if let p = bind(name, ap_wl_output_interface(), min(version, 4)) { onOutput(name, p, min(version, 4)) }
        case "wl_seat":
            // v7 covers axis_source/stop/discrete and frame; v8's value120 is not needed.
            if let p = bind(name, ap_wl_seat_interface(), min(version, 7)) { onSeat(name, p, min(version, 7)) }
        case "zwlr_layer_shell_v1":
            layerShellVersion = min(version, 4)
            layerShell = bind(name, ap_zwlr_layer_shell_v1_interface(), layerShellVersion)
        case "xdg_wm_base":
            wmBase = bind(name, ap_xdg_wm_base_interface(), min(version, 2))
            if let wmBase {
                xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
            }
        case "wp_viewporter":
            viewporter = bind(name, ap_wp_viewporter_interface(), 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bind(name, ap_wp_fractional_scale_manager_v1_interface(), 1)
        case "wp_presentation":
            if let p = bind(name, ap_wp_presentation_interface(), 1) { presentation = Presentation(proxy: p) }
        case "zwp_pointer_gestures_v1":
            gesturesVersion = min(version, 3)
            gestures = bind(name, ap_zwp_pointer_gestures_v1_interface(), gesturesVersion)
        case "zwp_relative_pointer_manager_v1":
            relativePointerManager = bind(name, ap_zwp_relative_pointer_manager_v1_interface(), 1)
        case "org_kde_kwin_fake_input":
            let v = min(version, 4)
            fakeInput = bind(name, ap_org_kde_kwin_fake_input_interface(), v).map {
                KWinFakeInput(
                    proxy: $0, version: v, reason: "moves the pointer to the control it snaps to, so clicks land there")
            }
        default:
            break
        }
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let p = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue()
                    .global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in
                guard let data else { return }
                Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue().onGlobalRemove(name)
            }))
    return p
}()

/// xdg_wm_base pings to see whether we are alive: answer at once.
// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
    let p = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
    p.initialize(
        to: xdg_wm_base_listener(ping: { _, base, serial in
            if let base { xdg_wm_base_pong(base, serial) }
        }))
    return p
}()
