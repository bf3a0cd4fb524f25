import PointerCore
import PointerHost

/// The pointer model and painter `run` plugs into a session, whatever the backend.
enum OverlayParts {
    static func model(for scene: Scene, predict: Bool = true) -> OverlayModel {
        EngineModel(scene: scene, predict: predict)
    }

    /// Throws when the scene's images cannot be loaded.
    static func painter(for scene: Scene, renderer: RendererChoice, log: @escaping (String) -> Void) throws
        -> RendererPainter
    {
        let painter = try RendererPainter(scene: scene, factory: RendererFactory(choice: renderer, log: log))
        painter.log = log
        return painter
    }
}
