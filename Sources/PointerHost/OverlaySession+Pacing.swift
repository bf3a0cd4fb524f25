import PointerCore

/// When frames are drawn: each canvas's `FramePlanner` decides (deadline
/// pacing: at once for the first input after a repaint, again `margin`
/// before the next repaint with the freshest input); the session arms the
/// loop's one timer for the earliest planned draw or pointer-logic wake-up.
extension OverlaySession {
    func decide(_ id: Int, now: Double) -> FramePlanner.Decision {
        guard var state = canvases[id] else { return .wait(until: nil) }
        let decision = state.pacing.decide(
            now: now, byInput: !state.animationOnly, awaitingFrame: state.canvas.awaitingFrame)
        canvases[id] = state
        return decision
    }

    /// Arms the timer for the earliest of: a planned draw, the pointer logic's next
    /// need (an animation frame, an inferred lift, auto-hide), the banner.
    func scheduleWake(after t: Double, now: Double, committed: Bool, nextDraw: Double?) {
        var shortest = Double.infinity
        for state in canvases.values { shortest = min(shortest, state.pacing.period) }
        let frameInterval = shortest.isFinite ? shortest : 1.0 / 60
        var deadline = nextDraw
        // A fading material wants the next frame, as an animation does.
        // Only while the pointer is drawn: a hidden one's look waits, and must not keep the overlay awake.
        let pointerShown =
            pointerCanvas.flatMap { canvases[$0]?.lastFrame }.map { !$0.hidden && $0.visible.opacity > 0.001 } ?? false
        let fadeWake = pointerShown && renderer.materialIsFading ? t + frameInterval : nil
        if let wake = earliest(
            earliest(logic.nextWakeTime(after: t), bannerWake(after: t, frameInterval: frameInterval)), fadeWake)
        {
            if wake <= t + frameInterval {
                // Animating: every canvas wants the next frame.
                markAllDirty(byInput: false)
                if pacing == .deadline {
                    // The next repaint's deadline, planned now so the timer is armed for it.
                    for id in canvases.keys.sorted() where canvases[id]?.pacing.hasPlan == false {
                        if case .wait(let until?) = decide(id, now: now) { deadline = min(deadline ?? until, until) }
                    }
                }
                if deadline == nil {
                    // No repaint clock known (or another pacing): the next frame
                    // callback (or buffer release) paces the next draw; only when
                    // no canvas will call back is the timer needed.
                    let willCallBack =
                        committed || canvases.values.contains { $0.canvas.awaitingFrame || !$0.canvas.isReadyToDraw }
                    if !willCallBack { deadline = start + t + frameInterval }
                }
            } else {
                deadline = min(deadline ?? .infinity, start + wake)
            }
        }
        setDeadline(deadline) // nil at rest: no timer, no frame callback, zero wake-ups
    }

    /// "HEADLESS-1: repaint every 16.7 ms (from frame callbacks), deadline margin 2.1 ms, 3 of 380 … missed".
    static func timingSummary(_ state: CanvasState) -> String {
        "\(state.canvas.canvasName): \(state.pacing.summary)"
    }
}
