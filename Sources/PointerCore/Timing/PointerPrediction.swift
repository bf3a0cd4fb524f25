/// Prediction wired to an engine: feeds the predictor with the model pointer
/// after each motion, forgets the motion whenever the pointer jumps (placed far
/// away, left, or moved by the engine itself: recentering, a glide), and
/// shifts frames only while the engine says the pointer follows freely.
/// Hosts (the overlay session, `bench latency`) own one beside their engine.
public struct PointerPrediction: Sendable {
    public var predictor: MotionPredictor
    /// Off: frames are the engine's, exact (for comparison runs).
    public var enabled: Bool
    /// A step longer than this (pt) is a jump, not motion.
    public var jumpDistance = 400.0

    public init(enabled: Bool = true, tuning: MotionPredictor.Tuning = MotionPredictor.Tuning()) {
        self.enabled = enabled
        predictor = MotionPredictor(tuning: tuning)
    }

    /// Hands `event` to `engine` and learns from what it did to the model pointer.
    public mutating func handle(_ event: InputEvent, with engine: PointerEngine) {
        let before = engine.modelPointer
        // The engine moved the pointer on its own since the last sample.
        if let last = predictor.latest, last != before { predictor.reset() }
        engine.handle(event)
        switch event.kind {
        case .motion, .position:
            let after = engine.modelPointer
            if after.distance(to: before) > jumpDistance { predictor.reset() }
            predictor.add(after, at: event.time)
        case .leave:
            predictor.reset()
        default:
            break
        }
    }

    /// When a frame must be drawn so a pointer drawn ahead of a hand that has
    /// stopped comes back to where the hand is (nothing else may draw one: the
    /// engine has no reason to); nil when there is nothing to take back.
    public func settleTime(after time: Double) -> Double? {
        guard enabled, predictor.isTracking, let settle = predictor.settleTime, settle > time else { return nil }
        return settle
    }

    /// The engine's frame at `time`, drawn for `presentTime`: a freely moving
    /// pointer is put where it is predicted to be then. `free` says whether
    /// the frame's pointer follows the hand one to one in continuous motion
    /// (predicted or not; not just after a placement or a jump).
    public func frame(of engine: PointerEngine, at time: Double, presentAt presentTime: Double?)
        -> (frame: PointerFrame, free: Bool)
    {
        let exact = engine.frame(at: time)
        let free = engine.followsFreely && predictor.isTracking && predictor.latest == engine.modelPointer
        guard enabled, free, let presentTime else { return (exact, free) }
        let offset = predictor.offset(now: time, presentAt: presentTime)
        return (engine.predicted(exact, by: offset), true)
    }
}
