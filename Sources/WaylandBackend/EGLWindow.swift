import CWaylandEGL
import GLRenderer

/// An overlay surface's frames drawn by the GL renderer: a `wl_egl_window` on
/// the wl_surface and the EGL window surface on it (Mesa attaches, damages and
/// commits the buffers itself when a frame is presented).
final class EGLWindow {
    let context: GLContext
    private var native: OpaquePointer?
    private(set) var target: GLWindowSurface?

    init(context: GLContext) { self.context = context }

    deinit {
        target = nil // the EGL surface goes before its wl_egl_window
        if let native { wl_egl_window_destroy(native) }
    }

    /// The window surface at `width` × `height` px and `scale` px per pt: made on
    /// first use, resized after a configure or a scale change.
    func surface(on wlSurface: OpaquePointer, width: Int, height: Int, scale: Double) throws -> GLWindowSurface {
        if let target, let native {
            if target.pixelWidth != width || target.pixelHeight != height {
                wl_egl_window_resize(native, Int32(width), Int32(height), 0, 0)
            }
            target.resize(width: width, height: height, scale: scale)
            return target
        }
        guard let native = wl_egl_window_create(wlSurface, Int32(width), Int32(height)) else {
            throw GLError.unavailable("wl_egl_window_create failed")
        }
        self.native = native
        let t = try GLWindowSurface(
            context: context, nativeWindow: UnsafeMutableRawPointer(native),
            width: width, height: height, scale: scale)
        target = t
        return t
    }
}
