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
///
/// With shm buffers, an integer scale and an opaque stage, the surface holds
/// the still stage in one buffer and the pointer with what moves is drawn
/// into small subsurfaces above it (LayeredCanvas); otherwise frames are
/// drawn whole into two full-size buffers.
final class OverlaySurface: LayeredCanvas {
    let canvasID: Int
    let output: Output
    let surface: OpaquePointer
    private let compositor: OpaquePointer
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
    /// Split into a still stage and layers above it (nothing while drawn whole).
    private var split = SplitStage()

    var events = OverlaySurfaceEvents()

    init?(canvasID: Int, output: Output, registry: Registry, gl: GLContext? = nil) {
        guard let compositor = registry.compositor, let shm = registry.shm,
            let s = wl_compositor_create_surface(compositor)
        else { return nil }
        egl = gl.map { EGLWindow(context: $0) }
        self.canvasID = canvasID
        self.output = output
        self.compositor = compositor
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
        if gl == nil, let subcompositor = registry.subcompositor {
            split.lives = (0..<LiveLayerPlacement.layerCount).compactMap { _ in
                // Only shown over an opaque still stage (splitsStill), whose pixels they repeat.
                SubsurfaceLayer(compositor: compositor, subcompositor: subcompositor, parent: s, shm: shm, opaque: true)
            }
            split.banner = SubsurfaceLayer(
                compositor: compositor, subcompositor: subcompositor, parent: s, shm: shm,
                opaque: false)
            if split.lives.count < LiveLayerPlacement.layerCount || split.banner == nil {
                split.lives = []
                split.banner = nil
            }
            for layer in split.lives { layer.onRelease = { [unowned self] in events.onReady() } }
            split.banner?.onRelease = { [unowned self] in events.onReady() }
        }
        pool.onRelease = { [unowned self] in
            // Split, the still stage is drawn again only for a new scene or size:
            // a buffer the compositor gave back is not kept for it.
            if splitsStill { pool.dropFree() }
            events.onReady()
        }
        scheduler.onFrame = { [unowned self] id, _ in
            events.onFrameDone(id, MonotonicClock.now())
            events.onReady()
        }
    }

    deinit {
        drawingEGL = nil
        split.lives = [] // subsurfaces before their parent
        split.banner = nil
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

    /// The output's size in logical px (its mode over its integer scale).
    var outputLogicalSize: Size {
        let s = Double(max(output.scale, 1))
        return Size(
            width: output.modeSize.width > 0 ? Double(output.modeSize.width) / s : 1280,
            height: output.modeSize.height > 0 ? Double(output.modeSize.height) / s : 800)
    }

    /// Empty input regions on the surface and every subsurface: pointer and
    /// keys go to whatever is underneath (the pass-through overlay).
    func takeNoInput() {
        guard let region = wl_compositor_create_region(compositor) else { return }
        for s in [surface] + split.lives.map(\.surface) + [split.banner?.surface].compactMap({ $0 }) {
            wl_surface_set_input_region(s, region)
            if s != surface { wl_surface_commit(s) }
        }
        wl_region_destroy(region)
    }

    /// The role's configure: the logical size the compositor gives us (0 = our choice).
    func configure(width: Int, height: Int) {
        var w = Double(width)
        var h = Double(height)
        if w <= 0 || h <= 0 {
            w = outputLogicalSize.width
            h = outputLogicalSize.height
        }
        let size = Size(width: w, height: h)
        let first = !configured
        configured = true
        if first || size != sizeInPoints {
            sizeInPoints = size
            rescale()
        }
        events.onReady()
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
        for layer in split.lives { layer.setScale(Int(output.scale)) }
        split.banner?.setScale(Int(output.scale))
        split.stillOpaque = nil
        split.shownStill = nil
        pool.invalidateAll()
        events.onInvalidated()
        events.onReady()
    }

    func setKeyboardFocus(_ wanted: Bool) {
        role?.setKeyboardFocus(wanted)
        wl_surface_commit(surface)
    }

    func closed() { events.onClosed() }

    // MARK: OverlayCanvas

    var isReadyToDraw: Bool {
        if egl != nil { return configured }
        if splitsStill { return configured && split.lives.allSatisfy(\.hasFreeBuffer) }
        return configured && pool.hasFree(width: pixelSize.width, height: pixelSize.height)
    }

    /// Frames go to the EGL window when there is one.
    func beginFrame() -> (target: DrawTarget, stale: [Rect]?)? {
        guard let egl else { return beginDraw().map { (.pixels($0.buffer), $0.stale) } }
        let (w, h) = pixelSize
        guard w > 0, h > 0,
            let window = try? egl.surface(on: surface, width: w, height: h, scale: Double(w) / sizeInPoints.width)
        else { return nil }
        drawingEGL = window
        // The framebuffer behind the window keeps every pixel: only a new or resized one is stale.
        return (.window(window), window.needsFullFrame ? nil : [])
    }

    var awaitingFrame: Bool { scheduler.isWaiting }
    var refreshPeriod: Double? { output.refreshPeriod }

    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)? {
        if splitsStill { return nil } // split, frames go to the live layers (beginLive)
        let (w, h) = pixelSize
        guard w > 0, h > 0, let b = pool.acquire(width: w, height: h) else { return nil }
        drawing = b
        return (canvasPixels(b), b.stale)
    }

