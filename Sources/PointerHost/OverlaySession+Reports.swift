import Foundation
import PointerCore

/// What the display reports about committed frames: when they were shown
/// (frame callbacks, wp_presentation). The times teach each canvas's deadline
/// its clock and margin; the statistics observer turns them into figures.
extension OverlaySession {
    /// Frame `frameID` of canvas `id` was presented at `presentedAt` (monotonic
    /// s, wp_presentation), on a display refreshing every `refresh` s (0: unknown).
    public func presented(canvasID id: Int, frameID: Int, presentedAt: Double, refresh: Double = 0) {
        if notedOnce.insert("presented").inserted {
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame presented on \(name) (presentation feedback)")
        }
        if var state = canvases[id] {
            state.pacing.presented(at: presentedAt, refresh: refresh, nominalPeriod: state.canvas.refreshPeriod)
            canvases[id] = state
        }
        learn(statistics.presented(canvas: id, frameID: frameID, at: presentedAt))
    }

    /// Frame `frameID` of canvas `id` was never presented (a later commit replaced it):
    /// its inputs are shown by the next presented frame.
    public func discarded(canvasID id: Int, frameID: Int) {
        statistics.discarded(canvas: id, frameID: frameID)
    }

    /// The display used frame `frameID` of canvas `id` (its frame callback arrived at `at`, monotonic s).
    public func frameDone(canvasID id: Int, frameID: Int, at: Double) {
        if notedOnce.insert("frame done").inserted {
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame shown on \(name) (frame callback)")
        }
        canvases[id]?.pacing.frameDone(at: at)
        learn(statistics.frameDone(canvas: id, frameID: frameID, at: at, drives: callbacksDrive))
    }

    /// Judges the frame-callback groups gathered so far (call when a dispatch ends).
    func flushFrameDone() {
        for outcome in statistics.flushFrameDone(drives: callbacksDrive) { learn(outcome) }
    }

    /// Frame callbacks teach a canvas's deadline only where presentation timing does not answer.
    private func callbacksDrive(_ id: Int) -> Bool { !(canvases[id]?.pacing.presentationAnswers ?? false) }

    /// A planned draw was seen: its canvas's deadline adapts its margin.
    private func learn(_ outcome: SessionStatistics.Outcome?) {
        guard let outcome else { return }
        canvases[outcome.canvasID]?.pacing.observeOutcome(aimedAt: outcome.aimedAt, seenAt: outcome.seenAt)
    }

    /// AP_DEBUG_TIMING set: log every commit (for tuning the pacing).
    static let debugTiming = SessionStatistics.debugTiming
}
