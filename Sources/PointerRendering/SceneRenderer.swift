import PointerCore

/// Draws a scene and one `PointerFrame` with Cairo: executes its
/// `ScenePlanner`'s draw plans. The API the backends call.
///
/// Coordinates: everything is in canvas points; `scale` (any positive value,
/// e.g. 1, 1.25, 1.5, 2) maps points to device pixels. A target surface may cover
/// the whole canvas (`origin` = .zero) or only part of it (a small pointer buffer
/// placed at `origin`): surface pixel (px, py) shows canvas point
/// `origin + (px, py) / scale`.
///
/// Typical backend loop (per frame callback):
///
///     let rects = renderer.damage(from: lastFrame, to: frame)   // canvas pt
///     for r in rects { try renderer.draw(frame: frame, into: buffer, clip: r) }
///     // then damage `renderer.pixelRect(for: r)` on the compositor
///
/// `draw` clears and repaints only the clip (grown to whole device pixels), so the
/// cost of a frame scales with the damaged area, never with the output size.
/// Draw exactly the rects `damage` returns (or everything): the pointer's material
/// reads what was just painted around it, and `damage` keeps that area in one rect.
/// Blurred layers are computed once per element and cached. A scene without canvas
/// colour or image leaves every pixel outside the pointer and effects fully
/// transparent, ready to composite over a live desktop.
///
/// One renderer is used from one thread at a time (it keeps caches).
public final class SceneRenderer {
    /// The scene's layout, plans, damage and material inputs.
    public let planner: ScenePlanner
    let content: RegionContentPainter
    let effects = EffectCache()
    /// The open menu drawn once (panel and text, device pixels), laid down scaled
    /// and faded while it opens or closes (E26): those frames cost one blit.
    var openingMenu: (menu: ContextMenu, image: ImageSurface)?
    let pointerPainter = PointerPainter()
    /// False composites blurred layers whole (tests compare the two: the pixels are the same).
    var leavesHiddenEffectsOut = true

    public convenience init(scene: Scene, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil) throws {
        try self.init(planner: ScenePlanner(scene: scene, scale: scale, backgroundSampler: backgroundSampler))
    }

    /// Loads the scene's images (a missing or corrupt PNG throws `CairoError.pngRead` naming it).
    public convenience init(layout: SceneLayout, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil)
        throws
    {
        try self.init(planner: ScenePlanner(layout: layout, scale: scale, backgroundSampler: backgroundSampler))
    }

    /// Executes `planner`'s plans; the planner must serve no other renderer.
    public init(planner: ScenePlanner) {
        self.planner = planner
        content = RegionContentPainter(palette: planner.palette, images: planner.images)
        // The plan culls and damages with the extents of the layers made here.
        planner.madeLayerExtent = { [effects] i, r in effects.madeExtent(i, r) }
    }

    public var layout: SceneLayout { planner.layout }
    var palette: Palette { planner.palette }

    /// `rect` (canvas pt) grown to whole device pixels of a surface placed at `origin`.
    public func pixelRect(for rect: Rect, origin: Point = .zero) -> (x: Int, y: Int, width: Int, height: Int) {
        planner.pixelRect(for: rect, origin: origin)
    }

    /// What must be repainted (canvas pt) to go from `previous` to `current` (`ScenePlanner.damage`).
    public func damage(from previous: PointerFrame?, to current: PointerFrame) -> [Rect] {
        planner.damage(from: previous, to: current)
    }

    /// True while the pointer's look cross-fades between dark and light (D20).
    public var materialIsFading: Bool { planner.materialIsFading }

    /// The pointer's look across this renderer's frames (D20).
    var materialMemory: MaterialMemory? {
        get { planner.materialMemory }
        set { planner.materialMemory = newValue }
    }

    /// The pointer's material for `frame` (`ScenePlanner.material`).
    func material(for frame: PointerFrame, highlight: Double, drawn: ((Rect) -> RGBA?)? = nil) throws -> PointerMaterial
    {
        try planner.material(for: frame, highlight: highlight, drawn: drawn)
    }
}
