import PointerCore
import PointerHost

/// The pointer logic and renderer `run` plugs into a session, whatever the backend.
enum OverlayParts {
    static func logic(for scene: Scene, predict: Bool = true) -> PointerLogic {
        PredictingEngine(scene: scene, predict: predict)
    }

    /// Throws when the scene's images cannot be loaded.
    static func renderer(for scene: Scene, choice: RendererChoice, log: @escaping (String) -> Void) throws
        -> SessionRenderer
    {
        let renderer = try SessionRenderer(scene: scene, factory: RendererFactory(choice: choice, log: log))
        renderer.log = log
        return renderer
    }
}
