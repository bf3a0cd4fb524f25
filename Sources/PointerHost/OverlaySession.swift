import Foundation
import PointerCore
import PointerRendering

/// The backend-neutral heart of `run`: owns the pointer logic (PointerEngine)
/// and the renderer (Cairo or GL), takes input events and frame ticks from a
/// backend and turns them into draws on the backend's canvases. Backends stay
/// thin translators: native events in (`handle`), "you may draw now"
/// (`service`) and presentation reports out.
///
/// Drawing follows the cost model: each canvas repaints only the renderer's
/// damage (plus what is stale in the buffer it got); when the logic is at
/// rest nothing is scheduled at all. When to draw is the `pacing`'s choice
/// (OverlaySession+Pacing); a freely moving pointer is drawn where the logic
/// predicts it will be when the frame reaches the screen.
public final class OverlaySession {
    public let logic: PointerLogic
    public let renderer: OverlayRenderer
    public var recorder: TraceRecorder?
    /// Monotonic time of session second 0.
    public let start: Double
    /// When frames are drawn after input. On input by default: on headless
    /// sway it showed motion soonest (docs/latency.md), the compositor's
    /// repaints following its own commits too loosely for a deadline to win.
    public var pacing: FramePacing = .onInput {
        didSet { for id in canvases.keys { canvases[id]?.pacing.pacing = pacing } }
    }
    /// What `--stats` prints: the session reports to it.
    public let statistics = SessionStatistics()
    /// The monotonic clock (s): the session reads time only through it, so its
    /// tests run on a clock of their own.
    let clock: () -> Double
    /// Where the session's timer should fire next (monotonic s); the backend's loop arms it.
    public var setDeadline: (Double?) -> Void = { _ in }
    public var log: (String) -> Void = { _ in }
    /// Set by a backend that can move the system pointer (X11): recentering,
    /// magnetism and constrained axes then put the real pointer where the drawn
    /// one is, so a click lands there.
    public var warpPointer: ((Point) -> Void)?
    /// The backend's own lines for `--stats` (e.g. how often it read the screen).
    public var backendStats: () -> [String] = { [] }
    /// The user pressed the quit shortcut (Ctrl+Alt+Escape); the host stops.
    /// The key itself never reaches the logic or the recording.
    public var onQuitShortcut: (() -> Void)?

    struct CanvasState {
        let canvas: OverlayCanvas
        /// How frames reach the canvas: whole, translated or layered (the backend's choice).
        let presenter: CanvasPresenter
        /// What the canvas shows; nil: unknown, the next frame is drawn whole.
        var lastFrame: PointerFrame?
        var lastBanner: Banner?
        var needsDraw = true
        /// Something other than input wants a frame (an animation): with
        /// input pacing it waits for the frame callback.
        var animationOnly = false
        /// When this canvas draws next, and what it learnt of the display's repaints.
        var pacing: CanvasPacing
    }
    var canvases: [Int: CanvasState] = [:]
    /// The canvas the pointer is over; the pointer is drawn only there.
    public private(set) var pointerCanvas: Int?
    /// Notes and warnings logged once ("presented", "warp", one per draw error).
    var notedOnce = Set<String>()
    private var heldModifiers: Set<ModifierKey> = []
    /// The latest time the logic was asked about (monotonic s). Input stamped
    /// earlier (a backend timing it when it happened, read late) is given to the
    /// logic at this time: the logic's clock never goes back.
    private var logicClock = -Double.infinity
    private var bannerText: String?
    /// Session second at which the banner is gone.
    private var bannerEnd = 0.0
    static let bannerFade = 0.4

    public init(
        logic: PointerLogic, renderer: OverlayRenderer, start: Double? = nil,
        clock: @escaping () -> Double = MonotonicClock.now
    ) {
        self.logic = logic
        self.renderer = renderer
        self.clock = clock
        self.start = start ?? clock()
        statistics.log = { [unowned self] in log($0) }
    }

