import PointerCore

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
        /// Deadline frames taken by a later repaint than the one they were drawn for.
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

    /// The simulated display's side: commits waiting for a repaint, frame
    /// callbacks on their way, and what each repaint showed.
    private struct SimulatedDisplay {
        var refreshIndex = 0
        var pending: [Commit] = []
        var callbacks: [(arrives: Double, refresh: Double, aims: [Double])] = []
        var shown: [Shown] = []
        var onScreen: Commit?
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
    private var planner: FramePlanner
    private let clock: DisplayClock
    private let noise: SeededNoise
    private let truth: MotionTruth
    private var result = Result()

    private var nextEvent = 0
    private var scheduledDraw: Double?
    private var timer: Double?
    private var dirty = false
    /// The last draw was for input (not only an animation).
    private var byInput = false
    private var callbackPending = false
    private var uncommitted: [Double] = []
    private var display = SimulatedDisplay()
    private var drawCount = 0

    private init(scene: Scene, events: [InputEvent], setup: Setup) {
        self.setup = setup
        self.events = events.sorted { $0.time < $1.time }
        engine = PointerEngine(scene: scene)
        prediction = PointerPrediction(enabled: setup.prediction, tuning: setup.tuning)
        planner = FramePlanner(pacing: setup.pacing, timing: DeadlineEstimator(nominalPeriod: 1 / setup.refreshRate))
        clock = DisplayClock(refreshRate: setup.refreshRate, jitter: setup.jitter, seed: setup.seed)
        noise = SeededNoise(seed: setup.seed &+ 0x5EED)
        truth = MotionTruth(scene: scene, events: self.events)
    }

    private mutating func play() {
        let end = (events.last?.time ?? 0) + 0.5
        while true {
            let tInput = nextEvent < events.count ? events[nextEvent].time : Double.infinity
            let tRefresh = clock.refresh(display.refreshIndex)
            let tCallback = display.callbacks.first?.arrives ?? .infinity
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
                let cb = display.callbacks.removeFirst()
                frameCallback(at: t, refresh: cb.refresh, aims: cb.aims)
            } else if t == tDraw {
                scheduledDraw = nil
                wantFrame(at: t)
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
        let ready = display.pending.filter { $0.time <= latchBy }
        display.pending.removeAll { $0.time <= latchBy }
        if let newest = ready.last {
            let inputs = ready.flatMap(\.inputs)
            for i in inputs { result.motionToPresent.append(t - i) }
            if let oldest = inputs.min() { result.oldestToPresent.append(t - oldest) }
            display.onScreen = newest
            // A frame taken by a repaint after the one it was drawn for missed.
            result.missed += ready.filter { $0.aimedAt.map { t > $0 + clock.period / 2 } ?? false }.count
            // Each frame taken reports this repaint (its callback), which says whether it made the one it aimed at.
            display.callbacks.append((t + setup.callbackDelay, t, ready.compactMap(\.aimedAt)))
        }
        if let s = display.onScreen {
            display.shown.append(Shown(refresh: t, pointer: s.pointer, free: s.free))
            if s.free, truth.isMoving(at: t), let hand = truth.position(at: t) {
                result.error.append(s.pointer.distance(to: hand))
            }
        }
        display.refreshIndex += 1
    }

    // MARK: the host

    private mutating func arrive(_ event: InputEvent) {
        prediction.handle(event, with: engine)
        switch event.kind {
        case .motion, .position: uncommitted.append(event.time)
        default: break
        }
        dirty = true
        byInput = true
        wantFrame(at: event.time)
    }

    private mutating func frameCallback(at t: Double, refresh: Double, aims: [Double]) {
        planner.timing.observeRefresh(at: refresh)
        for aimed in aims { planner.timing.observeOutcome(aimedAt: aimed, seenAt: refresh) }
        callbackPending = false
        if dirty { wantFrame(at: t) }
    }

    /// Something changed at `t`: draw now, or arrange to, as the planner says.
    private mutating func wantFrame(at t: Double) {
        guard dirty else { return }
        switch planner.decide(now: t, byInput: byInput, awaitingFrame: callbackPending) {
        case .draw(let refresh, let planned):
            draw(at: t, for: refresh, planned: planned)
        case .wait(let until):
            if let until { scheduledDraw = until + setup.wakeJitter * noise.unit(drawCount, stream: 2) }
        }
    }

    /// Draws and commits at `t`, for the repaint at `refresh` when known
    /// (`planned`: a deadline draw, judged by whether it made it).
    private mutating func draw(at t: Double, for refresh: Double?, planned: Bool = false) {
        drawCount += 1
        result.draws += 1
        scheduledDraw = nil
        // Without a known repaint, a compositor at rest shows a commit at its next repaint.
        let presentGuess = refresh ?? (t + clock.period / 2)
        let (frame, free) = prediction.frame(of: engine, at: t, presentAt: presentGuess)
        var took = setup.drawTime * (1 + 0.3 * noise.unit(drawCount, stream: 3))
        if noise.unit(drawCount, stream: 4) < setup.spikeRate { took += setup.drawSpike }
        planner.drew(for: refresh, taking: took)
        display.pending.append(
            Commit(
                time: t + took, pointer: frame.pointer, free: free, inputs: uncommitted,
                aimedAt: planned ? refresh : nil))
        uncommitted.removeAll()
        callbackPending = true
        dirty = false
        byInput = false
        if let wake = engine.nextWakeTime(after: t) {
            if wake <= t {
                dirty = true // animating: the next frame callback (or deadline) draws again
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
            let from = turn.time - 0.03
            let to = Swift.min(turn.until, turn.time + 0.25)
            var worst = 0.0
            for s in display.shown where s.free && s.refresh >= from && s.refresh <= to {
                worst = Swift.max(worst, (s.pointer - turn.point).dot(turn.direction))
            }
            r.overshoot.append(worst)
        }
        return r
    }
}
