/// `bench latency`'s model of a host drawing for a display, with no real
/// clock: input arrives at its trace times; the display repaints on a jittery
/// clock and latches the newest commit made `latchLead` before each repaint;
/// frame callbacks (with the repaint's time, as wp_presentation gives it)
/// reach the host `callbackDelay` later. The host follows a `FramePacing`
/// and, with prediction, draws a freely moving pointer where it is predicted
/// to be at the repaint it aims for. Every noise source is seeded: the same
/// setup gives the same figures.
public struct LatencySimulation {
    public struct Setup: Sendable {
        public var refreshRate: Double
        public var pacing: FramePacing
        public var prediction: Bool
        public var tuning = MotionPredictor.Tuning()
        /// Display clock jitter, ± (s).
        public var jitter = 0.0005
        public var seed: UInt64 = 1
        /// A typical draw + commit (s); each draw takes up to 30 % more.
        public var drawTime = 0.0006
        /// An occasional slow draw (s), at `spikeRate` of draws.
        public var drawSpike = 0.004
        public var spikeRate = 0.02
        /// Timers fire up to this late (s).
        public var wakeJitter = 0.0005
        /// The compositor takes commits made at least this long before a repaint (s).
        public var latchLead = 0.001
        /// Frame callbacks reach the host this long after the repaint (s).
        public var callbackDelay = 0.0003

        public init(refreshRate: Double, pacing: FramePacing, prediction: Bool) {
            self.refreshRate = refreshRate
            self.pacing = pacing
            self.prediction = prediction
        }
    }

    public struct Result: Sendable {
        /// Per motion event: arrival → the repaint that first shows it (s).
        public var motionToPresent: [Double] = []
        /// Per shown frame: its oldest new input → the repaint (s).
        public var oldestToPresent: [Double] = []
        /// Per repaint while the hand moves and the pointer follows freely:
        /// drawn pointer vs where the hand is at that repaint (pt).
        public var error: [Double] = []
        /// Per stop or reversal: how far the drawn pointer went past the
        /// point where the hand turned, along its way in (pt).
        public var overshoot: [Double] = []
        public var draws = 0
        /// Frames that missed the repaint they were drawn for (deadline pacing).
        public var missed = 0
        public var duration = 0.0

        public init() {}
    }

    private struct Commit {
        var time: Double
        var pointer: Point
        var free: Bool
        var inputs: [Double]
        var aimedAt: Double?
    }

    private struct Shown {
        var refresh: Double
        var pointer: Point
        var free: Bool
    }

    public static func run(scene: Scene, events: [InputEvent], setup: Setup) -> Result {
        var sim = LatencySimulation(scene: scene, events: events, setup: setup)
        sim.play()
        return sim.finish()
    }

    private let setup: Setup
    private let events: [InputEvent]
    private let engine: PointerEngine
    private var prediction: PointerPrediction
    private var estimator: DeadlineEstimator
    private let clock: DisplayClock
    private let noise: SeededNoise
    private let truth: MotionTruth
    private var result = Result()

    private var nextEvent = 0
    private var refreshIndex = 0
    private var scheduledDraw: Double?
    /// The repaint the scheduled draw is for.
    private var scheduledFor: Double?
    private var timer: Double?
    private var dirty = false
    private var callbackPending = false
    private var uncommitted: [Double] = []
    private var pending: [Commit] = []
    private var callbacks: [(arrives: Double, refresh: Double, aimedAt: Double?)] = []
    private var shown: [Shown] = []
    private var onScreen: Commit?
    private var drawCount = 0

    private init(scene: Scene, events: [InputEvent], setup: Setup) {
        self.setup = setup
        self.events = events.sorted { $0.time < $1.time }
        engine = PointerEngine(scene: scene)
        prediction = PointerPrediction(enabled: setup.prediction, tuning: setup.tuning)
        estimator = DeadlineEstimator(nominalPeriod: 1 / setup.refreshRate)
        clock = DisplayClock(refreshRate: setup.refreshRate, jitter: setup.jitter, seed: setup.seed)
        noise = SeededNoise(seed: setup.seed &+ 0x5EED)
        truth = MotionTruth(scene: scene, events: self.events)
    }

