import PointerCore

/// PointerEngine as the session's pointer logic (the session talks to a
/// `PointerLogic`, so its tests can drive it with a fake), with prediction: a freely moving
/// pointer is drawn where it will be when the frame is shown.
public final class PredictingEngine: PointerLogic {
    public private(set) var engine: PointerEngine
    private var prediction: PointerPrediction

    public init(scene: Scene, predict: Bool = true) {
        engine = PointerEngine(scene: scene)
        prediction = PointerPrediction(enabled: predict)
    }

    public func handle(_ event: InputEvent) { prediction.handle(event, with: engine) }
    public func frame(at time: Double) -> PointerFrame { engine.frame(at: time) }
    public func frame(at time: Double, presentAt presentTime: Double?) -> (frame: PointerFrame, free: Bool) {
        prediction.frame(of: engine, at: time, presentAt: presentTime)
    }
    public var truePointer: Point? { engine.modelPointer }
    public func nextWakeTime(after time: Double) -> Double? {
        earliest(engine.nextWakeTime(after: time), prediction.settleTime(after: time))
    }
    public func drainHostRequests() -> [HostRequest] { engine.drainHostRequests() }
    public func replace(scene: Scene) { engine.replace(scene: scene) }
}
