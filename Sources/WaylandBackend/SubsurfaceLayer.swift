import CWaylandClient
import PointerCore
import PointerHost

/// A small surface above the overlay's surface (a synchronized wl_subsurface)
/// showing part of the canvas: a live layer (the pointer and whatever moves,
/// over the stage beneath it) or the banner. Its buffers are only as large as
/// what it covers, and what it commits is shown with the parent's next commit,
/// so the layers and the stage change together.
final class SubsurfaceLayer {
    let surface: OpaquePointer
    private let subsurface: OpaquePointer
    private let pool: BufferPool
    private var drawing: ShmBuffer?
    /// What `begin(repainting:)` said to repaint: the compositor's damage at `end`.
    private var repainting: [Rect]?
    /// The canvas pt covered (whole pt, so the layer's pixels line up with the stage's).
    private(set) var rect = Rect.zero
    private var position: (x: Int32, y: Int32)?
    /// Pixels per pt (integer buffer scales only).
    private var scale = 1
    /// Every pixel drawn is opaque (a live layer over an opaque stage).
    private let opaque: Bool
    /// The buffer last committed, as committed.
    private(set) var front: CommittedPixels?

    init?(
        compositor: OpaquePointer, subcompositor: OpaquePointer, parent: OpaquePointer, shm: OpaquePointer,
        opaque: Bool
    ) {
        guard let s = wl_compositor_create_surface(compositor) else { return nil }
        guard let sub = wl_subcompositor_get_subsurface(subcompositor, s, parent) else {
            wl_surface_destroy(s)
            return nil
        }
        surface = s
        subsurface = sub
        self.opaque = opaque
        pool = BufferPool(shm: shm)
        pool.onReturned = { [unowned self] in catchUp($0) }
        // Input goes to the overlay's surface underneath, as if the layer were not there.
        if let empty = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(s, empty)
            wl_region_destroy(empty)
        }
    }

    deinit {
        drawing = nil
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    var onRelease: () -> Void {
        get { pool.onRelease }
        set { pool.onRelease = newValue }
    }

    func setScale(_ s: Int) {
        scale = max(1, s)
        wl_surface_set_buffer_scale(surface, Int32(scale))
        front = nil
        pool.invalidateAll()
    }

    private var pixelSize: (width: Int, height: Int) { (Int(rect.width) * scale, Int(rect.height) * scale) }

    var hasFreeBuffer: Bool { rect.isEmpty || pool.hasFree(width: pixelSize.width, height: pixelSize.height) }

    /// Covers `r` from the next frame on; a moved layer is drawn whole.
    func cover(_ r: Rect) {
        guard r != rect else { return }
        rect = r
        pool.invalidateAll()
    }

    /// A buffer over `rect`, with the canvas-pt areas stale in it (nil: all of it).
    func begin(cleared: Bool = false) -> (buffer: PixelBuffer, stale: [Rect]?)? {
        let (w, h) = pixelSize
        guard w > 0, h > 0, let b = pool.acquire(width: w, height: h) else { return nil }
        b.willDraw()
        drawing = b
        if cleared { b.data.initializeMemory(as: UInt8.self, repeating: 0, count: b.byteCount) }
        return (pixels(of: b), b.stale)
    }

    private func pixels(of b: ShmBuffer) -> PixelBuffer {
        PixelBuffer(
            data: b.data, width: b.width, height: b.height, stride: b.stride, scale: Double(scale), origin: rect.origin)
    }

    /// A buffer over `rect` and what to draw in it: what it lacks is first
    /// copied from `screen` (the screen as committed, this buffer left out:
    /// LayerBackfill), so that is `damage` (canvas pt) within the layer plus
    /// what no copy held. nil when the layer need not be drawn.
    func begin(repainting damage: [Rect], screen: (ShmBuffer) -> LayerBackfill.Screen) -> (
        buffer: PixelBuffer, repaint: [Rect]
    )? {
        let (w, h) = pixelSize
        guard w > 0, h > 0, let b = pool.acquire(width: w, height: h) else { return nil }
        let buffer = pixels(of: b)
        guard let repaint = LayerBackfill.prepare(buffer, rect: rect, damage: damage, stale: b.stale, screen: screen(b))
        else { return nil } // the buffer stays free, its pixels untouched
        b.willDraw()
        drawing = b
        repainting = repaint
        return (buffer, repaint)
    }

    /// A buffer given back lacks what was committed since it was drawn: copied
    /// now from the front buffer, between frames, rather than by the next
    /// frame, which may be one held to a repaint that is about to come.
    private func catchUp(_ b: ShmBuffer) {
        let (w, h) = pixelSize
        guard drawing == nil, let stale = b.stale, !stale.isEmpty, b.width == w, b.height == h,
            let shown = front?.intact(leavingOut: b), LayerBackfill.extent(shown) == rect
        else { return }
        b.willDraw()
        b.stale = LayerBackfill.catchUp(pixels(of: b), stale: stale, from: shown)
    }

    func cancel() {
        drawing?.stale = nil
        drawing = nil
        repainting = nil
    }

    /// Attaches the drawn buffer and moves the layer; shown with the parent's
    /// next commit. `damage` (canvas pt) is what changed in this frame: the
    /// other buffer lacks it. The compositor is told of all that was repainted.
    func end(damage: [Rect]) {
        guard let b = drawing else { return }
        drawing = nil
        let repainted = repainting ?? damage
        repainting = nil
        wl_surface_attach(surface, b.proxy(opaque: opaque), 0, 0)
        let s = Double(scale)
        for r in repainted {
            let x0 = max(0, Int(((r.minX - rect.minX) * s).rounded(.down)))
            let y0 = max(0, Int(((r.minY - rect.minY) * s).rounded(.down)))
            let x1 = min(b.width, Int(((r.maxX - rect.minX) * s).rounded(.up)))
            let y1 = min(b.height, Int(((r.maxY - rect.minY) * s).rounded(.up)))
            if x1 > x0 && y1 > y0 {
                wl_surface_damage_buffer(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            }
        }
        let at = (x: Int32(rect.minX), y: Int32(rect.minY))
        if position.map({ $0 != at }) ?? true {
            wl_subsurface_set_position(subsurface, at.x, at.y)
            position = at
        }
        wl_surface_commit(surface)
        pool.committed(b, damage: damage)
        front = CommittedPixels(b, as: pixels(of: b))
    }

    /// Shows nothing from the parent's next commit on.
    func hide() {
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
        rect = .zero
        front = nil
        pool.invalidateAll()
    }
}
