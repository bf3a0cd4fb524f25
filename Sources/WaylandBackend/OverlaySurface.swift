import CWaylandClient
import CWaylandProtocols
import GLRenderer
import PointerCore
import PointerHost

/// What gives a wl_surface its place on screen: a layer-shell surface, or a
/// fullscreen xdg toplevel when layer-shell is missing.
protocol SurfaceRole: AnyObject {
    /// Take (or give back) keyboard focus; applied on the next commit.
    func setKeyboardFocus(_ wanted: Bool)
}

/// The overlay's surface on one output, offered to the session as a canvas:
/// shm buffers (or, with the GL renderer, an EGL window), frame pacing,
/// presentation feedback, scale (integer, or fractional through wp_viewport). The stage's canvas pt map 1:1 to the
/// surface's logical coordinates, with the canvas origin at its top-left.
final class OverlaySurface: OverlayCanvas {
    let canvasID: Int
    let output: Output
    let surface: OpaquePointer
    private let pool: BufferPool
    private let scheduler = FrameScheduler()
    private var viewport: OpaquePointer?
    private var fractional: FractionalScale?
    private var fractionalScale: Double?
    private let presentation: Presentation?
    var role: SurfaceRole?
    private(set) var configured = false
    private(set) var sizeInPoints = Size.zero
    private var drawing: ShmBuffer?
    /// Set when frames are drawn with GL into an EGL window instead of shm buffers.
    private let egl: EGLWindow?
    private var drawingEGL: GLWindowSurface?

    /// Something changed that may let the session draw (configure, frame done, release).
    var onReady: () -> Void = {}
    /// The whole canvas must be repainted (resize, scale change).
    var onInvalidated: () -> Void = {}
    /// Frame `frameID` was presented at `at` (monotonic s) on a display refreshing every `refresh` s (0: unknown).
    var onPresented: (_ frameID: Int, _ at: Double, _ refresh: Double) -> Void = { _, _, _ in }
    /// The compositor used frame `frameID` (its frame callback), at our clock.
    var onFrameDone: (_ frameID: Int, _ at: Double) -> Void = { _, _ in }
    /// Frame `frameID` was never presented (a later commit replaced it).
    var onDiscarded: (_ frameID: Int) -> Void = { _ in }
    var onClosed: () -> Void = {}

    init?(canvasID: Int, output: Output, registry: Registry, gl: GLContext? = nil) {
        guard let compositor = registry.compositor, let shm = registry.shm,
              let s = wl_compositor_create_surface(compositor) else { return nil }
        egl = gl.map { EGLWindow(context: $0) }
        self.canvasID = canvasID
        self.output = output
        surface = s
        pool = BufferPool(shm: shm)
        presentation = registry.presentation
        if let viewporter = registry.viewporter, let manager = registry.fractionalScaleManager {
            viewport = wp_viewporter_get_viewport(viewporter, s)
            fractional = FractionalScale(manager: manager, surface: s)
            fractional?.onScale = { [unowned self] scale in
                guard scale != fractionalScale else { return }
                fractionalScale = scale
                rescale()
            }
        }
        pool.onRelease = { [unowned self] in onReady() }
        scheduler.onFrame = { [unowned self] id, _ in
            onFrameDone(id, MonotonicClock.now())
            onReady()
        }
    }

    deinit {
        drawingEGL = nil
        role = nil // destroys the role object before its wl_surface
        fractional = nil
        if let viewport { wp_viewport_destroy(viewport) }
        wl_surface_destroy(surface)
    }

    var canvasName: String { output.displayName }

    /// Pixels per pt.
    var scale: Double { viewport != nil ? (fractionalScale ?? Double(output.scale)) : Double(output.scale) }

    private var pixelSize: (width: Int, height: Int) {
        (Int((sizeInPoints.width * scale).rounded()), Int((sizeInPoints.height * scale).rounded()))
    }

