import PointerCore

extension SceneRenderer: FrameRenderer {
    public var rendererName: String { "cairo" }
}
