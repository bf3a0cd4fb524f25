import CEGL
import CGLES

/// An EGL display and a GLES 3 context on it. Surfaceless (Mesa's
/// EGL_MESA_platform_surfaceless: `render`, tests, drawing into CPU buffers),
/// or on a Wayland or xcb connection, where window surfaces can present
/// frames. The context is made without a config where EGL allows it
/// (EGL_KHR_no_config_context), so any window config can be used with it.
///
/// A context is current on one thread at a time; `makeCurrent` before GL calls.
public final class GLContext {
    public enum Platform {
        case surfaceless
        /// A `wl_display *`.
        case wayland(UnsafeMutableRawPointer)
        /// An `xcb_connection_t *` and the screen number.
        case xcb(UnsafeMutableRawPointer, screen: Int32)
    }

    let display: EGLDisplay
    let context: EGLContext
    /// The config the context was made with; nil when configless.
    let contextConfig: EGLConfig?
    let displayExtensions: Set<String>
    public let platformName: String
    /// "OpenGL ES 3.2 Mesa 22.3.6 (llvmpipe (LLVM 15.0.6, 256 bits))".
    public private(set) var summary = ""
    private(set) var glExtensions: Set<String> = []
    private(set) var maxTextureSize = 2048
    /// Compiled programs per shader origin (GLSceneRenderer.pipeline(for:)).
    var pipelines: [String: GLPipeline] = [:]

    public init(platform: Platform) throws {
        let native: UnsafeMutableRawPointer?
        let kind: EGLenum
        var attribs: [EGLAttrib] = [EGLAttrib(EGL_NONE)]
        switch platform {
        case .surfaceless:
            kind = EGLenum(EGL_PLATFORM_SURFACELESS_MESA)
            native = nil
            platformName = "surfaceless"
        case .wayland(let d):
            kind = EGLenum(EGL_PLATFORM_WAYLAND_KHR)
            native = d
            platformName = "Wayland"
        case .xcb(let c, let screen):
            kind = EGLenum(EGL_PLATFORM_XCB_EXT)
            native = c
            platformName = "X11 (xcb)"
            attribs = [EGLAttrib(EGL_PLATFORM_XCB_SCREEN_EXT), EGLAttrib(screen), EGLAttrib(EGL_NONE)]
        }
        let clientExtensions = Set(
            (eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? "")
                .split(separator: " ").map(String.init))
        let needed: String
        switch platform {
        case .surfaceless: needed = "EGL_MESA_platform_surfaceless"
        case .wayland: needed = "EGL_KHR_platform_wayland"
        case .xcb: needed = "EGL_EXT_platform_xcb"
        }
        if !clientExtensions.contains(needed)
            && !(needed == "EGL_KHR_platform_wayland" && clientExtensions.contains("EGL_EXT_platform_wayland"))
        {
            throw GLError.unavailable("this EGL has no \(needed) (libegl-mesa0 provides it)")
        }
        guard let dpy = attribs.withUnsafeBufferPointer({ ap_egl_platform_display(kind, native, $0.baseAddress) })
        else {
            throw GLError.unavailable("no EGL display on the \(platformName) platform")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(dpy, &major, &minor) == EGL_TRUE else {
            throw GLError.unavailable(
                "eglInitialize failed on the \(platformName) platform (EGL error 0x\(String(eglGetError(), radix: 16)))"
            )
        }
        display = dpy
        displayExtensions = Set(
            (eglQueryString(dpy, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? "")
                .split(separator: " ").map(String.init))
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            throw GLError.unavailable("this EGL cannot bind OpenGL ES")
        }
        let configless =
            displayExtensions.contains("EGL_KHR_no_config_context")
            || displayExtensions.contains("EGL_MESA_configless_context")
        var config: EGLConfig?
        if !configless {
            config = Self.chooseConfig(
                dpy, surfaceType: platformName == "surfaceless" ? EGL_PBUFFER_BIT : EGL_WINDOW_BIT)
            if config == nil {
                throw GLError.unavailable("no EGL config for OpenGL ES 3 on the \(platformName) platform")
            }
        }
        contextConfig = config
        let contextAttribs: [EGLint] = [
            EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_CONTEXT_MINOR_VERSION), 0, EGLint(EGL_NONE),
        ]
        guard let ctx = eglCreateContext(dpy, config, nil, contextAttribs) else {
            throw GLError.unavailable("no OpenGL ES 3 context (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        context = ctx
        if platformName == "surfaceless" || displayExtensions.contains("EGL_KHR_surfaceless_context") {
            try makeCurrent()
        } else {
            eglDestroyContext(dpy, ctx)
            throw GLError.unavailable("EGL_KHR_surfaceless_context missing on the \(platformName) platform")
        }
        let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "?"
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "?"
        var glMajor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &glMajor)
        guard glMajor >= 3 else {
            eglMakeCurrent(dpy, nil, nil, nil)
            eglDestroyContext(dpy, ctx)
            throw GLError.unavailable("the context is \(version), not OpenGL ES 3")
        }
        summary = "\(version) (\(renderer)), EGL \(major).\(minor) \(platformName)"
        var n: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &n)
        var exts = Set<String>()
        for i in 0..<max(n, 0) {
            if let s = glGetStringi(GLenum(GL_EXTENSIONS), GLuint(i)) { exts.insert(String(cString: s)) }
        }
        glExtensions = exts
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
    }