    func cancelDraw() {
        split.drawingStill?.stale = nil
        split.drawingStill = nil
        for layer in split.lives { layer.cancel() }
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
        if splitsStill {
            requestReports(frameID: frameID)
            wl_surface_commit(surface) // shows the layers and the still stage together
            if let still = split.pendingStill {
                pool.committed(
                    still, damage: [Rect(x: 0, y: 0, width: sizeInPoints.width, height: sizeInPoints.height)])
                split.pendingStill = nil
                split.shownStill = CommittedPixels(still, as: canvasPixels(still))
            }
            return
        }
        guard let b = drawing else { return }
        drawing = nil
        let s = Double(b.width) / sizeInPoints.width
        wl_surface_attach(surface, b.proxy, 0, 0)
        for r in damage {
            let x0 = max(0, Int((r.minX * s).rounded(.down)))
            let y0 = max(0, Int((r.minY * s).rounded(.down)))
            let x1 = min(b.width, Int((r.maxX * s).rounded(.up)))
            let y1 = min(b.height, Int((r.maxY * s).rounded(.up)))
            if x1 > x0 && y1 > y0 {
                wl_surface_damage_buffer(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            }
        }
        requestReports(frameID: frameID)
        wl_surface_commit(surface)
        pool.committed(b, damage: damage)
    }

    // MARK: LayeredCanvas

    /// Split only where the layers' whole-pt positions line up with the stage's pixels.
    var splitsStill: Bool {
        !split.lives.isEmpty && split.stillOpaque != false && !(viewport != nil && fractionalScale != nil)
    }

    func beginStill() -> PixelBuffer? {
        let (w, h) = pixelSize
        guard w > 0, h > 0, let b = pool.acquire(width: w, height: h) else { return nil }
        b.willDraw()
        split.drawingStill = b
        return canvasPixels(b)
    }

    /// A buffer over the whole canvas as pixels (its scale: pixels per pt across).
    private func canvasPixels(_ b: ShmBuffer) -> PixelBuffer {
        PixelBuffer(
            data: b.data, width: b.width, height: b.height, stride: b.stride,
            scale: Double(b.width) / sizeInPoints.width)
    }

    func endStill() {
        guard let b = split.drawingStill else { return }
        split.drawingStill = nil
        split.stillOpaque = Self.isOpaque(b)
        events.onSplit(split.stillOpaque == true)
        setOpaque(split.stillOpaque == true)
        guard split.stillOpaque == true else {
            // Drawn whole from now on; the layers show nothing.
            b.stale = nil
            for layer in split.lives { layer.hide() }
            split.banner?.hide()
            return
        }
        wl_surface_attach(surface, b.proxy(opaque: true), 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(b.width), Int32(b.height))
        split.pendingStill = b
    }

    func placeLive(covering rects: [Rect]) {
        // Before any layer draws this frame: what they may copy from.
        split.shownLayers = split.lives.compactMap(\.front)
        let placed = LiveLayerPlacement.layers(for: rects, current: liveRects, canvas: sizeInPoints)
        for (layer, rect) in zip(split.lives, placed) { layer.cover(rect) }
    }

    var liveRects: [Rect] { split.lives.map(\.rect) }

    func beginLive(_ index: Int, damage: [Rect]) -> (buffer: PixelBuffer, repaint: [Rect])? {
        split.lives.indices.contains(index)
            ? split.lives[index].begin(repainting: damage, screen: screen(leavingOut:)) : nil
    }

    /// The screen as committed, for a layer drawing into `target`: a buffer
    /// drawn into since is left out, and where it stood counts as lost.
    private func screen(leavingOut target: ShmBuffer) -> LayerBackfill.Screen {
        var layers: [PixelBuffer] = []
        var lost: [Rect] = []
        for shown in split.shownLayers {
            if let pixels = shown.intact(leavingOut: target) {
                layers.append(pixels)
            } else {
                lost.append(shown.extent)
            }
        }
        return LayerBackfill.Screen(still: split.shownStill?.intact(leavingOut: target), layers: layers, lost: lost)
    }

    func endLive(_ index: Int, damage: [Rect]) {
        if split.lives.indices.contains(index) { split.lives[index].end(damage: damage) }
    }

    func beginBanner(_ bounds: Rect) -> PixelBuffer? {
        split.banner?.cover(bounds)
        return split.banner?.begin(cleared: true)?.buffer
    }

    func endBanner() { split.banner?.end(damage: [split.banner?.rect ?? .zero]) }

    /// A cleared buffer rather than none: sway 1.7 does not repaint where a
    /// synchronized subsurface is unmapped, and the last look of the hint stayed on screen.
    func hideBanner() {
        guard let banner = split.banner else { return }
        if banner.begin(cleared: true) != nil {
            banner.end(damage: [banner.rect])
        } else {
            banner.hide()
        }
    }

    /// Tells the compositor the surface hides what is beneath it (or no
    /// longer does), so it need not draw that: sway then skips clearing and
    /// drawing the layers under an overlay that covers the output.
    private func setOpaque(_ opaque: Bool) {
        guard opaque, let region = wl_compositor_create_region(compositor) else {
            wl_surface_set_opaque_region(surface, nil)
            return
        }
        wl_region_add(region, 0, 0, Int32(sizeInPoints.width.rounded(.up)), Int32(sizeInPoints.height.rounded(.up)))
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }

    /// Every pixel fully opaque (premultiplied ARGB: alpha in the top byte).
    private static func isOpaque(_ b: ShmBuffer) -> Bool {
        for y in 0..<b.height {
            let row = (b.data + y * b.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<b.width where row[x] < 0xFF00_0000 { return false }
        }
        return true
    }

    /// The frame callback and presentation feedback of the next commit, which is frame `frameID`.
    private func requestReports(frameID: Int) {
        scheduler.request(on: surface, frameID: frameID)
        if let presentation {
            presentation.feedback(on: surface) { [weak self] report in
                guard let self else { return }
                if let report {
                    events.onPresented(frameID, report.time, report.refresh)
                } else {
                    events.onDiscarded(frameID)
                }
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
