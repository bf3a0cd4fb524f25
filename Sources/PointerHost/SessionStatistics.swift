import Foundation
import PointerCore

/// What `--stats` prints, observed from the session: it reports input, the
/// frames it commits and what the display says of them (frame callbacks,
/// wp_presentation); this turns those reports into latency figures.
///
/// Several commits can reach one repaint (input pacing); the display shows
/// the newest, which includes the older ones' inputs. Frame callbacks of one
/// repaint arrive together (the compositor fires every callback committed
/// before it in one go), so they are grouped per dispatch and judged as one
/// shown frame; wp_presentation says it directly (older commits are discarded).
public final class SessionStatistics {
    /// Input received → the commit showing it (includes waiting for the deadline or frame callback).
    public var eventToCommit = LatencyStats(name: "event→commit")
    /// The work of one frame: engine step, damage, render, commit (no waiting).
    public var frameProcessing = LatencyStats(name: "frame processing (engine+render+commit)")
    /// Each motion event → the presentation of the first frame showing it (wp_presentation).
    public var motionToPresent = LatencyStats(name: "motion→present (each motion event)")
    public var oldestToPresent = LatencyStats(name: "motion→present (oldest input per frame)")
    /// To the frame callback that says the compositor used the frame: an upper
    /// bound on motion→present where presentation timing is not reported
    /// (sway does not send it for layer surfaces).
    public var motionToFrameDone = LatencyStats(name: "motion→frame-done (each motion event)")
    public var oldestToFrameDone = LatencyStats(name: "motion→frame-done (oldest input per frame)")
    /// How far from the hand a freely moving pointer was drawn, at the moment
    /// the frame was presented (or, without presentation timing, its frame callback).
    public var drawnVsTrue = LatencyStats(name: "drawn-vs-true at present (free pointer, while moving)", unit: .points)
    /// Frames painted, and frames shown by moving what a canvas showed (no repaint).
    public private(set) var paintedFrames = 0
    public private(set) var translatedFrames = 0

    /// A shown frame that was drawn for a planned repaint: when it was aimed at
    /// and when it was seen, for the canvas's deadline to learn from.
    public struct Outcome: Equatable {
        public var canvasID: Int
        public var aimedAt: Double
        public var seenAt: Double
    }

    /// Frame callbacks of one repaint, gathered until the dispatch ends.
    struct ShownGroup {
        var at: Double
        var entries: [FrameLedger.Entry]
    }

    var log: (String) -> Void = { _ in }
    private var oldestUncommittedInput: Double?
    /// Motion inputs (monotonic s) not shown by a commit yet.
    private var uncommittedMotion: [Double] = []
    private var ledger = FrameLedger()
    /// Frame callbacks of the current dispatch, per canvas.
    private var frameDoneGroups: [Int: ShownGroup] = [:]
    /// Repaints (monotonic s) and the free pointer they showed, until the hand's position then is known.
    private var awaitingTruth: [(at: Double, drawn: Point)] = []
    /// Inputs of frames the display discarded (replaced before presenting), per canvas.
    private var discardedInputs: [Int: [Double]] = [:]
    private var trail = PointerTrail()

    static let truthWait = 0.05
    /// AP_DEBUG_TIMING set: log every shown frame and judged pointer (for tuning the pacing).
    static let debugTiming = ProcessInfo.processInfo.environment["AP_DEBUG_TIMING"] != nil

    // MARK: what the session reports

    /// Input arrived at `now`; for motion, `hand` is where it put the model pointer.
    func input(at now: Double, motion: Bool, hand: Point?) {
        if oldestUncommittedInput == nil { oldestUncommittedInput = now }
        guard motion else { return }
        uncommittedMotion.append(now)
        if let hand { trail.add(hand, at: now) }
        judgeDrawnPointers(now: now)
    }

    /// A frame was committed on canvas `id` at `now`, repainted or moved
    /// (`translated`); `aimedAt`: the repaint a planned draw was for; `drawn`:
    /// where a freely moving pointer was drawn. Returns the frame's id.
    func committed(
        canvas id: Int, at now: Double, showsPointer: Bool, aimedAt: Double?, drawn: Point?, translated: Bool
    ) -> Int {
        let frameID = ledger.add(
            canvas: id, at: now, inputs: showsPointer ? uncommittedMotion : [], aimedAt: aimedAt, drawn: drawn)
        if showsPointer { uncommittedMotion.removeAll() }
        if translated { translatedFrames += 1 } else { paintedFrames += 1 }
        return frameID
    }

