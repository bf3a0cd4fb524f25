import PointerCore

/// Draws a scene and one `PointerFrame` into pixels: what `render`, the
/// benchmarks and the overlay's session renderer call. Two implementations: the Cairo
/// `SceneRenderer` (the reference, and the fallback) and the GL renderer
/// (target `GLRenderer`), which must draw the same frames within the parity
/// tolerance (docs/gpu-renderer.md).
///
/// Coordinates as in `SceneRenderer`: canvas pt, `scale` device pixels per pt,
/// a target surface whose top-left pixel shows canvas point `origin`. `draw`
/// replaces the pixels inside `clip` (grown to whole device pixels) and leaves
/// the others alone; draw exactly the rects `damage` returns, or everything.
public protocol FrameRenderer: AnyObject {
    /// "cairo" or "gl", for logs and benchmarks.
    var rendererName: String { get }
    /// Device pixels per point.
    var scale: Double { get }
    /// The output's size in pt, for scenes without `canvas.size`.
    var outputSize: Size? { get set }
    var canvasSize: Size { get }
    /// The canvas in device pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// What the scene's appearance assumes under transparent pixels.
    var backdropColor: RGBA { get }
    /// Where the material samples the background; nil = the stage itself.
    var backgroundSampler: BackgroundSampler? { get set }

    /// Canvas-pt rects that change from `previous` to `current` (nil = everything).
    func damage(from previous: PointerFrame?, to current: PointerFrame) -> [Rect]
    /// Everything the pointer of `frame` covers, nil when invisible.
    func pointerBounds(_ frame: PointerFrame) -> Rect?
    /// Draws `frame` (nil = the stage at rest) into `surface`, repainting only `clip`.
    func draw(frame: PointerFrame?, into surface: ImageSurface, origin: Point, clip: Rect?) throws
    /// Makes ahead what the first lift or hover of a region would otherwise make
    /// in its frame, until `timeIsUp` or `bytes` are kept; true when nothing is left.
    @discardableResult
    func prepareEffects(until timeIsUp: () -> Bool, upTo bytes: Int) -> Bool
    /// True while the pointer's look cross-fades (D20): the next frame differs
    /// even where nothing else does, so frames keep coming and include the pointer.
    var materialIsFading: Bool { get }
}

extension FrameRenderer {
    public var canvasRect: Rect { Rect(origin: .zero, size: canvasSize) }

    /// A renderer that cannot make them ahead (the GL renderer makes its own on
    /// first use) prepares nothing.
    @discardableResult
    public func prepareEffects(until timeIsUp: () -> Bool, upTo bytes: Int) -> Bool { true }

    /// A transparent surface covering the whole canvas at `scale`.
    public func makeCanvasSurface() throws -> ImageSurface {
        try ImageSurface(width: pixelWidth, height: pixelHeight)
    }

    /// The whole canvas for `frame` (nil = the stage at rest, no pointer).
    public func render(frame: PointerFrame?) throws -> ImageSurface {
        let s = try makeCanvasSurface()
        try draw(frame: frame, into: s, origin: .zero, clip: nil)
        return s
    }

    public func draw(frame: PointerFrame?, into surface: ImageSurface) throws {
        try draw(frame: frame, into: surface, origin: .zero, clip: nil)
    }

    public func draw(frame: PointerFrame?, into surface: ImageSurface, clip: Rect) throws {
        try draw(frame: frame, into: surface, origin: .zero, clip: clip)
    }

    public func draw(frame: PointerFrame?, into surface: ImageSurface, origin: Point) throws {
        try draw(frame: frame, into: surface, origin: origin, clip: nil)
    }
}