    // MARK: input

    /// Feeds one input event, stamped `now` (monotonic s).
    public func handle(_ kind: InputEvent.Kind, at now: Double) {
        if case .modifiers(let keys) = kind { heldModifiers = keys }
        if QuitShortcut.matches(kind, held: heldModifiers), let onQuitShortcut {
            return onQuitShortcut()
        }
        logicClock = max(logicClock, now)
        let event = InputEvent(time: logicClock - start, kind)
        recorder?.record(event)
        logic.handle(event)
        switch kind {
        case .motion, .position: statistics.input(at: now, motion: true, hand: logic.truePointer)
        default: statistics.input(at: now, motion: false, hand: nil)
        }
        for request in logic.drainHostRequests() { perform(request) }
        markAllDirty(byInput: true)
    }

    /// The compositor moved the pointer onto canvas `id` (nil: off all canvases).
    public func pointerMoved(toCanvas id: Int?) {
        guard id != pointerCanvas else { return }
        pointerCanvas = id
        markAllDirty(byInput: true)
    }

    func perform(_ request: HostRequest) {
        switch request {
        case .openMenu, .closeMenu:
            break // the menu is part of the frame the renderer draws
        case .warpPointer(let p):
            if let warpPointer { return warpPointer(p) }
            // Wayland clients cannot move the compositor's pointer; the drawn
            // pointer is where the engine says, the real one catches up on the next motion.
            if notedOnce.insert("warp").inserted {
                log(
                    "note: this display cannot warp the pointer; recentering is drawn but not applied to the system pointer"
                )
            }
        }
    }

    // MARK: banner

    /// Shows `text` over every canvas for `seconds` from `now` (monotonic s);
    /// it fades out over its last 0.4 s.
    public func showBanner(_ text: String, for seconds: Double, now: Double? = nil) {
        let now = now ?? clock()
        bannerText = text
        bannerEnd = now - start + seconds
        markAllDirty(byInput: false)
    }

    /// The banner as it looks at session second `t`; nil once it is gone.
    func banner(at t: Double) -> Banner? {
        guard let text = bannerText, t < bannerEnd else { return nil }
        return Banner(text: text, opacity: min(1, (bannerEnd - t) / Self.bannerFade))
    }

    /// When the banner next changes on screen (session s): the start of its fade,
    /// then every frame until it is gone.
    func bannerWake(after t: Double, frameInterval: Double) -> Double? {
        guard bannerText != nil, t < bannerEnd else { return nil }
        let fadeStart = bannerEnd - Self.bannerFade
        return t < fadeStart ? fadeStart : min(bannerEnd, t + frameInterval)
    }

    // MARK: scenes

    /// Hot reload, all or nothing: the renderer builds the new stage first; only
    /// when that works does the logic take the scene. On failure both keep the
    /// last good scene and the error is thrown.
    public func replace(scene: Scene) throws {
        try renderer.replace(scene: scene)
        logic.replace(scene: scene)
        for id in canvases.keys {
            canvases[id]?.lastFrame = nil
            canvases[id]?.presenter.forget()
        }
        markAllDirty(byInput: false)
    }

    // MARK: canvases

    public func add(_ canvas: OverlayCanvas) {
        canvases[canvas.canvasID] = CanvasState(
            canvas: canvas, presenter: presenter(for: canvas),
            pacing: CanvasPacing(pacing: pacing, nominalPeriod: canvas.refreshPeriod))
    }

    public func remove(canvasID id: Int) {
        canvases[id] = nil
        statistics.canvasRemoved(id)
        if pointerCanvas == id { pointerCanvas = nil }
    }

    /// The canvas was resized or its buffers were dropped: repaint all of it.
    public func invalidate(canvasID id: Int) {
        canvases[id]?.lastFrame = nil
        canvases[id]?.presenter.forget()
        canvases[id]?.needsDraw = true
        if let p = canvases[id]?.canvas.refreshPeriod { canvases[id]?.pacing.setNominalPeriod(p) }
    }

