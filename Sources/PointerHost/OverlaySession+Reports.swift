import Foundation
import PointerCore

/// What the display reports about committed frames: when they were shown
/// (frame callbacks, wp_presentation), which teaches the deadline its clock
/// and margin and gives the latency and drawn-vs-true statistics.
///
/// Several commits can reach one repaint (input pacing); the display shows
/// the newest, which includes the older ones' inputs. Frame callbacks of one
/// repaint arrive together (the compositor fires every callback committed
/// before it in one go), so they are grouped per dispatch and judged as one
/// shown frame; wp_presentation says it directly (older commits are discarded).
extension OverlaySession {
    /// Frame callbacks of one repaint, gathered until the dispatch ends.
    struct ShownGroup {
        var at: Double
        var entries: [FrameLedger.Entry]
    }

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
                state.planner.timing = DeadlineEstimator(
                    nominalPeriod: refresh > 0 ? refresh : state.canvas.refreshPeriod)
            }
            state.planner.timing.observeRefresh(at: presentedAt)
            state.animationClock.repainted()
            canvases[id] = state
        }
        guard let entry = ledger.presented(frameID) else { return }
        let carried = discardedInputs.removeValue(forKey: id) ?? []
        record(
            ShownGroup(at: presentedAt, entries: [entry]), extraInputs: carried, canvas: id,
            each: \.motionToPresent, oldest: \.oldestToPresent, drives: true)
    }

    /// Frame `frameID` of canvas `id` was never presented (a later commit replaced it):
    /// its inputs are shown by the next presented frame.
    public func discarded(canvasID id: Int, frameID: Int) {
        guard let entry = ledger.presented(frameID) else { return }
        discardedInputs[id, default: []] += entry.inputs
    }

    /// The display used frame `frameID` of canvas `id` (its frame callback arrived at `at`, monotonic s).
    public func frameDone(canvasID id: Int, frameID: Int, at: Double) {
        if !frameShownOnce {
            frameShownOnce = true
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame shown on \(name) (frame callback)")
        }
        let usesPresentation = canvases[id]?.presentationAnswers ?? false
        if !usesPresentation { canvases[id]?.planner.timing.observeRefresh(at: at) }
        canvases[id]?.animationClock.repainted()
        guard let entry = ledger.frameDone(frameID) else { return }
        if var group = frameDoneGroups[id], at - group.at < 0.001 {
            group.entries.append(entry)
            frameDoneGroups[id] = group
        } else {
            flushFrameDone(canvas: id)
            frameDoneGroups[id] = ShownGroup(at: at, entries: [entry])
        }
    }

    /// Judges the frame-callback groups gathered so far (call when a dispatch ends).
    func flushFrameDone() {
        for id in frameDoneGroups.keys.sorted() { flushFrameDone(canvas: id) }
    }

    private func flushFrameDone(canvas id: Int) {
        guard let group = frameDoneGroups.removeValue(forKey: id) else { return }
        let drives = !(canvases[id]?.presentationAnswers ?? false)
        record(
            group, extraInputs: [], canvas: id, each: \.motionToFrameDone, oldest: \.oldestToFrameDone, drives: drives)
    }

    /// Statistics for the frame a repaint showed; `drives`: these reports are
    /// the ones the deadline learns from (presentation when answered, else callbacks).
    private func record(
        _ group: ShownGroup, extraInputs: [Double], canvas id: Int,
        each: ReferenceWritableKeyPath<OverlaySession, LatencyStats>,
        oldest: ReferenceWritableKeyPath<OverlaySession, LatencyStats>, drives: Bool
    ) {
        let inputs = extraInputs + group.entries.flatMap(\.inputs)
        for input in inputs { self[keyPath: each].add(group.at - input) }
        if Self.debugTiming {
            log(
                String(
                    format: "DBG shown at %.4f ids %@ aims %@ inputs %@", group.at,
                    group.entries.map { "\($0.id)" }.joined(separator: ","),
                    group.entries.map { String(format: "%.4f", $0.aimedAt ?? 0) }.joined(separator: ","),
                    inputs.map { String(format: "%.4f", $0) }.joined(separator: ",")))
        }
        if let first = inputs.min() { self[keyPath: oldest].add(group.at - first) }
        guard drives, let shown = group.entries.max(by: { $0.id < $1.id }) else { return }
        if let aimed = shown.aimedAt { canvases[id]?.planner.timing.observeOutcome(aimedAt: aimed, seenAt: group.at) }
        // While the hand moves: how far from it the free pointer was drawn,
        // judged once input from after the repaint says where the hand was then.
        if let drawn = shown.drawn, !inputs.isEmpty { awaitingTruth.append((group.at, drawn)) }
    }

    /// Drawn-vs-true for repaints the hand's position is known for: a report
    /// after the repaint arrived (interpolated between the two around it), or
    /// none came for `truthWait` (the hand rested: it is where it was last).
    func judgeDrawnPointers(now: Double) {
        guard !awaitingTruth.isEmpty else { return }
        let newest = trail.newestTime ?? -Double.infinity
        awaitingTruth.removeAll { item in
            guard newest >= item.at || now - item.at > Self.truthWait, let hand = trail.position(at: item.at) else {
                return now - item.at > Self.truthWait
            }
            drawnVsTrue.add(item.drawn.distance(to: hand))
            if Self.debugTiming {
                log(
                    String(
                        format: "DBG truth at %.4f drawn %.1f,%.1f hand %.1f,%.1f err %.1f", item.at, item.drawn.x,
                        item.drawn.y, hand.x, hand.y, item.drawn.distance(to: hand)))
            }
            return true
        }
    }

    static let truthWait = 0.05
    /// AP_DEBUG_TIMING set: log every commit, shown frame and judged pointer (for tuning the pacing).
    static let debugTiming = ProcessInfo.processInfo.environment["AP_DEBUG_TIMING"] != nil
}
