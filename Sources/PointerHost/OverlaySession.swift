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
        didSet { for id in canvases.keys { canvases[id]?.planner.pacing = pacing } }
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
        /// The canvas as a layered one, if it is (cast once: a protocol cast per frame showed in profiles).
        let layered: LayeredCanvas?
        var lastFrame: PointerFrame?
        var lastBanner: Banner?
        /// The still stage a layered canvas shows for the current scene, and the banner on its layer.
        var still: PointerFrame?
        var layerBanner: Banner?
        var needsDraw = true
        /// Something other than input wants a frame (an animation): with
        /// input pacing it waits for the frame callback.
        var animationOnly = false
        /// When this canvas draws next, and what it learnt of the display's repaints.
        var planner: FramePlanner
        /// Reports from wp_presentation arrive: its times are the repaints (better than callbacks).
        var presentationAnswers = false
        /// When the animation was last drawn, and whether a repaint came since (AnimationPerRepaint).
        var animationClock = AnimationPerRepaint.Clock()
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
            canvases[id]?.still = nil
            canvases[id]?.layerBanner = nil
        }
        markAllDirty(byInput: false)
    }

    // MARK: canvases

    public func add(_ canvas: OverlayCanvas) {
        canvases[canvas.canvasID] = CanvasState(
            canvas: canvas, layered: canvas as? LayeredCanvas,
            planner: FramePlanner(
                pacing: pacing, timing: DeadlineEstimator(nominalPeriod: canvas.refreshPeriod)))
    }

    public func remove(canvasID id: Int) {
        canvases[id] = nil
        statistics.canvasRemoved(id)
        if pointerCanvas == id { pointerCanvas = nil }
    }

    /// The canvas was resized or its buffers were dropped: repaint all of it.
    public func invalidate(canvasID id: Int) {
        canvases[id]?.lastFrame = nil
        canvases[id]?.still = nil
        canvases[id]?.layerBanner = nil
        canvases[id]?.needsDraw = true
        if let p = canvases[id]?.canvas.refreshPeriod { canvases[id]?.planner.timing.setNominalPeriod(p) }
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
        // A later frame for a repaint whose animation is drawn: the pointer's work only.
        // Its damage is worked out here once, and used below.
        var heldDamage: [Rect]?
        if pacing == .onInput, state.layered?.splitsStill == true, let last = state.lastFrame,
            !state.animationClock.advances(now: now, period: state.planner.timing.period),
            let held = AnimationPerRepaint.holding(shown, after: last)
        {
            let d = renderer.damage(from: last, to: held, canvasSize: state.canvas.sizeInPoints)
            if !d.isEmpty {
                shown = held
                heldDamage = d
            }
        }
        let holding = heldDamage != nil
        var banner = banner(at: t)
        let size = state.canvas.sizeInPoints
        var layersChanged = false
        if let layered = state.layered, layered.splitsStill {
            switch drawLayers(layered, &state, shown: shown, banner: banner, size: size) {
            case nil:
                canvases[id] = state
                return false
            case let changed?:
                layersChanged = changed
            }
            // On its own layer; if the stage turned out not to split, drawLayers
            // dropped the last frame and the canvas is drawn whole.
            if layered.splitsStill { banner = nil }
        }
        // Pure motion on a canvas that can move what it shows: no repaint (and
        // no damage worked out; a moved frame always differs from the last).
        if let last = state.lastFrame, banner == state.lastBanner, !renderer.materialIsFading,
            let offset = FrameTranslation.offset(from: last, to: shown), state.canvas.translate(by: offset)
        {
            let showsPointer = pointerCanvas == id
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
            state.planner.drew(for: refresh, taking: clock() - began)
            state.lastFrame = shown
            state.needsDraw = false
            state.animationOnly = false
            canvases[id] = state
            return true
        }
        // The held frame's, unless drawLayers dropped the last frame (the stage stopped splitting).
        var damage =
            (state.lastFrame == nil ? nil : heldDamage)
            ?? renderer.damage(from: state.lastFrame, to: shown, canvasSize: size)
        // The whole banner, rim included: a rim left behind would stay on screen.
        if banner != state.lastBanner { damage.append(BannerPainter.bounds(canvasSize: size)) }
        if damage.isEmpty && !layersChanged {
            state.planner.nothingToDraw()
            state.needsDraw = false
            canvases[id] = state
            return false
        }
        let full = [Rect(x: 0, y: 0, width: size.width, height: size.height)]
        var committedDamage = full
        if let layered = state.layered, layered.splitsStill {
            do {
                try drawLive(layered, shown: shown, damage: state.lastFrame == nil ? nil : damage)
            } catch {
                return drawFailed(error, id, &state)
            }
        } else {
            state.canvas.prepareFrame { contentBounds(shown, banner: banner, canvasSize: size) }
            guard let (target, stale) = state.canvas.beginFrame() else {
                canvases[id] = state
                return false
            }
            // Whole pixels only: an antialiased clip edge would blend old and new pixels.
            let aligned = damage.map { Self.pixelAligned($0, scale: target.scale) }
            let clip = stale.map { aligned + $0 } ?? full
            do {
                try renderer.draw(shown, into: target, clip: clip)
                if let banner { try renderer.drawBanner(banner, into: target, canvasSize: size, clip: clip) }
            } catch {
                return drawFailed(error, id, &state)
            }
            if state.lastFrame != nil { committedDamage = aligned }
        }
        let showsPointer = pointerCanvas == id
        let frameID = statistics.committed(
            canvas: id, at: now, showsPointer: showsPointer, aimedAt: planned ? refresh : nil,
            drawn: free && showsPointer && !shown.hidden ? shown.pointer : nil, translated: false)
        state.canvas.endDraw(damage: committedDamage, frameID: frameID)
        if Self.debugTiming {
            log(
                String(
                    format: "DBG commit %d at %.4f committed %.4f present %.4f drawn %.1f,%.1f model %.1f,%.1f free %d",
                    frameID, now, clock(), presentAt + start, shown.pointer.x, shown.pointer.y,
                    logic.truePointer?.x ?? 0, logic.truePointer?.y ?? 0, free ? 1 : 0))
        }
        state.planner.drew(for: refresh, taking: clock() - began)
        state.lastFrame = shown
        state.lastBanner = banner
        if !holding { state.animationClock.drew(at: now) }
        // What was held back is drawn by the next repaint's first frame.
        state.needsDraw = holding
        state.animationOnly = holding
        canvases[id] = state
        return true
    }

    /// One log line per distinct draw error, however often it recurs.
    func warnDrawFailed(_ error: Error, on canvasName: String) {
        if notedOnce.insert("draw: \(error)").inserted { log("draw failed on \(canvasName): \(error)") }
    }

    /// Never commit (or remember as drawn) a half-drawn buffer: the screen
    /// keeps the last good frame, and the next draw is a full one.
    private func drawFailed(_ error: Error, _ id: Int, _ state: inout CanvasState) -> Bool {
        state.canvas.cancelDraw()
        warnDrawFailed(error, on: state.canvas.canvasName)
        state.lastFrame = nil
        state.needsDraw = false
        canvases[id] = state
        return false
    }

    /// What `frame` draws (canvas pt): its damage over a blank canvas, not the whole canvas.
    private func contentBounds(_ frame: PointerFrame, banner: Banner?, canvasSize: Size) -> [Rect] {
        var blank = frame
        blank.hidden = true
        blank.regions = [:]
        blank.menu = nil
        var rects = renderer.damage(from: blank, to: frame, canvasSize: canvasSize)
        if banner != nil { rects.append(BannerPainter.bounds(canvasSize: canvasSize)) }
        return rects
    }

    /// `r` grown outward to whole pixels at `scale` (pixels per pt).
    static func pixelAligned(_ r: Rect, scale: Double) -> Rect {
        guard scale > 0 else { return r }
        let x0 = (r.minX * scale).rounded(.down)
        let y0 = (r.minY * scale).rounded(.down)
        let x1 = (r.maxX * scale).rounded(.up)
        let y1 = (r.maxY * scale).rounded(.up)
        return Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
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

extension DrawTarget {
    /// Device pixels per canvas pt.
    var scale: Double {
        switch self {
        case .pixels(let b): return b.scale
        case .window(let w): return w.scale
        }
    }
}
