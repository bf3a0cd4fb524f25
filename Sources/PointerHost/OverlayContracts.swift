import GLRenderer
import PointerCore
import PointerRendering

/// Memory a renderer draws into: premultiplied ARGB32 in native byte order
/// (Cairo's CAIRO_FORMAT_ARGB32 = wl_shm ARGB8888 = xcb depth-32 on little endian).
public struct PixelBuffer {
    public var data: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    /// Bytes per row.
    public var stride: Int
    /// Pixels per canvas point (output scale, possibly fractional).
    public var scale: Double
    /// The canvas point the top-left pixel shows (a buffer covering part of the canvas).
    public var origin: Point

    public init(
        data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double, origin: Point = .zero
    ) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.origin = origin
    }
}

/// What a canvas hands the renderer for one frame.
public enum DrawTarget {
    /// CPU memory (wl_shm, MIT-SHM): every renderer draws into it.
    case pixels(PixelBuffer)
    /// An EGL window surface: a GL renderer draws into its framebuffer, the
    /// canvas presents it (`GLWindowSurface.present`).
    case window(GLWindowSurface)
}

/// A renderer was handed a window surface it cannot draw (it draws with the CPU).
public struct RendererCannotDrawWindows: Error, CustomStringConvertible {
    public var description: String { "this renderer draws into CPU buffers, not EGL window surfaces" }
}

/// The pointer logic as the session sees it (PointerEngine, adapted).
public protocol PointerLogic: AnyObject {
    func handle(_ event: InputEvent)
    func frame(at time: Double) -> PointerFrame
    /// The frame to draw at `time` for a display that shows it at
    /// `presentTime`: logic that predicts draws a freely moving pointer
    /// where it will be then. `free`: the pointer follows the hand one to one.
    func frame(at time: Double, presentAt presentTime: Double?) -> (frame: PointerFrame, free: Bool)
    /// Where input last put the pointer (for drawn-vs-true statistics).
    var truePointer: Point? { get }
    /// When the logic next needs a frame (session seconds), nil when at rest.
    func nextWakeTime(after time: Double) -> Double?
    func drainHostRequests() -> [HostRequest]
    func replace(scene: Scene)
}

/// Draws a frame (stage + pointer) into pixels, restricted to a clip.
public protocol OverlayRenderer: AnyObject {
    /// Canvas-pt rectangles whose pixels differ between `old` and `new`;
    /// `old == nil` means everything.
    func damage(from old: PointerFrame?, to new: PointerFrame, canvasSize: Size) -> [Rect]
    /// Draws `frame` into `buffer`, touching only pixels inside `clip` (canvas pt).
    func draw(_ frame: PointerFrame, into buffer: PixelBuffer, clip: [Rect]) throws
    /// Draws `banner` over what `draw` painted, touching only pixels inside `clip`.
    func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws
    /// Later draws use `scene`. Throws, keeping the current stage, when the
    /// scene cannot be drawn (an unreadable image).
    func replace(scene: Scene) throws
    /// Where the material samples the background; nil = the stage itself. An
    /// overlay over a real desktop passes a sampler of the screen.
    var backgroundSampler: BackgroundSampler? { get set }
    /// Draws `frame` into a canvas's target (memory, or a GL window surface).
    func draw(_ frame: PointerFrame, into target: DrawTarget, clip: [Rect]) throws
    /// Draws `banner` over what `draw` painted into `target`.
    func drawBanner(_ banner: Banner, into target: DrawTarget, canvasSize: Size, clip: [Rect]) throws
    /// A GL context on `platform` to draw canvases that present through EGL window
    /// surfaces; nil when this renderer draws with the CPU or GL cannot start there.
    func windowContext(for platform: GLContext.Platform) -> GLContext?
    /// The backend is about to close its window system connection: drop what was
    /// made on a context from `windowContext(for:)`.
    func windowSystemClosing()
    /// True while the pointer's look cross-fades (D20): frames keep coming after
    /// everything else has come to rest, and none is a pure translation.
    var materialIsFading: Bool { get }
}

extension PointerLogic {
    /// Models that do not predict draw the exact frame.
    public func frame(at time: Double, presentAt presentTime: Double?) -> (frame: PointerFrame, free: Bool) {
        (frame(at: time), false)
    }
    public var truePointer: Point? { nil }
}

extension OverlayRenderer {
    /// Renderers that draw no material (test doubles) never fade.
    public var materialIsFading: Bool { false }

    /// Renderers that draw no pixels (test doubles) have nothing to draw a banner on.
    public func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws {}

    /// Renderers that never sample (test doubles) ignore it.
    public var backgroundSampler: BackgroundSampler? {
        get { nil }
        set {}
    }

    /// CPU renderers draw memory targets only.
    public func draw(_ frame: PointerFrame, into target: DrawTarget, clip: [Rect]) throws {
        guard case .pixels(let buffer) = target else { throw RendererCannotDrawWindows() }
        try draw(frame, into: buffer, clip: clip)
    }

