import PointerCore

/// PointerEngine as the session's model (the engine is a value; the session
/// needs one shared, mutable instance).
public final class EngineModel: OverlayModel {
    public private(set) var engine: PointerEngine

    public init(scene: Scene) { engine = PointerEngine(scene: scene) }

    public func handle(_ event: InputEvent) { engine.handle(event) }
    public func frame(at time: Double) -> PointerFrame { engine.frame(at: time) }
    public func nextWakeTime(after time: Double) -> Double? { engine.nextWakeTime(after: time) }
    public func drainHostRequests() -> [HostRequest] { engine.drainHostRequests() }
    public func replace(scene: Scene) { engine.replace(scene: scene) }
}
