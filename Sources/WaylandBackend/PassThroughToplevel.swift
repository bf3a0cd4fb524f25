import CWaylandClient
import CWaylandProtocols

/// The overlay on a compositor without layer-shell whose companion places it
/// (GNOME): an xdg toplevel the size of its output, titled so the companion
/// knows it and its monitor (`AdaptivePointer overlay on NAME at X,Y`), that takes no input at
/// all. Its surface and subsurfaces have empty input regions, so every click,
/// scroll and key goes to the applications underneath. The companion keeps it
/// above every window, on every workspace, out of window lists and focus.
final class PassThroughToplevel: SurfaceRole {
    static let titlePrefix = "AdaptivePointer overlay on "
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private unowned let owner: OverlaySurface

    init?(wmBase: OpaquePointer, owner: OverlaySurface) {
        guard let xs = xdg_wm_base_get_xdg_surface(wmBase, owner.surface) else { return nil }
        guard let tl = xdg_surface_get_toplevel(xs) else {
            xdg_surface_destroy(xs)
            return nil
        }
        xdgSurface = xs
        toplevel = tl
        self.owner = owner
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xs, passThroughSurfaceListener, me)
        xdg_toplevel_add_listener(tl, passThroughToplevelListener, me)
        let at = owner.output.position
        xdg_toplevel_set_title(tl, Self.titlePrefix + owner.output.displayName + " at \(at.x),\(at.y)")
        xdg_toplevel_set_app_id(tl, "adaptive-pointer-overlay")
        // A fixed size: never maximised or tiled into the work area.
        let size = owner.outputLogicalSize
        xdg_toplevel_set_min_size(tl, Int32(size.width), Int32(size.height))
        xdg_toplevel_set_max_size(tl, Int32(size.width), Int32(size.height))
        owner.takeNoInput()
        wl_surface_commit(owner.surface)
    }

    deinit {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }

    func setKeyboardFocus(_ wanted: Bool) {} // never wanted: the companion hands focus back

    fileprivate func surfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        // Whatever size the compositor suggests, the overlay covers its output.
        owner.configure(width: 0, height: 0)
    }

    fileprivate func close() { owner.closed() }
}

private func passThrough(_ data: UnsafeMutableRawPointer?) -> PassThroughToplevel? {
    data.map { Unmanaged<PassThroughToplevel>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let passThroughSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
    let p = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    p.initialize(
        to: xdg_surface_listener(configure: { data, _, serial in passThrough(data)?.surfaceConfigure(serial: serial) }))
    return p
}()

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let passThroughToplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
    let p = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    p.initialize(
        to: xdg_toplevel_listener(
            configure: { _, _, _, _, _ in },
            close: { data, _ in passThrough(data)?.close() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
    return p
}()
