import CWaylandClient
import CWaylandProtocols

/// zwp_relative_pointer_v1: unaccelerated device deltas, which become
/// `motion` events so the engine's own acceleration curve (B11) applies.
final class RelativePointer {
    private let proxy: OpaquePointer
    private unowned let overlay: WaylandOverlay

    init?(manager: OpaquePointer, pointer: OpaquePointer, overlay: WaylandOverlay) {
        guard let p = zwp_relative_pointer_manager_v1_get_relative_pointer(manager, pointer) else { return nil }
        proxy = p
        self.overlay = overlay
        zwp_relative_pointer_v1_add_listener(p, relativeListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { zwp_relative_pointer_v1_destroy(proxy) }

    fileprivate func motion(dx: Double, dy: Double) { overlay.relativeMotion(dx: dx, dy: dy) }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let relativeListener: UnsafeMutablePointer<zwp_relative_pointer_v1_listener> = {
    let p = UnsafeMutablePointer<zwp_relative_pointer_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: zwp_relative_pointer_v1_listener(relative_motion: { data, _, _, _, _, _, dxu, dyu in
            guard let data else { return }
            Unmanaged<RelativePointer>.fromOpaque(data).takeUnretainedValue()
                .motion(dx: wl_fixed_to_double(dxu), dy: wl_fixed_to_double(dyu))
        }))
    return p
}()