    deinit { release() }

    private var released = false

    private func release() {
        guard !released else { return }
        released = true
        // GL objects go while the context is current, then the context.
        if (try? makeCurrent()) != nil { pipelines = [:] }
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }

    /// Ends the context and, on a window system's display, the EGL display too,
    /// before the caller disconnects from the window system (EGL would otherwise
    /// reach the closed connection when the process exits). A surfaceless display
    /// is left initialised: EGL hands every user of it the same EGLDisplay.
    /// Every renderer and window surface of this context must be gone.
    public func terminate() {
        release()
        if platformName != "surfaceless" { eglTerminate(display) }
    }

    /// Binds the context to this thread, drawing to `surface` (nil: offscreen only).
    func makeCurrent(_ surface: EGLSurface? = nil) throws {
        guard !released else { throw GLError.unavailable("the GL context was terminated") }
        if eglGetCurrentContext() == context && eglGetCurrentSurface(EGLint(EGL_DRAW)) == surface { return }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            throw GLError.unavailable("eglMakeCurrent failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
    }

    /// A config for OpenGL ES 3 with 8-bit RGBA, of `surfaceType`; with
    /// `visualID`, only one whose native visual is that one (X11 windows).
    static func chooseConfig(_ dpy: EGLDisplay, surfaceType: Int32, visualID: EGLint? = nil, alpha: Bool = true)
        -> EGLConfig?
    {
        let attribs: [EGLint] = [
            EGLint(EGL_SURFACE_TYPE), EGLint(surfaceType),
            EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT),
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8,
            EGLint(EGL_ALPHA_SIZE), alpha ? 8 : 0,
            EGLint(EGL_NONE),
        ]
        var count: EGLint = 0
        guard eglChooseConfig(dpy, attribs, nil, 0, &count) == EGL_TRUE, count > 0 else { return nil }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(dpy, attribs, &configs, count, &count) == EGL_TRUE else { return nil }
        for c in configs.prefix(Int(count)) {
            guard let c else { continue }
            var value: EGLint = 0
            if let visualID {
                eglGetConfigAttrib(dpy, c, EGLint(EGL_NATIVE_VISUAL_ID), &value)
                if value != visualID { continue }
            }
            var a: EGLint = 0
            eglGetConfigAttrib(dpy, c, EGLint(EGL_ALPHA_SIZE), &a)
            if alpha && a != 8 { continue }
            return c
        }
        return nil
    }

    func hasGLExtension(_ name: String) -> Bool { glExtensions.contains(name) }
}
