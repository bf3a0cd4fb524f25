import PointerCore

/// What both renderers draw from: the scene laid out at a device scale, each
/// frame's placements, the draw plan (the one walk over the scene), damage,
/// the pointer's material inputs and the geometry of every effect. It paints
/// nothing: the Cairo `SceneRenderer` and the GL renderer execute its plans.
///
/// Coordinates: canvas points; `scale` (any positive value) maps points to
/// device pixels. A target whose top-left pixel shows canvas point `origin`
/// shows canvas point `origin + (px, py) / scale` at pixel (px, py).
///
/// One planner serves one renderer, from one thread at a time (it keeps the
/// look's memory and caches).
public final class ScenePlanner {
    public let layout: SceneLayout
    /// Device pixels per point.
    public let scale: Double
    /// Where the pointer material looks up the colour under the pointer. nil = the
    /// stage's own `StageBackgroundSampler`, built on first use.
    public var backgroundSampler: BackgroundSampler?
    /// The output's size in pt, for scenes whose canvas is output-sized (no
    /// `canvas.size`): a backend sets it from its output. Ignored when the scene
    /// gives a size.
    public var outputSize: Size?

    let palette: Palette
    /// The scene's images, decoded once (both renderers draw them).
    let images: SceneImages
    let placementCache: PlacementCache
    /// Each region's drawn bounds at rest (canvas pt), indexed for culling against a clip.
    let restGrid: RegionGrid
    /// Traces the pointer's outline for the GPU (and keeps its morph).
    let outliner = PointerPainter()
    /// The pointer's look across frames (D20).
    var materialMemory: MaterialMemory?
    /// The time of the last frame drawn, pointer shown or not.
    var lastDrawnTime: Double?
    /// False for the planner of the sampler's still of the stage.
    var drawsPointer = true
    /// Where layers the executing renderer has made can show pixels (a region's
    /// own pt), tighter than `effectReach`; nil where none is made. Cairo's
    /// blurred layers; the GL renderer makes none that the plan must know.
    var madeLayerExtent: ((Int, LaidOutRegion) -> Rect?)?
    var stageSampler: StageBackgroundSampler?

    public convenience init(scene: Scene, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil) throws {
        try self.init(layout: SceneLayout(scene: scene), scale: scale, backgroundSampler: backgroundSampler)
    }

    /// Loads the scene's images (a missing or corrupt PNG throws `CairoError.pngRead` naming it).
    public init(layout: SceneLayout, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil) throws {
        guard scale > 0, scale.isFinite else {
            throw CairoError.invalidSize(
                width: 0, height: 0, stride: 0, reason: "scale must be a positive number, got \(scale)")
        }
        self.layout = layout
        self.scale = scale
        self.backgroundSampler = backgroundSampler
        palette = Palette(appearance: layout.scene.appearance)
        images = try SceneImages(scene: layout.scene)
        placementCache = PlacementCache(layout: layout)
        restGrid = RegionGrid(frames: placementCache.rest.map { $0.bounds.insetBy(dx: -1, dy: -1) }, cell: 128)
    }

    /// The planner of the stage's still at `scale`, for the background sampler: no pointer.
    init(sharing other: ScenePlanner, scale: Double) {
        layout = other.layout
        self.scale = scale
        palette = other.palette
        images = other.images
        placementCache = other.placementCache
        restGrid = other.restGrid
        drawsPointer = false
        backgroundSampler = UniformBackgroundSampler(color: .clear)
    }

    /// The scene's canvas size, else `outputSize`, else the regions' bounds.
    public var canvasSize: Size { layout.scene.canvas.size ?? outputSize ?? layout.canvasSize }
    public var canvasRect: Rect { Rect(origin: .zero, size: canvasSize) }
    /// The canvas in device pixels.
    public var pixelWidth: Int { max(1, Int((canvasSize.width * scale).rounded(.up))) }
    public var pixelHeight: Int { max(1, Int((canvasSize.height * scale).rounded(.up))) }

    /// The backdrop the scene's appearance assumes under transparent pixels (what a
    /// desktop behind an overlay is taken to look like when nothing is sampled).
    public var backdropColor: RGBA { palette.backdrop }

    /// `rect` (canvas pt) grown to whole device pixels of a surface placed at `origin`.
    /// Coordinates are held to ±2^40 px (NaN counts as 0), so no input can trap the
    /// conversion to Int; real canvases are far inside that.
    public func pixelRect(for rect: Rect, origin: Point = .zero) -> (x: Int, y: Int, width: Int, height: Int) {
        func held(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -0x1p40), 0x1p40) }
        let x0 = held(((rect.minX - origin.x) * scale + 1e-6).rounded(.down))
        let y0 = held(((rect.minY - origin.y) * scale + 1e-6).rounded(.down))
        let x1 = held(((rect.maxX - origin.x) * scale - 1e-6).rounded(.up))
        let y1 = held(((rect.maxY - origin.y) * scale - 1e-6).rounded(.up))
        return (Int(x0), Int(y0), max(0, Int(x1 - x0)), max(0, Int(y1 - y0)))
    }

    /// Everything the pointer of `frame` covers (canvas pt), nil when invisible: a
    /// backend drawing the pointer into a small moving buffer sizes it from this.
    public func pointerBounds(_ frame: PointerFrame) -> Rect? {
        PointerPainter.bounds(frame.visible, hidden: frame.hidden)
    }
}
