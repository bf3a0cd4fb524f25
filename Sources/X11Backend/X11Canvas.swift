import CXCB
import GLRenderer
import PointerCore
import PointerHost

/// One monitor's window as a session canvas, double-buffered in shared memory:
/// the session draws into one buffer while the server may still read the
/// other. Each buffer remembers what was drawn into the other since it was
/// last used (`stale`), so every frame repaints only damage. With the GL
/// renderer (stage windows), frames are drawn into an EGL window surface on the
/// window instead and presented by EGL. The overlay's window and buffers cover
/// only what is drawn and move with it (X11Canvas+Sprite).
final class X11Canvas: TranslatingCanvas {
    let canvasID: Int
    let window: X11Window
    private(set) var scale: Double
    private var buffers: [ImageBuffer] = []
    /// Per buffer: canvas-pt areas that changed since it was drawn (nil = everything).
    private var stale: [[Rect]?] = [nil, nil]
    private var next = 0
    private var drawing: Int?
    /// The buffer on screen, for Expose and for un-compositing screen samples;
    /// kept over new buffers until they are shown (the screen still shows it).
    private(set) var presented: ImageBuffer?
    /// Where the presented buffer's top-left is on the monitor (pixels).
    var presentedOrigin = (x: 0, y: 0)
    var hooks = X11CanvasHooks()
    /// The EGL window surface frames go to, when the GL renderer draws this window.
    private var egl: GLWindowSurface?
    private var drawingEGL = false
    /// Composited overlay: the part of the monitor the window covers.
    var sprite = X11SpriteArea()
    /// Whether the buffer being drawn is all stale (its whole area is uploaded).
    var drawingWhole = false
    /// Moved since the desktop under the material was last compared: look again later.
    var backdropUnverified = false

    init(id: Int, window: X11Window, scale: Double, gl: GLContext? = nil) throws {
        canvasID = id
        self.window = window
        self.scale = scale
        if let gl {
            var xid = window.id
            egl = try GLWindowSurface(
                context: gl, nativeWindow: &xid, width: window.frame.width, height: window.frame.height,
                scale: scale, visualID: window.visual, alpha: window.depth == 32)
        } else {
            if isSprite { sprite.rect = initialSpriteRect() }
            try makeBuffers()
            if isSprite { window.place(sprite.rect) }
        }
    }

    var usesEGL: Bool { egl != nil }

    func makeBuffers() throws {
        let c = window.connection
        let (w, h) = isSprite ? (sprite.rect.width, sprite.rect.height) : (window.frame.width, window.frame.height)
        buffers = [
            try ImageBuffer(connection: c, width: w, height: h), try ImageBuffer(connection: c, width: w, height: h),
        ]
        stale = [nil, nil]
        next = 0
    }

    /// All of both buffers must be drawn again (the window moved or was resized).
    func staleEverywhere() { stale = [nil, nil] }

    var monitor: Monitor { window.frame }
    var canvasName: String { window.frame.name }
    var sizeInPoints: Size {
        Size(width: Double(window.frame.width) / scale, height: Double(window.frame.height) / scale)
    }
    var isReadyToDraw: Bool {
        if egl != nil { return !drawingEGL && nextFrameTime <= MonotonicClock.now() }
        return drawing == nil && !buffers[next].uploadPending && nextFrameTime <= MonotonicClock.now()
    }
    /// Plain X11 has no frame callback: frames are paced to the monitor's refresh
    /// interval (RandR), 60 Hz when its mode does not state one.
    var frameInterval: Double { 1 / (monitor.refresh ?? 60) }
    var lastPresent = -Double.infinity
    /// When the canvas may show its next frame.
    var nextFrameTime: Double { lastPresent + frameInterval }
    var usesSharedMemory: Bool { buffers.first?.usesSharedMemory ?? false }

    /// The monitor moved or changed size, or the scale changed: fresh buffers.
    func reconfigure(monitor: Monitor, scale: Double) throws {
        window.move(to: monitor)
        self.scale = scale
        if let egl { return egl.resize(width: monitor.width, height: monitor.height, scale: scale) }
        try resetPlacement()
    }

    /// A compositor started or stopped: the window switches between the ARGB
    /// look and the shaped one. Everything is drawn again.
    func setComposited(_ composited: Bool) throws {
        window.setComposited(composited)
        if egl == nil { try resetPlacement() }
        invalidate()
    }

