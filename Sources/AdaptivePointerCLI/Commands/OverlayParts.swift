import PointerCore
import PointerHost
import WaylandBackend

/// Which pointer model and painter `run` plugs into the session. Stand-ins
/// until PointerEngine and the PointerRendering renderer are wired here.
enum OverlayParts {
    static func model(for scene: Scene) -> OverlayModel { StandInModel(scene: scene) }
    static func painter(for scene: Scene) -> OverlayPainter { TestPatternPainter(scene: scene) }
}
