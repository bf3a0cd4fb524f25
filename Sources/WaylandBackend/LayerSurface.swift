import CWaylandClient
import CWaylandProtocols

/// The preferred role: a wlr-layer-shell surface in the overlay layer,
/// anchored to all four edges of its output (so it covers it), exclusive
/// zone -1 (ignore panels' zones, never push them), keyboard focus while the
/// stage has the pointer. A pass-through overlay (KWin, with its companion)
/// takes no input at all: every click and key goes to the applications.
final class LayerSurface: SurfaceRole {
    private let proxy: OpaquePointer
    private unowned let owner: OverlaySurface
    private let passThrough: Bool

    init?(
        shell: OpaquePointer, owner: OverlaySurface, passThrough: Bool = false, namespace: String = "adaptive-pointer"
    ) {
        guard
            let p = zwlr_layer_shell_v1_get_layer_surface(
                shell, owner.surface, owner.output.proxy,
                ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, namespace)
        else { return nil }
        proxy = p
        self.owner = owner
        self.passThrough = passThrough
        let all =
            ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(p, all)
        zwlr_layer_surface_v1_set_size(p, 0, 0)
        zwlr_layer_surface_v1_set_exclusive_zone(p, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(
            p,
            passThrough
                ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue
                : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue)
        if passThrough { owner.takeNoInput() }
        zwlr_layer_surface_v1_add_listener(p, layerListener, Unmanaged.passUnretained(self).toOpaque())
        // The initial commit without a buffer asks for the first configure.
        wl_surface_commit(owner.surface)
    }

    deinit { zwlr_layer_surface_v1_destroy(proxy) }

    func setKeyboardFocus(_ wanted: Bool) {
        guard !passThrough else { return }
        zwlr_layer_surface_v1_set_keyboard_interactivity(
            proxy,
            wanted
                ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue
                : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
    }

    fileprivate func configure(serial: UInt32, width: UInt32, height: UInt32) {
        zwlr_layer_surface_v1_ack_configure(proxy, serial)
        owner.configure(width: Int(width), height: Int(height))
    }

    fileprivate func closed() { owner.closed() }
}

private func layer(_ data: UnsafeMutableRawPointer?) -> LayerSurface? {
    data.map { Unmanaged<LayerSurface>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let layerListener: UnsafeMutablePointer<zwlr_layer_surface_v1_listener> = {
    let p = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: zwlr_layer_surface_v1_listener(
            configure: { data, _, serial, w, h in layer(data)?.configure(serial: serial, width: w, height: h) },
            closed: { data, _ in layer(data)?.closed() }))
    return p
}()