    /// Some canvas still wants a frame it could not take yet (a backend that
    /// paces frames itself, like X11, wakes up for it).
    public var hasPendingDraws: Bool { canvases.values.contains { $0.needsDraw } }

    func markAllDirty(byInput: Bool) {
        // In place: a copy of each canvas's state per input showed in profiles.
        // Walked by index, not `values.indices`, which holds the dictionary
        // and made every write copy all of it (a fifth of handling a motion).
        var i = canvases.values.startIndex
        while i != canvases.values.endIndex {
            if byInput || !canvases.values[i].needsDraw { canvases.values[i].animationOnly = !byInput }
            canvases.values[i].needsDraw = true
            canvases.values.formIndex(after: &i)
        }
    }

    // MARK: drawing

    /// Draws every canvas that needs it and may take a frame now (as the
    /// pacing says), then works out when anything next needs a tick. Call
    /// after input, after a frame callback, a buffer release or a configure,
    /// and when the timer fires.
    public func service(now: Double? = nil) {
        let now = now ?? clock()
        flushFrameDone()
        statistics.judgeDrawnPointers(now: now)
        let t = now - start
        let began = clock()
        var committed = false
        var nextDraw: Double?
        for id in canvases.keys.sorted() {
            guard let state = canvases[id], state.needsDraw, state.canvas.isReadyToDraw else { continue }
            switch decide(id, now: now) {
            case .wait(let until):
                if let until { nextDraw = min(nextDraw ?? until, until) }
            case .draw(let refresh, let planned):
                if draw(id, now: now, sessionTime: t, aimedAt: refresh, planned: planned) { committed = true }
            }
        }
        // Time alone can make requests (an inferred lift recentres, a glide ends).
        for request in logic.drainHostRequests() { perform(request) }
        if committed { SimulatedSlowFrames.frameCommitted() }
        let ended = clock()
        statistics.serviced(
            committed: committed, work: ended - began, now: ended, idle: !canvases.values.contains(where: \.needsDraw))
        scheduleWake(after: t, now: now, committed: committed, nextDraw: nextDraw)
    }

    /// The presenter the canvas asks for, drawing with the session's renderer.
    private func presenter(for canvas: OverlayCanvas) -> CanvasPresenter {
        let services = PresenterServices(
            renderer: renderer, clock: clock,
            warn: { [unowned self] in warnDrawFailed($0, on: canvas.canvasName) },
            debug: Self.debugTiming ? { [unowned self] in log($0) } : nil)
        switch canvas.presentation {
        case .whole: return WholeCanvasPresenter(canvas: canvas, services: services)
        case .translating(let moving): return TranslatingCanvasPresenter(canvas: moving, services: services)
        case .layered(let layered): return LayeredCanvasPresenter(canvas: layered, services: services)
        }
    }