    private func resetPlacement() throws {
        presented = nil // what it showed no longer stands for what is on screen
        sprite.content = .zero
        sprite.moveResidual = .zero
        sprite.movedSincePaint = .zero
        if isSprite {
            sprite.rect = initialSpriteRect()
            try makeBuffers()
            window.place(sprite.rect)
        } else {
            window.place(window.bounds)
            try makeBuffers()
        }
    }

    /// Everything must be drawn again (compositor came or went).
    func invalidate() {
        stale = [nil, nil]
        egl?.invalidate()
    }

    func beginFrame() -> (target: DrawTarget, stale: [Rect]?)? {
        guard let egl else { return beginDraw().map { (.pixels($0.buffer), $0.stale) } }
        guard isReadyToDraw else { return nil }
        drawingEGL = true
        hooks.willDraw()
        return (.window(egl), egl.needsFullFrame ? nil : [])
    }

    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)? {
        guard egl == nil, isReadyToDraw else { return nil }
        let b = buffers[next]
        drawing = next
        drawingWhole = stale[next] == nil
        hooks.willDraw()
        let origin = Point(x: Double(sprite.rect.x) / scale, y: Double(sprite.rect.y) / scale)
        if isSprite {
            // A fresh or moved buffer: all of it, which is little.
            let all = Rect(x: origin.x, y: origin.y, width: Double(b.width) / scale, height: Double(b.height) / scale)
            return (
                PixelBuffer(
                    data: b.data, width: b.width, height: b.height, stride: b.stride, scale: scale, origin: origin),
                stale[next] ?? [all]
            )
        }
        return (
            PixelBuffer(data: b.data, width: b.width, height: b.height, stride: b.stride, scale: scale), stale[next]
        )
    }

    func cancelDraw() {
        if let i = drawing { stale[i] = nil }
        drawing = nil
        if drawingEGL { egl?.invalidate() }
        drawingEGL = false
    }

    func endDraw(damage: [Rect], frameID: Int) {
        if let egl, drawingEGL {
            drawingEGL = false
            do { try egl.present(damage: damage) } catch { egl.invalidate() }
            lastPresent = MonotonicClock.now()
            return
        }
        guard let i = drawing else { return }
        drawing = nil
        let b = buffers[i]
        var pixels = damage.map { pixelRect($0) }
        if isSprite {
            // Window pixels: the buffer covers `spriteRect` of the monitor.
            pixels =
                drawingWhole
                ? [PixelRect(x: 0, y: 0, width: b.width, height: b.height)]
                : pixels.map {
                    PixelRect(x: $0.x - sprite.rect.x, y: $0.y - sprite.rect.y, width: $0.width, height: $0.height)
                }
        }
        hooks.beforePresent(b, pixels)
        if isSprite && window.shaped { window.place(sprite.rect) }
        window.present(b, damage: pixels)
        presented = b
        presentedOrigin = bufferOrigin
        lastPresent = MonotonicClock.now()
        if isSprite {
            painted(b)
            hooks.didShow()
        }
        stale[i] = []
        let other = 1 - i
        if stale[other] != nil { stale[other]! += damage }
        next = other
    }

    /// A ShmCompletion for segment `seg`.
    func uploadCompleted(seg: UInt32) -> Bool {
        guard let b = buffers.first(where: { $0.shmSeg == seg }) else { return false }
        b.uploadCompleted()
        return true
    }

    /// Expose: copy the shown pixels again (X11Window.exposed). Returns whether it copied.
    func exposed(_ rect: PixelRect, sequence: UInt16, remaining: UInt16) -> Bool {
        if let egl {
            if remaining == 0 { try? egl.presentAgain() }
            return remaining == 0
        }
        // Not while new buffers wait to be shown: the window was resized, and it
        // is drawn whole next frame.
        guard let presented, presented === buffers.first || presented === buffers.last else { return false }
        return window.exposed(rect, sequence: sequence, remaining: remaining, showing: presented)
    }

    /// Canvas pt → window pixels, rounded outwards.
    func pixelRect(_ r: Rect) -> PixelRect {
        let x0 = Int((r.minX * scale).rounded(.down))
        let y0 = Int((r.minY * scale).rounded(.down))
        let x1 = Int((r.maxX * scale).rounded(.up))
        let y1 = Int((r.maxY * scale).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
