import CWaylandClient

/// Frame callbacks: each commit asks for `wl_surface.frame` with the
/// session's id for that frame, and hears when the compositor used it (or a
/// later commit that replaced it). They tell the session when repaints
/// happen; nothing is requested while nothing is committed, so an idle
/// overlay gets no callbacks.
final class FrameScheduler {
    private var callbacks: [OpaquePointer: Int] = [:]
    /// The compositor used frame `frameID` (callback time in ms, compositor clock).
    var onFrame: (_ frameID: Int, _ timeMillis: UInt32) -> Void = { _, _ in }

    var isWaiting: Bool { !callbacks.isEmpty }

    /// Requests a callback for the next commit of `surface` (call before commit).
    func request(on surface: OpaquePointer, frameID: Int) {
        guard let cb = wl_surface_frame(surface) else { return }
        callbacks[cb] = frameID
        wl_callback_add_listener(cb, frameListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        for cb in callbacks.keys { wl_callback_destroy(cb) }
    }

    fileprivate func done(_ callback: OpaquePointer, _ time: UInt32) {
        guard let id = callbacks.removeValue(forKey: callback) else { return }
        wl_callback_destroy(callback)
        onFrame(id, time)
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
    let p = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_callback_listener(done: { data, callback, time in
            guard let data, let callback else { return }
            Unmanaged<FrameScheduler>.fromOpaque(data).takeUnretainedValue().done(callback, time)
        }))
    return p
}()