    public func drawBanner(_ banner: Banner, into target: DrawTarget, canvasSize: Size, clip: [Rect]) throws {
        guard case .pixels(let buffer) = target else { throw RendererCannotDrawWindows() }
        try drawBanner(banner, into: buffer, canvasSize: canvasSize, clip: clip)
    }

    public func windowContext(for platform: GLContext.Platform) -> GLContext? { nil }

    public func windowSystemClosing() {}
}

/// One on-screen surface a backend offers the session (a layer surface or a
/// fullscreen window per output). All coordinates are canvas pt: a canvas
/// shows the stage with its top-left at the canvas origin.
public protocol OverlayCanvas: AnyObject {
    var canvasID: Int { get }
    /// For logs: the output's name.
    var canvasName: String { get }
    var sizeInPoints: Size { get }
    /// Configured and a buffer free: a frame could be drawn now.
    var isReadyToDraw: Bool { get }
    /// A commit's frame callback is still outstanding (frame-callback pacing waits for it).
    var awaitingFrame: Bool { get }
    /// The output's nominal refresh period (s), when the display reports one.
    var refreshPeriod: Double? { get }
    /// A buffer to draw into, with the canvas-pt areas that are stale in it
    /// beyond the next damage (nil = all of it: a fresh or resized buffer).
    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)?
    /// The target of the next frame: `beginDraw`'s buffer, or a GL window surface.
    func beginFrame() -> (target: DrawTarget, stale: [Rect]?)?
    /// The draw into the buffer from `beginDraw` failed: nothing is committed,
    /// and the buffer's pixels count as stale (they may be half drawn).
    func cancelDraw()
    /// Commits the buffer from `beginDraw` with the canvas-pt damage drawn.
    /// `frameID` comes back with the frame's callback and presentation
    /// reports (the session's latency and prediction statistics).
    func endDraw(damage: [Rect], frameID: Int)
    /// Before `beginFrame`: the next frame draws within `drawing()` (canvas pt;
    /// asked only by a canvas smaller than its output, which places its buffer
    /// over it; what it showed elsewhere goes when it moves away).
    func prepareFrame(drawing: () -> [Rect])
    /// How the session shows frames here: drawn whole, translated, or layered.
    var presentation: CanvasPresentation { get }
}

extension OverlayCanvas {
    public var awaitingFrame: Bool { false }
    public var refreshPeriod: Double? { nil }
    public func prepareFrame(drawing: () -> [Rect]) {}
    public var presentation: CanvasPresentation { .whole }
}

/// A canvas that can move what it shows as a whole (the X11 overlay's
/// pointer-sized window): a frame that only moves the pointer costs no repaint.
public protocol TranslatingCanvas: OverlayCanvas {
    /// The next frame is the shown one moved by `offset` (canvas pt), nothing
    /// else changed: move what is shown and return true; false means draw the frame.
    func translate(by offset: Point) -> Bool
}

extension TranslatingCanvas {
    public var presentation: CanvasPresentation { .translating(self) }
}

extension OverlayCanvas {
    /// Canvases of CPU buffers: `beginDraw`'s buffer.
    public func beginFrame() -> (target: DrawTarget, stale: [Rect]?)? {
        beginDraw().map { (.pixels($0.buffer), $0.stale) }
    }
}

/// A canvas that shows the stage at rest on its own full-size surface and the
/// pointer with whatever moves in a small layer above it (Wayland: a
/// subsurface holding that part of the frame, stage beneath included), so the
/// still stage needs one full-size buffer, not two. The banner has a layer of
/// its own; what differs in places far apart gets a live layer each. Everything
/// drawn is shown together by `endDraw`.
public protocol LayeredCanvas: OverlayCanvas {
    /// Frames go to the small layer now; false: the canvas is drawn whole, as a plain canvas.
    var splitsStill: Bool { get }
    /// A buffer over the whole canvas for the stage at rest; nil when none is free yet.
    func beginStill() -> PixelBuffer?
    /// The still stage was drawn into `beginStill`'s buffer. A stage that is not
    /// opaque everywhere cannot be split (the layer would show it twice):
    /// `splitsStill` turns false.
    func endStill()
    /// The next frame's live layers must cover `rects` (canvas pt): where the
    /// frame differs from the still stage (LiveLayerPlacement.layers).
    func placeLive(covering rects: [Rect])
    /// The live layers (canvas pt, whole pt) by index; an empty one is not used.
    var liveRects: [Rect] { get }
    /// A buffer for live layer `index` and what to repaint in it: `damage`
    /// (canvas pt) within the layer plus what is stale in the buffer. nil:
    /// nothing to repaint there, or no buffer free.
    func beginLive(_ index: Int, damage: [Rect]) -> (buffer: PixelBuffer, repaint: [Rect])?
    /// Layer `index` was repainted; `damage` (canvas pt) is what changed in
    /// this frame there. It is shown with `endDraw`.
    func endLive(_ index: Int, damage: [Rect])
    /// A cleared buffer over `bounds` (canvas pt, whole) for the banner; nil when none is free yet.
    func beginBanner(_ bounds: Rect) -> PixelBuffer?
    func endBanner()
    func hideBanner()
}

extension LayeredCanvas {
    public var presentation: CanvasPresentation { .layered(self) }
}
