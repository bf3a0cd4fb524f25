import PointerCore
import PointerRendering

/// Memory a painter draws into: premultiplied ARGB32 in native byte order
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

    public init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double, origin: Point = .zero) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.origin = origin
    }
}

/// The pointer logic as the session sees it (PointerEngine, adapted).
public protocol OverlayModel: AnyObject {
    func handle(_ event: InputEvent)
    func frame(at time: Double) -> PointerFrame
    /// The frame to draw at `time` for a display that shows it at
    /// `presentTime`: a model that predicts draws a freely moving pointer
    /// where it will be then. `free`: the pointer follows the hand one to one.
    func frame(at time: Double, presentAt presentTime: Double?) -> (frame: PointerFrame, free: Bool)
    /// Where input last put the pointer (for drawn-vs-true statistics).
    var truePointer: Point? { get }
    /// When the model next needs a frame (session seconds), nil when at rest.
    func nextWakeTime(after time: Double) -> Double?
    func drainHostRequests() -> [HostRequest]
    func replace(scene: Scene)
}

/// Draws a frame (stage + pointer) into pixels, restricted to a clip.
public protocol OverlayPainter: AnyObject {
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
}

extension OverlayModel {
    /// Models that do not predict draw the exact frame.
    public func frame(at time: Double, presentAt presentTime: Double?) -> (frame: PointerFrame, free: Bool) {
        (frame(at: time), false)
    }
    public var truePointer: Point? { nil }
}

extension OverlayPainter {
    /// Painters that draw no pixels (test doubles) have nothing to draw a banner on.
    public func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws {}

    /// Painters that never sample (test doubles) ignore it.
    public var backgroundSampler: BackgroundSampler? {
        get { nil }
        set {}
    }
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
    /// The draw into the buffer from `beginDraw` failed: nothing is committed,
    /// and the buffer's pixels count as stale (they may be half drawn).
    func cancelDraw()
    /// Commits the buffer from `beginDraw` with the canvas-pt damage drawn.
    /// `frameID` comes back with the frame's callback and presentation
    /// reports (the session's latency and prediction statistics).
    func endDraw(damage: [Rect], frameID: Int)
}

extension OverlayCanvas {
    public var awaitingFrame: Bool { false }
    public var refreshPeriod: Double? { nil }
}