    /// The role's configure: the logical size the compositor gives us (0 = our choice).
    func configure(width: Int, height: Int) {
        var w = Double(width), h = Double(height)
        if w <= 0 || h <= 0 {
            let s = Double(max(output.scale, 1))
            w = output.modeSize.width > 0 ? Double(output.modeSize.width) / s : 1280
            h = output.modeSize.height > 0 ? Double(output.modeSize.height) / s : 800
        }
        let size = Size(width: w, height: h)
        let first = !configured
        configured = true
        if first || size != sizeInPoints {
            sizeInPoints = size
            rescale()
        }
        onReady()
    }

    /// The output's scale or mode changed.
    func outputChanged() { rescale() }

    private func rescale() {
        guard configured else { return }
        if let viewport, fractionalScale != nil {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, Int32(sizeInPoints.width), Int32(sizeInPoints.height))
        } else {
            wl_surface_set_buffer_scale(surface, output.scale)
        }
        pool.invalidateAll()
        onInvalidated()
        onReady()
    }

    func setKeyboardFocus(_ wanted: Bool) {
        role?.setKeyboardFocus(wanted)
        wl_surface_commit(surface)
    }

    func closed() { onClosed() }

    // MARK: OverlayCanvas

    var isReadyToDraw: Bool {
        if egl != nil { return configured }
        return configured && pool.hasFree(width: pixelSize.width, height: pixelSize.height)
    }

    /// Frames go to the EGL window when there is one.
    func beginFrame() -> (target: DrawTarget, stale: [Rect]?)? {
        guard let egl else { return beginDraw().map { (.pixels($0.buffer), $0.stale) } }
        let (w, h) = pixelSize
        guard w > 0, h > 0, let window = try? egl.surface(on: surface, width: w, height: h, scale: Double(w) / sizeInPoints.width)
        else { return nil }
        drawingEGL = window
        // The framebuffer behind the window keeps every pixel: only a new or resized one is stale.
        return (.window(window), window.needsFullFrame ? nil : [])
    }

    var awaitingFrame: Bool { scheduler.isWaiting }
    var refreshPeriod: Double? { output.refreshPeriod }

    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)? {
        let (w, h) = pixelSize
        guard w > 0, h > 0, let b = pool.acquire(width: w, height: h) else { return nil }
        drawing = b
        return (PixelBuffer(data: b.data, width: w, height: h, stride: b.stride, scale: Double(w) / sizeInPoints.width),
                b.stale)
    }

    func cancelDraw() {
        drawing?.stale = nil
        drawing = nil
        drawingEGL?.invalidate()
        drawingEGL = nil
    }

    func endDraw(damage: [Rect], frameID: Int) {
        if let window = drawingEGL {
            drawingEGL = nil
            return present(window, damage: damage, frameID: frameID)
        }
        guard let b = drawing else { return }
        drawing = nil
        let s = Double(b.width) / sizeInPoints.width
        wl_surface_attach(surface, b.proxy, 0, 0)
        for r in damage {
            let x0 = max(0, Int((r.minX * s).rounded(.down))), y0 = max(0, Int((r.minY * s).rounded(.down)))
            let x1 = min(b.width, Int((r.maxX * s).rounded(.up))), y1 = min(b.height, Int((r.maxY * s).rounded(.up)))
            if x1 > x0 && y1 > y0 {
                wl_surface_damage_buffer(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            }
        }
        requestReports(frameID: frameID)
        wl_surface_commit(surface)
        pool.committed(b, damage: damage)
    }

    /// The frame callback and presentation feedback of the next commit, which is frame `frameID`.
    private func requestReports(frameID: Int) {
        scheduler.request(on: surface, frameID: frameID)
        if let presentation {
            presentation.feedback(on: surface) { [weak self] report in
                guard let self else { return }
                if let report { onPresented(frameID, report.time, report.refresh) } else { onDiscarded(frameID) }
            }
        }
    }

    /// The GL frame: frame callback and feedback requested, then EGL attaches,
    /// damages and commits the buffer in the swap.
    private func present(_ window: GLWindowSurface, damage: [Rect], frameID: Int) {
        requestReports(frameID: frameID)
        do { try window.present(damage: damage) } catch {
            window.invalidate()
            wl_surface_commit(surface) // the frame callback still comes, and the next frame is whole
        }
    }
}
