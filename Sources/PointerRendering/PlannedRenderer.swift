import PointerCore

/// A renderer that executes a `ScenePlanner`'s plans (Cairo's `SceneRenderer`,
/// the GL renderer): the canvas, its scale and the background sampler are the
/// planner's.
public protocol PlannedRenderer: FrameRenderer {
    /// The scene's layout, plans, damage and material inputs; it serves this renderer only.
    var planner: ScenePlanner { get }
}

extension PlannedRenderer {
    public var scale: Double { planner.scale }
    public var outputSize: Size? {
        get { planner.outputSize }
        set { planner.outputSize = newValue }
    }
    public var canvasSize: Size { planner.canvasSize }
    public var pixelWidth: Int { planner.pixelWidth }
    public var pixelHeight: Int { planner.pixelHeight }
    public var backdropColor: RGBA { planner.backdropColor }
    public var backgroundSampler: BackgroundSampler? {
        get { planner.backgroundSampler }
        set { planner.backgroundSampler = newValue }
    }
    public func pointerBounds(_ frame: PointerFrame) -> Rect? { planner.pointerBounds(frame) }
}
