import PointerCore

extension SceneRenderer: PlannedRenderer {
    public var rendererName: String { "cairo" }
}
