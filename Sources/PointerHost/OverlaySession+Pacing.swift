import PointerCore

/// When frames are drawn, and what the display's reports teach about that.
///
/// - `deadline`: a canvas that needs a frame draws it `margin` before the
///   display's next repaint (its `DeadlineEstimator`), with the freshest
///   input, and the timer wakes the session then. Without a known repaint
///   clock (nothing reported yet, or the display idled) it draws at once.
/// - `onInput`: input is drawn at once whenever the canvas has a free buffer;
///   animation waits for the frame callback.
/// - `frameCallback`: at most one frame per frame callback.
extension OverlaySession {
    enum Decision {
        case draw(refresh: Double?)
        /// Not yet: until this monotonic time (nil: until a callback or release).
        case wait(until: Double?)
    }

    /// A draw this close to its planned time is on time (timer wake-up slack, s).
    static let onTime = 0.0002

    func decide(_ id: Int, now: Double) -> Decision {
        guard var state = canvases[id] else { return .wait(until: nil) }
        switch pacing {
        case .frameCallback:
            return state.canvas.awaitingFrame ? .wait(until: nil) : .draw(refresh: nil)
        case .onInput:
            if state.animationOnly && state.canvas.awaitingFrame { return .wait(until: nil) }
            return .draw(refresh: state.timing.nextRefresh(after: now + state.timing.margin))
        case .deadline:
            if let plan = state.plan {
                // A plan stands until its time, even if waking late makes it look missed.
                return now + Self.onTime >= plan.drawAt ? .draw(refresh: plan.refresh) : .wait(until: plan.drawAt)
            }
            guard let plan = state.timing.schedule(now: now) else { return .draw(refresh: nil) }
            if now + Self.onTime >= plan.drawAt { return .draw(refresh: plan.refresh) }
            state.plan = plan
            canvases[id] = state
            return .wait(until: plan.drawAt)
        }
    }

    /// Arms the timer for the earliest of: a planned draw, the model's next
    /// need (an animation frame, an inferred lift, auto-hide), the banner.
    func scheduleWake(after t: Double, now: Double, committed: Bool, nextDraw: Double?) {
        let frameInterval = canvases.values.map(\.timing.period).min() ?? 1.0 / 60
        let wakes = [model.nextWakeTime(after: t), bannerWake(after: t, frameInterval: frameInterval)].compactMap { $0 }
        var deadline = nextDraw
        if let wake = wakes.min() {
            if wake <= t + frameInterval {
                // Animating: every canvas wants the next frame.
                markAllDirty(byInput: false)
                if pacing == .deadline {
                    // The next repaint's deadline, planned now so the timer is armed for it.
                    for id in canvases.keys.sorted() where canvases[id]?.plan == nil {
                        if case .wait(let until?) = decide(id, now: now) { deadline = min(deadline ?? until, until) }
                    }
                }
                if deadline == nil {
                    // No repaint clock known (or another pacing): the next frame
                    // callback (or buffer release) paces the next draw; only when
                    // no canvas will call back is the timer needed.
                    let willCallBack = committed || canvases.values.contains { $0.canvas.awaitingFrame || !$0.canvas.isReadyToDraw }
                    if !willCallBack { deadline = start + t + frameInterval }
                }
            } else {
                deadline = min(deadline ?? .infinity, start + wake)
            }
        }
        setDeadline(deadline) // nil at rest: no timer, no frame callback, zero wake-ups
    }

    // MARK: reports from the display

    /// Frame `frameID` of canvas `id` was presented at `presentedAt` (monotonic
    /// s, wp_presentation), on a display refreshing every `refresh` s (0: unknown).
    public func presented(canvasID id: Int, frameID: Int, presentedAt: Double, refresh: Double = 0) {
        if !presentedOnce {
            presentedOnce = true
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame presented on \(name) (presentation feedback)")
        }
        if var state = canvases[id] {
            if !state.presentationAnswers {
                state.presentationAnswers = true
                state.timing = DeadlineEstimator(nominalPeriod: refresh > 0 ? refresh : state.canvas.refreshPeriod)
            }
            state.timing.observeRefresh(at: presentedAt)
            canvases[id] = state
        }
        guard let entry = ledger.presented(frameID) else { return }
        record(entry, shownAt: presentedAt, into: \.motionToPresent, \.oldestToPresent, canvas: id, drives: true)
    }

    /// The display used frame `frameID` of canvas `id` (its frame callback arrived at `at`, monotonic s).
    public func frameDone(canvasID id: Int, frameID: Int, at: Double) {
        if !frameShownOnce {
            frameShownOnce = true
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame shown on \(name) (frame callback)")
        }
        let usesPresentation = canvases[id]?.presentationAnswers ?? false
        if !usesPresentation { canvases[id]?.timing.observeRefresh(at: at) }
        guard let entry = ledger.frameDone(frameID) else { return }
        record(entry, shownAt: at, into: \.motionToFrameDone, \.oldestToFrameDone, canvas: id, drives: !usesPresentation)
    }

    /// Statistics for a frame seen at `shownAt`; `drives`: these reports are
    /// the ones the deadline learns from (presentation when answered, else callbacks).
    private func record(_ entry: FrameLedger.Entry, shownAt: Double,
                        into each: ReferenceWritableKeyPath<OverlaySession, LatencyStats>,
                        _ oldest: ReferenceWritableKeyPath<OverlaySession, LatencyStats>, canvas id: Int, drives: Bool) {
        for input in entry.inputs { self[keyPath: each].add(shownAt - input) }
        if let first = entry.inputs.min() { self[keyPath: oldest].add(shownAt - first) }
        guard drives else { return }
        if let aimed = entry.aimedAt { canvases[id]?.timing.observeOutcome(aimedAt: aimed, seenAt: shownAt) }
        // While the hand moves: how far from it the free pointer was drawn.
        if let drawn = entry.drawn, !entry.inputs.isEmpty, let hand = trail.position(at: shownAt) {
            drawnVsTrue.add(drawn.distance(to: hand))
        }
    }

    /// "HEADLESS-1: repaint every 16.7 ms (learnt from 412 repaints), margin 2.1 ms, 3 missed of 380".
    static func timingSummary(_ state: CanvasState) -> String {
        let t = state.timing
        func ms(_ s: Double) -> String { "\((s * 1e5).rounded() / 100) ms" }
        let source = state.presentationAnswers ? "presentation feedback" : "frame callbacks"
        return "\(state.canvas.canvasName): repaint every \(ms(t.period)) (from \(source)), deadline margin \(ms(t.margin)), "
            + "\(t.misses) of \(t.misses + t.hits) deadline frames missed their repaint"
    }
}