    /// One service pass ended at `now`: it `committed` (taking `work` s), or
    /// nothing is left to draw (`idle`: the input changed nothing on screen).
    func serviced(committed: Bool, work: Double, now: Double, idle: Bool) {
        if committed { frameProcessing.add(work) }
        if committed, let input = oldestUncommittedInput {
            eventToCommit.add(now - input)
            oldestUncommittedInput = nil
        } else if idle {
            oldestUncommittedInput = nil
            uncommittedMotion.removeAll()
        }
    }

    func canvasRemoved(_ id: Int) { ledger.remove(canvas: id) }

    /// Frame `frameID` was presented at `at` (wp_presentation).
    func presented(canvas id: Int, frameID: Int, at: Double) -> Outcome? {
        guard let entry = ledger.presented(frameID) else { return nil }
        let carried = discardedInputs.removeValue(forKey: id) ?? []
        return record(
            ShownGroup(at: at, entries: [entry]), extraInputs: carried, canvas: id,
            each: \.motionToPresent, oldest: \.oldestToPresent, drives: true)
    }

    /// Frame `frameID` was never presented (a later commit replaced it):
    /// its inputs are shown by the next presented frame.
    func discarded(canvas id: Int, frameID: Int) {
        guard let entry = ledger.presented(frameID) else { return }
        discardedInputs[id, default: []] += entry.inputs
    }

    /// The frame callback of `frameID` arrived at `at`; a group ended by it is
    /// judged, and its outcome returned when `drives` says callbacks teach the
    /// canvas's deadline (no presentation timing).
    func frameDone(canvas id: Int, frameID: Int, at: Double, drives: (Int) -> Bool) -> Outcome? {
        guard let entry = ledger.frameDone(frameID) else { return nil }
        if var group = frameDoneGroups[id], at - group.at < 0.001 {
            group.entries.append(entry)
            frameDoneGroups[id] = group
            return nil
        }
        let outcome = flushFrameDone(canvas: id, drives: drives(id))
        frameDoneGroups[id] = ShownGroup(at: at, entries: [entry])
        return outcome
    }

    /// Judges the frame-callback groups gathered so far (call when a dispatch ends).
    func flushFrameDone(drives: (Int) -> Bool) -> [Outcome] {
        frameDoneGroups.keys.sorted().compactMap { flushFrameDone(canvas: $0, drives: drives($0)) }
    }

    private func flushFrameDone(canvas id: Int, drives: Bool) -> Outcome? {
        guard let group = frameDoneGroups.removeValue(forKey: id) else { return nil }
        return record(
            group, extraInputs: [], canvas: id, each: \.motionToFrameDone, oldest: \.oldestToFrameDone, drives: drives)
    }

    /// Statistics for the frame a repaint showed; `drives`: these reports are
    /// the ones the deadline learns from (presentation when answered, else callbacks).
    private func record(
        _ group: ShownGroup, extraInputs: [Double], canvas id: Int,
        each: ReferenceWritableKeyPath<SessionStatistics, LatencyStats>,
        oldest: ReferenceWritableKeyPath<SessionStatistics, LatencyStats>, drives: Bool
    ) -> Outcome? {
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
        guard drives, let shown = group.entries.max(by: { $0.id < $1.id }) else { return nil }
        // While the hand moves: how far from it the free pointer was drawn,
        // judged once input from after the repaint says where the hand was then.
        if let drawn = shown.drawn, !inputs.isEmpty { awaitingTruth.append((group.at, drawn)) }
        return shown.aimedAt.map { Outcome(canvasID: id, aimedAt: $0, seenAt: group.at) }
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

    /// The figures, a line each.
    var summaryLines: [String] {
        var lines = [eventToCommit.summary, frameProcessing.summary]
        if motionToPresent.count > 0 { lines += [motionToPresent.summary, oldestToPresent.summary] }
        lines += [motionToFrameDone.summary, oldestToFrameDone.summary, drawnVsTrue.summary]
        lines.append("frames: \(paintedFrames) painted, \(translatedFrames) moved without a repaint")
        return lines
    }
}
