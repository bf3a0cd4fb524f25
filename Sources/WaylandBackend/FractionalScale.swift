import CWaylandProtocols

/// wp_fractional_scale_v1 for one surface: the compositor's preferred scale
/// (in 120ths). With it the overlay draws at e.g. 1.5× and maps the buffer
/// onto the surface with wp_viewport, instead of rounding up to 2×.
final class FractionalScale {
    private let proxy: OpaquePointer
    var onScale: (Double) -> Void = { _ in }

    init?(manager: OpaquePointer, surface: OpaquePointer) {
        guard let p = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface) else { return nil }
        proxy = p
        wp_fractional_scale_v1_add_listener(p, fractionalListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { wp_fractional_scale_v1_destroy(proxy) }

    fileprivate func preferred(_ value: UInt32) { onScale(Double(value) / 120) }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let fractionalListener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
    let p = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    p.initialize(
        to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, v in
            guard let data else { return }
            Unmanaged<FractionalScale>.fromOpaque(data).takeUnretainedValue().preferred(v)
        }))
    return p
}()
