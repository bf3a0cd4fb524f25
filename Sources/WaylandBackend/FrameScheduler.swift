import CWaylandClient

/// Frame callbacks pace drawing: after a commit we ask for `wl_surface.frame`
/// and draw the next frame only when it fires. Nothing is requested while
/// nothing changes, so an idle overlay gets no callbacks.
final class FrameScheduler {
    private var callback: OpaquePointer?
    var onFrame: (_ timeMillis: UInt32) -> Void = { _ in }

    var isWaiting: Bool { callback != nil }

    /// Requests a callback for the next commit of `surface` (call before commit).
    func request(on surface: OpaquePointer) {
        guard callback == nil, let cb = wl_surface_frame(surface) else { return }
        callback = cb
        wl_callback_add_listener(cb, frameListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let callback { wl_callback_destroy(callback) }
    }

    fileprivate func done(_ time: UInt32) {
        if let callback { wl_callback_destroy(callback) }
        callback = nil
        onFrame(time)
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
    let p = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    p.initialize(to: wl_callback_listener(done: { data, _, time in
        guard let data else { return }
        Unmanaged<FrameScheduler>.fromOpaque(data).takeUnretainedValue().done(time)
    }))
    return p
}()