    private mutating func play() {
        let end = (events.last?.time ?? 0) + 0.5
        while true {
            let tInput = nextEvent < events.count ? events[nextEvent].time : Double.infinity
            let tRefresh = clock.refresh(refreshIndex)
            let tCallback = callbacks.first?.arrives ?? .infinity
            let tDraw = scheduledDraw ?? .infinity
            let tTimer = timer ?? .infinity
            let t = Swift.min(tInput, tRefresh, tCallback, tDraw, tTimer)
            if t > end && nextEvent >= events.count { break }
            if t == tRefresh {
                repaint(at: t)
            } else if t == tInput {
                arrive(events[nextEvent])
                nextEvent += 1
            } else if t == tCallback {
                let cb = callbacks.removeFirst()
                frameCallback(at: t, refresh: cb.refresh, aimedAt: cb.aimedAt)
            } else if t == tDraw {
                scheduledDraw = nil
                draw(at: t, for: scheduledFor)
                scheduledFor = nil
            } else {
                timer = nil
                dirty = true
                wantFrame(at: t)
            }
        }
        result.duration = end
    }

    // MARK: the display

    private mutating func repaint(at t: Double) {
        let latchBy = t - setup.latchLead
        let ready = pending.filter { $0.time <= latchBy }
        pending.removeAll { $0.time <= latchBy }
        if let newest = ready.last {
            let inputs = ready.flatMap(\.inputs)
            for i in inputs { result.motionToPresent.append(t - i) }
            if let oldest = inputs.min() { result.oldestToPresent.append(t - oldest) }
            onScreen = newest
            for c in ready {
                if let aimed = c.aimedAt, t > aimed + clock.period / 2 { result.missed += 1 }
            }
            callbacks.append((t + setup.callbackDelay, t, ready.compactMap(\.aimedAt).last))
        }
        if let s = onScreen {
            shown.append(Shown(refresh: t, pointer: s.pointer, free: s.free))
            if s.free, truth.isMoving(at: t), let hand = truth.position(at: t) {
                result.error.append(s.pointer.distance(to: hand))
            }
        }
        refreshIndex += 1
    }

    // MARK: the host

    private mutating func arrive(_ event: InputEvent) {
        prediction.handle(event, with: engine)
        switch event.kind {
        case .motion, .position: uncommitted.append(event.time)
        default: break
        }
        dirty = true
        wantFrame(at: event.time)
    }

    private mutating func frameCallback(at t: Double, refresh: Double, aimedAt: Double?) {
        estimator.observeRefresh(at: refresh)
        if let aimedAt { estimator.observeOutcome(aimedAt: aimedAt, seenAt: refresh) }
        callbackPending = false
        if dirty { wantFrame(at: t) }
    }

    /// Something changed at `t`: draw now, or arrange to, as the pacing says.
    private mutating func wantFrame(at t: Double) {
        guard dirty else { return }
        switch setup.pacing {
        case .frameCallback:
            if !callbackPending { draw(at: t) }
        case .onInput:
            draw(at: t)
        case .deadline:
            guard scheduledDraw == nil else { return }
            if let s = estimator.schedule(now: t) {
                scheduledDraw = Swift.max(t, s.drawAt) + setup.wakeJitter * noise.unit(drawCount, stream: 2)
                scheduledFor = s.refresh
            } else {
                draw(at: t)
            }
        }
    }

    /// Draws and commits at `t`, for the repaint at `refresh` when a deadline was set for one.
    private mutating func draw(at t: Double, for refresh: Double? = nil) {
        drawCount += 1
        result.draws += 1
        let aimed = refresh ?? estimator.schedule(now: t)?.refresh
        // Without a known phase, a compositor at rest shows a commit at its next repaint.
        let presentGuess = aimed ?? (t + clock.period / 2)
        let (frame, free) = prediction.frame(of: engine, at: t, presentAt: presentGuess)
        var took = setup.drawTime * (1 + 0.3 * noise.unit(drawCount, stream: 3))
        if noise.unit(drawCount, stream: 4) < setup.spikeRate { took += setup.drawSpike }
        estimator.observeDraw(taking: took)
        pending.append(Commit(time: t + took, pointer: frame.pointer, free: free, inputs: uncommitted,
                              aimedAt: setup.pacing == .deadline ? aimed : nil))
        uncommitted.removeAll()
        callbackPending = true
        dirty = false
        if let wake = engine.nextWakeTime(after: t) {
            if wake <= t {
                dirty = true  // animating: the next repaint's callback (or deadline) draws again
                if setup.pacing == .deadline { wantFrame(at: t + took) }
            } else {
                timer = wake
            }
        } else {
            timer = nil
        }
    }

    private func finish() -> Result {
        var r = result
        // Overshoot at each stop and reversal: the shown pointer past the turning point.
        for turn in truth.turns() {
            let from = turn.time - 0.03, to = Swift.min(turn.until, turn.time + 0.25)
            var worst = 0.0
            for s in shown where s.free && s.refresh >= from && s.refresh <= to {
                worst = Swift.max(worst, (s.pointer - turn.point).dot(turn.direction))
            }
            r.overshoot.append(worst)
        }
        return r
    }
}
