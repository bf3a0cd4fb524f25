import PointerCore

/// When one canvas draws, and what it learnt of its display's repaints: the
/// frame planner (input, deadline or frame-callback pacing), whose clock the
/// display's reports teach, and when the animation was last drawn. The
/// session asks it before each draw and tells it what was drawn and shown.
struct CanvasPacing {
    private var planner: FramePlanner
    /// Reports from wp_presentation arrive: its times are the repaints (better than callbacks).
    private(set) var presentationAnswers = false
    /// When the animation was last drawn, and whether a repaint came since (AnimationPerRepaint).
    private var animationClock = AnimationPerRepaint.Clock()

    init(pacing: FramePacing, nominalPeriod: Double?) {
        planner = FramePlanner(pacing: pacing, timing: DeadlineEstimator(nominalPeriod: nominalPeriod))
    }

    var pacing: FramePacing {
        get { planner.pacing }
        set { planner.pacing = newValue }
    }
    /// The display's repaint period (s), as learnt.
    var period: Double { planner.timing.period }
    /// A deadline draw is planned.
    var hasPlan: Bool { planner.plan != nil }

    mutating func decide(now: Double, byInput: Bool, awaitingFrame: Bool) -> FramePlanner.Decision {
        planner.decide(now: now, byInput: byInput, awaitingFrame: awaitingFrame)
    }

    /// Whether a frame drawn at `now` draws the animation (the first since a repaint).
    func animationAdvances(now: Double) -> Bool { animationClock.advances(now: now, period: period) }

    /// A frame was committed for the repaint at `refresh`, `seconds` after its draw began;
    /// `animation`: it drew the animation as it is (nothing held back).
    mutating func drew(for refresh: Double?, taking seconds: Double, at now: Double, animation: Bool) {
        planner.drew(for: refresh, taking: seconds)
        if animation { animationClock.drew(at: now) }
    }

    mutating func nothingToDraw() { planner.nothingToDraw() }

    /// The canvas was resized or moved to another output.
    mutating func setNominalPeriod(_ period: Double) { planner.timing.setNominalPeriod(period) }

    /// wp_presentation reported a repaint at `at` (monotonic s) of a display
    /// refreshing every `refresh` s (0: unknown: the output's `nominalPeriod`).
    /// The first report makes its times the clock.
    mutating func presented(at: Double, refresh: Double, nominalPeriod: Double?) {
        if !presentationAnswers {
            presentationAnswers = true
            planner.timing = DeadlineEstimator(nominalPeriod: refresh > 0 ? refresh : nominalPeriod)
        }
        planner.timing.observeRefresh(at: at)
        animationClock.repainted()
    }

    /// A frame callback came at `at`: a repaint, and the clock where presentation does not answer.
    mutating func frameDone(at: Double) {
        if !presentationAnswers { planner.timing.observeRefresh(at: at) }
        animationClock.repainted()
    }

    /// A planned draw aimed at `aimedAt` was seen at `seenAt`: the deadline adapts its margin.
    mutating func observeOutcome(aimedAt: Double, seenAt: Double) {
        planner.timing.observeOutcome(aimedAt: aimedAt, seenAt: seenAt)
    }

    /// "repaint every 16.7 ms (from frame callbacks), deadline margin 2.1 ms, 3 of 380 … missed".
    var summary: String {
        let t = planner.timing
        func ms(_ s: Double) -> String { "\((s * 1e5).rounded() / 100) ms" }
        let source = presentationAnswers ? "presentation feedback" : "frame callbacks"
        return
            "repaint every \(ms(t.period)) (from \(source)), deadline margin \(ms(t.margin)), "
            + "\(t.misses) of \(t.misses + t.hits) deadline frames missed their repaint"
    }
}
