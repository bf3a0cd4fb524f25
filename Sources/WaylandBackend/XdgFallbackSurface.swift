import CWaylandClient
import CWaylandProtocols

/// The fallback role when the compositor has no layer-shell (weston, GNOME):
/// a fullscreen xdg toplevel on the output. It sits in the normal window
/// stack, so other windows can cover it, but the stage and pointer still work.
final class XdgFallbackSurface: SurfaceRole {
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private unowned let owner: OverlaySurface
    private var pendingSize = (width: Int32(0), height: Int32(0))

    init?(wmBase: OpaquePointer, owner: OverlaySurface, title: String) {
        guard let xs = xdg_wm_base_get_xdg_surface(wmBase, owner.surface) else { return nil }
        guard let tl = xdg_surface_get_toplevel(xs) else {
            xdg_surface_destroy(xs)
            return nil
        }
        xdgSurface = xs
        toplevel = tl
        self.owner = owner
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xs, xdgSurfaceListener, me)
        xdg_toplevel_add_listener(tl, toplevelListener, me)
        xdg_toplevel_set_title(tl, title)
        xdg_toplevel_set_app_id(tl, "adaptive-pointer")
        xdg_toplevel_set_fullscreen(tl, owner.output.proxy)
        wl_surface_commit(owner.surface)
    }

    deinit {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }

    func setKeyboardFocus(_ wanted: Bool) {} // a toplevel gets focus from the compositor

    fileprivate func toplevelConfigure(width: Int32, height: Int32) { pendingSize = (width, height) }

    fileprivate func surfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        owner.configure(width: Int(pendingSize.width), height: Int(pendingSize.height))
    }

    fileprivate func close() { owner.closed() }
}

private func fallback(_ data: UnsafeMutableRawPointer?) -> XdgFallbackSurface? {
    data.map { Unmanaged<XdgFallbackSurface>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
    let p = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    p.initialize(
        to: xdg_surface_listener(configure: { data, _, serial in fallback(data)?.surfaceConfigure(serial: serial) }))
    return p
}()

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
    let p = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    p.initialize(
        to: xdg_toplevel_listener(
            configure: { data, _, w, h, _ in fallback(data)?.toplevelConfigure(width: w, height: h) },
            close: { data, _ in fallback(data)?.close() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
    return p
}()