    /// Draws canvas `id` for the repaint at `refresh` (`planned`: a deadline
    /// draw, whose outcome adapts the margin). False when nothing was committed.
    private func draw(_ id: Int, now: Double, sessionTime t: Double, aimedAt refresh: Double?, planned: Bool) -> Bool {
        guard var state = canvases[id] else { return false }
        let began = clock()
        // The frame is seen at the repaint it is drawn for; without one, about now.
        let presentAt = (refresh ?? now) - start
        logicClock = max(logicClock, now)
        var (shown, free) = logic.frame(at: t, presentAt: presentAt)
        if pointerCanvas != id { shown.hidden = true }
        let heldDamage = holdAnimation(&shown, state, now: now)
        let holding = heldDamage != nil
        var job = FrameJob(
            frame: shown, last: state.lastFrame, banner: banner(at: t), lastBanner: state.lastBanner,
            heldDamage: heldDamage)
        let result = state.presenter.present(&job)
        state.lastFrame = job.last
        let showsPointer = pointerCanvas == id
        switch result {
        case .waiting:
            break
        case .unchanged:
            state.pacing.nothingToDraw()
            state.needsDraw = false
        case .failed(let error):
            // Never commit (or remember as drawn) a half-drawn buffer: the screen
            // keeps the last good frame, and the next draw is a full one.
            state.canvas.cancelDraw()
            warnDrawFailed(error, on: state.canvas.canvasName)
            state.lastFrame = nil
            state.needsDraw = false
        case .translated(let offset):
            _ = statistics.committed(
                canvas: id, at: now, showsPointer: showsPointer, aimedAt: planned ? refresh : nil,
                drawn: free && showsPointer ? shown.pointer : nil, translated: true)
            if Self.debugTiming {
                log(
                    String(
                        format: "DBG moved at %.4f by %.1f,%.1f drawn %.1f,%.1f model %.1f,%.1f", now, offset.x,
                        offset.y, shown.pointer.x, shown.pointer.y, logic.truePointer?.x ?? 0, logic.truePointer?.y ?? 0
                    ))
            }
            state.pacing.drew(for: refresh, taking: clock() - began, at: now, animation: false)
            state.lastFrame = shown
            state.needsDraw = false
            state.animationOnly = false
        case .drawn(let damage, let banner):
            let frameID = statistics.committed(
                canvas: id, at: now, showsPointer: showsPointer, aimedAt: planned ? refresh : nil,
                drawn: free && showsPointer && !shown.hidden ? shown.pointer : nil, translated: false)
            state.canvas.endDraw(damage: damage, frameID: frameID)
            if Self.debugTiming {
                log(
                    String(
                        format:
                            "DBG commit %d at %.4f committed %.4f present %.4f drawn %.1f,%.1f model %.1f,%.1f free %d",
                        frameID, now, clock(), presentAt + start, shown.pointer.x, shown.pointer.y,
                        logic.truePointer?.x ?? 0, logic.truePointer?.y ?? 0, free ? 1 : 0))
            }
            state.pacing.drew(for: refresh, taking: clock() - began, at: now, animation: !holding)
            state.lastFrame = shown
            state.lastBanner = banner
            // What was held back is drawn by the next repaint's first frame.
            state.needsDraw = holding
            state.animationOnly = holding
        }
        canvases[id] = state
        return result.committed
    }

    /// A later frame for a repaint whose animation is drawn: the pointer's work
    /// only (AnimationPerRepaint). Replaces `shown` with the held frame and
    /// returns its damage, worked out here once; nil when nothing is held.
    private func holdAnimation(_ shown: inout PointerFrame, _ state: CanvasState, now: Double) -> [Rect]? {
        guard pacing == .onInput, state.presenter.holdsAnimation, let last = state.lastFrame,
            !state.pacing.animationAdvances(now: now),
            let held = AnimationPerRepaint.holding(shown, after: last)
        else { return nil }
        let damage = renderer.damage(from: last, to: held, canvasSize: state.canvas.sizeInPoints)
        guard !damage.isEmpty else { return nil }
        shown = held
        return damage
    }

    /// One log line per distinct draw error, however often it recurs.
    func warnDrawFailed(_ error: Error, on canvasName: String) {
        if notedOnce.insert("draw: \(error)").inserted { log("draw failed on \(canvasName): \(error)") }
    }

    /// The timer fired.
    public func timerFired(now: Double? = nil) {
        let now = now ?? clock()
        markAllDirty(byInput: false)
        service(now: now)
    }

    public var statsSummary: String {
        flushFrameDone()
        statistics.judgeDrawnPointers(now: .infinity)
        var lines = statistics.summaryLines
        lines += canvases.keys.sorted().compactMap { id in canvases[id].map { Self.timingSummary($0) } }
        lines += backendStats()
        return lines.joined(separator: "\n")
    }
}
