import CEGL
import CGLES
import PointerCore
import PointerRendering

/// An EGL window surface (a `wl_egl_window`, or an X11 window through xcb) and
/// the framebuffer its frames are drawn into. The renderer draws a frame's
/// damage into the framebuffer, which keeps every pixel; `present` copies what
/// the window's back buffer lacks — the damage, plus what changed since that
/// buffer was last shown (EGL_EXT_buffer_age), or all of it — and swaps with
/// the damage (EGL_KHR_swap_buffers_with_damage) so the compositor repaints
/// only that. Swaps never wait (swap interval 0): the backend paces frames.
public final class GLWindowSurface {
    public let context: GLContext
    let surface: EGLSurface
    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int
    /// Device pixels per canvas pt.
    public private(set) var scale: Double
    /// The frame as drawn so far (nil until the first draw, or after a resize).
    var framebuffer: GLFramebuffer?
    /// Device-pixel damage of the last frames presented, newest last.
    private var history: [[PixelBox]] = []
    private let bufferAge: Bool

    struct PixelBox: Equatable { var x, y, width, height: Int }

    /// `nativeWindow`: a `wl_egl_window *`, or a pointer to an `xcb_window_t`.
    /// `visualID` (X11) picks the config matching the window's visual.
    public init(
        context: GLContext, nativeWindow: UnsafeMutableRawPointer, width: Int, height: Int, scale: Double,
        visualID: UInt32? = nil, alpha: Bool = true
    ) throws {
        self.context = context
        guard
            let config = GLContext.chooseConfig(
                context.display, surfaceType: EGL_WINDOW_BIT,
                visualID: visualID.map { EGLint(bitPattern: $0) }, alpha: alpha)
                ?? context.contextConfig
        else {
            throw GLError.unavailable(
                "no EGL window config\(visualID.map { " for X visual 0x\(String($0, radix: 16))" } ?? "") on the \(context.platformName) platform"
            )
        }
        guard let s = eglCreatePlatformWindowSurface(context.display, config, nativeWindow, nil) else {
            throw GLError.unavailable(
                "cannot make an EGL window surface on the \(context.platformName) platform (EGL error 0x\(String(eglGetError(), radix: 16)))"
            )
        }
        surface = s
        pixelWidth = max(width, 1)
        pixelHeight = max(height, 1)
        self.scale = scale
        bufferAge = context.displayExtensions.contains("EGL_EXT_buffer_age")
        try context.makeCurrent(s)
        eglSwapInterval(context.display, 0)
    }

    deinit {
        if (try? context.makeCurrent(surface)) != nil { framebuffer = nil }
        eglMakeCurrent(context.display, nil, nil, nil)
        eglDestroySurface(context.display, surface)
    }

    /// The window is now `width` × `height` px at `scale` (the caller resized the native window).
    public func resize(width: Int, height: Int, scale: Double) {
        guard width != pixelWidth || height != pixelHeight || scale != self.scale else { return }
        pixelWidth = max(width, 1)
        pixelHeight = max(height, 1)
        self.scale = scale
        if (try? context.makeCurrent(surface)) != nil { framebuffer = nil }
        history = []
    }

    /// The next frame must be drawn whole (a draw failed half way).
    public func invalidate() {
        if (try? context.makeCurrent(surface)) != nil { framebuffer = nil }
        history = []
    }

    /// True until a frame was drawn at the current size: the whole canvas must be drawn.
    public var needsFullFrame: Bool { framebuffer == nil }

    func makeCurrent() throws { try context.makeCurrent(surface) }

    /// The framebuffer to draw the next frame into (made at the window's size).
    func targetFramebuffer() throws -> GLFramebuffer {
        if let f = framebuffer, f.width == pixelWidth, f.height == pixelHeight { return f }
        guard pixelWidth <= context.maxTextureSize, pixelHeight <= context.maxTextureSize else {
            throw GLError.tooLarge(width: pixelWidth, height: pixelHeight, limit: context.maxTextureSize)
        }
        let f = try GLFramebuffer(width: pixelWidth, height: pixelHeight, linear: false)
        f.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        framebuffer = f
        history = []
        return f
    }

    /// Shows the frame: copies into the back buffer what it lacks and swaps,
    /// telling the compositor `damage` (canvas pt) changed.
    public func present(damage: [Rect]) throws {
        guard let fb = framebuffer else { return }
        try makeCurrent()
        let boxes = damage.map(box)
        var age: EGLint = 0
        if bufferAge { eglQuerySurface(context.display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) }
        // Age n: the back buffer shows the frame presented n swaps ago; it lacks the
        // damage of the n - 1 frames since, and this frame's.
        var copy: [PixelBox]
        if age >= 1 && Int(age) - 1 <= history.count {
            copy = boxes + history.suffix(Int(age) - 1).flatMap { $0 }
        } else {
            copy = [PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)]
        }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fb.id)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        for b in copy where b.width > 0 && b.height > 0 {
            // Framebuffer row y is device row y; the window's row 0 is its bottom.
            let y0 = GLint(pixelHeight - b.y)
            let y1 = GLint(pixelHeight - b.y - b.height)
            glBlitFramebuffer(
                GLint(b.x), GLint(b.y), GLint(b.x + b.width), GLint(b.y + b.height),
                GLint(b.x), y0, GLint(b.x + b.width), y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        var rects: [EGLint] = []
        for b in boxes where b.width > 0 && b.height > 0 {
            rects += [EGLint(b.x), EGLint(pixelHeight - b.y - b.height), EGLint(b.width), EGLint(b.height)]
        }
        let e = glGetError()
        guard e == GLenum(GL_NO_ERROR) else {
            throw GLError.gl(operation: "copying a frame to the window", code: UInt32(e))
        }
        let ok = rects.withUnsafeMutableBufferPointer {
            ap_egl_swap_with_damage(context.display, surface, $0.baseAddress, EGLint($0.count / 4))
        }
        guard ok == EGL_TRUE else {
            throw GLError.unavailable("eglSwapBuffers failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        history.append(boxes)
        if history.count > 4 { history.removeFirst() }
    }

    /// Copies the whole frame to the window again (an X11 Expose).
    public func presentAgain() throws {
        history = []
        try present(damage: [Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)])
    }

    private func box(_ r: Rect) -> PixelBox {
        let x0 = max(0, Int((r.minX * scale).rounded(.down)))
        let y0 = max(0, Int((r.minY * scale).rounded(.down)))
        let x1 = min(pixelWidth, Int((r.maxX * scale).rounded(.up)))
        let y1 = min(pixelHeight, Int((r.maxY * scale).rounded(.up)))
        return PixelBox(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
