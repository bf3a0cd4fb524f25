import PointerCore
import PointerRendering

/// The backend-neutral heart of `run`: owns the pointer model (PointerEngine)
/// and the painter (the renderer), takes input events and frame ticks from a
/// backend and turns them into draws on the backend's canvases. Backends stay
/// thin translators: native events in (`handle`), "you may draw now"
/// (`service`) and presentation reports out.
///
/// Drawing follows the cost model: each canvas repaints only the painter's
/// damage (plus what is stale in the buffer it got), at most once per frame
/// callback; when the model is at rest nothing is scheduled at all.
public final class OverlaySession {
    public let model: OverlayModel
    public let painter: OverlayPainter
    public var recorder: TraceRecorder?
    /// Monotonic time of session second 0.
    public let start: Double
    /// Input received → the commit showing it (includes waiting for the frame callback).
    public var eventToCommit = LatencyStats(name: "event→commit")
    /// The work of one frame: engine step, damage, render, commit (no waiting).
    public var frameProcessing = LatencyStats(name: "frame processing (engine+render+commit)")
    /// From wp_presentation feedback (or the X11 equivalent), when the display reports it.
    public var motionToPresent = LatencyStats(name: "motion→present")
    /// To the frame callback that says the compositor used the frame: an upper
    /// bound on motion→present where presentation timing is not reported
    /// (sway does not send it for layer surfaces).
    public var motionToFrameDone = LatencyStats(name: "motion→frame-done")
    /// Where the session's timer should fire next (monotonic s); the backend's loop arms it.
    public var setDeadline: (Double?) -> Void = { _ in }
    public var log: (String) -> Void = { _ in }
    /// Set by a backend that can move the system pointer (X11): recentering,
    /// magnetism and constrained axes then put the real pointer where the drawn
    /// one is, so a click lands there.
    public var warpPointer: ((Point) -> Void)?
    /// The user pressed the quit shortcut (Ctrl+Alt+Escape); the host stops.
    /// The key itself never reaches the model or the recording.
    public var onQuitShortcut: (() -> Void)?

    private struct CanvasState {
        var canvas: OverlayCanvas
        var lastFrame: PointerFrame?
        var lastBanner: Banner?
        var needsDraw = true
    }
    private var canvases: [Int: CanvasState] = [:]
    /// The canvas the pointer is over; the pointer is drawn only there.
    public private(set) var pointerCanvas: Int?
    private var oldestUncommittedInput: Double?
    private var presentedOnce = false
    private var warnedRequests = Set<String>()
    private var heldModifiers: Set<ModifierKey> = []
    private var bannerText: String?
    /// Session second at which the banner is gone.
    private var bannerEnd = 0.0
    static let bannerFade = 0.4

    public init(model: OverlayModel, painter: OverlayPainter, start: Double = MonotonicClock.now()) {
        self.model = model
        self.painter = painter
        self.start = start
    }

    // MARK: input

    /// Feeds one input event, stamped `now` (monotonic s).
    public func handle(_ kind: InputEvent.Kind, at now: Double) {
        if case .modifiers(let keys) = kind { heldModifiers = keys }
        if QuitShortcut.matches(kind, held: heldModifiers), let onQuitShortcut {
            return onQuitShortcut()
        }
        let event = InputEvent(time: now - start, kind)
        recorder?.record(event)
        model.handle(event)
        if oldestUncommittedInput == nil { oldestUncommittedInput = now }
        for request in model.drainHostRequests() { perform(request) }
        markAllDirty()
    }

    /// The compositor moved the pointer onto canvas `id` (nil: off all canvases).
    public func pointerMoved(toCanvas id: Int?) {
        guard id != pointerCanvas else { return }
        pointerCanvas = id
        markAllDirty()
    }

    private func perform(_ request: HostRequest) {
        switch request {
        case .openMenu, .closeMenu:
            break // the menu is part of the frame the painter draws
        case .warpPointer(let p):
            if let warpPointer { return warpPointer(p) }
            // Wayland clients cannot move the compositor's pointer; the drawn
            // pointer is where the engine says, the real one catches up on the next motion.
            if warnedRequests.insert("warp").inserted {
                log("note: this display cannot warp the pointer; recentering is drawn but not applied to the system pointer")
            }
        }
    }

    // MARK: banner

    /// Shows `text` over every canvas for `seconds` from `now` (monotonic s);
    /// it fades out over its last 0.4 s.
    public func showBanner(_ text: String, for seconds: Double, now: Double = MonotonicClock.now()) {
        bannerText = text
        bannerEnd = now - start + seconds
        markAllDirty()
    }

    /// The banner as it looks at session second `t`; nil once it is gone.
    func banner(at t: Double) -> Banner? {
        guard let text = bannerText, t < bannerEnd else { return nil }
        return Banner(text: text, opacity: min(1, (bannerEnd - t) / Self.bannerFade))
    }

    /// When the banner next changes on screen (session s): the start of its fade,
    /// then every frame until it is gone.
    private func bannerWake(after t: Double, frameInterval: Double) -> Double? {
        guard bannerText != nil, t < bannerEnd else { return nil }
        let fadeStart = bannerEnd - Self.bannerFade
        return t < fadeStart ? fadeStart : min(bannerEnd, t + frameInterval)
    }

    // MARK: scenes

    /// Hot reload, all or nothing: the painter builds the new stage first; only
    /// when that works does the model take the scene. On failure both keep the
    /// last good scene and the error is thrown.
    public func replace(scene: Scene) throws {
        try painter.replace(scene: scene)
        model.replace(scene: scene)
        for id in canvases.keys { canvases[id]?.lastFrame = nil }
        markAllDirty()
    }

    // MARK: canvases

    public func add(_ canvas: OverlayCanvas) {
        canvases[canvas.canvasID] = CanvasState(canvas: canvas)
    }

    public func remove(canvasID id: Int) {
        canvases[id] = nil
        if pointerCanvas == id { pointerCanvas = nil }
    }

    /// The canvas was resized or its buffers were dropped: repaint all of it.
    public func invalidate(canvasID id: Int) {
        canvases[id]?.lastFrame = nil
        canvases[id]?.needsDraw = true
    }

    /// Some canvas still wants a frame it could not take yet (a backend that
    /// paces frames itself, like X11, wakes up for it).
    public var hasPendingDraws: Bool { canvases.values.contains { $0.needsDraw } }

    private func markAllDirty() {
        for id in canvases.keys { canvases[id]?.needsDraw = true }
    }

    /// Draws every canvas that needs it and can take a frame now, then works
    /// out when the model next needs a tick. Call after input, after a frame
    /// callback, a buffer release or a configure, and when the timer fires.
    public func service(now: Double = MonotonicClock.now()) {
        let t = now - start
        let began = MonotonicClock.now()
        var frame: PointerFrame?
        var committed = false
        let banner = banner(at: t)
        for id in canvases.keys.sorted() {
            guard var state = canvases[id], state.needsDraw, state.canvas.isReadyToDraw else { continue }
            let f = frame ?? model.frame(at: t)
            frame = f
            var shown = f
            if pointerCanvas != id { shown.hidden = true }
            let size = state.canvas.sizeInPoints
            var damage = painter.damage(from: state.lastFrame, to: shown, canvasSize: size)
            // The whole banner, rim included: a rim left behind would stay on screen.
            if banner != state.lastBanner { damage.append(BannerPainter.bounds(canvasSize: size)) }
            if damage.isEmpty {
                state.needsDraw = false
                canvases[id] = state
                continue
            }
            guard let (target, stale) = state.canvas.beginFrame() else { continue }
            let full = [Rect(x: 0, y: 0, width: size.width, height: size.height)]
            // Whole pixels only: an antialiased clip edge would blend old and new pixels.
            let aligned = damage.map { Self.pixelAligned($0, scale: target.scale) }
            let clip = stale.map { aligned + $0 } ?? full
            do {
                try painter.draw(shown, into: target, clip: clip)
                if let banner { try painter.drawBanner(banner, into: target, canvasSize: size, clip: clip) }
            } catch {
                // Never commit (or remember as drawn) a half-drawn buffer: the
                // screen keeps the last good frame, and the next draw is a full one.
                state.canvas.cancelDraw()
                if warnedRequests.insert("draw: \(error)").inserted {
                    log("draw failed on \(state.canvas.canvasName): \(error)")
                }
                state.lastFrame = nil
                state.needsDraw = false
                canvases[id] = state
                continue
            }
            state.canvas.endDraw(damage: state.lastFrame == nil ? full : aligned, inputTime: oldestUncommittedInput)
            state.lastFrame = shown
            state.lastBanner = banner
            state.needsDraw = false
            canvases[id] = state
            committed = true
        }
        // Time alone can make requests (an inferred lift recentres, a glide ends).
        for request in model.drainHostRequests() { perform(request) }
        if committed { frameProcessing.add(MonotonicClock.now() - began) }
        if committed, let input = oldestUncommittedInput {
            eventToCommit.add(MonotonicClock.now() - input)
            oldestUncommittedInput = nil
        } else if !canvases.values.contains(where: { $0.needsDraw }) {
            oldestUncommittedInput = nil // the input changed nothing on screen
        }
        scheduleWake(after: t, committed: committed)
    }

    /// `r` grown outward to whole pixels at `scale` (pixels per pt).
    static func pixelAligned(_ r: Rect, scale: Double) -> Rect {
        guard scale > 0 else { return r }
        let x0 = (r.minX * scale).rounded(.down), y0 = (r.minY * scale).rounded(.down)
        let x1 = (r.maxX * scale).rounded(.up), y1 = (r.maxY * scale).rounded(.up)
        return Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
    }

    private func scheduleWake(after t: Double, committed: Bool) {
        let frameInterval = 1.0 / 60
        let wakes = [model.nextWakeTime(after: t), bannerWake(after: t, frameInterval: frameInterval)].compactMap { $0 }
        guard let wake = wakes.min() else {
            setDeadline(nil) // at rest: no timer, no frame callback, zero wake-ups
            return
        }
        if wake <= t + frameInterval {
            // Animating: the next frame callback (or buffer release) paces the
            // next draw. Only when no canvas will call back do we need the timer.
            markAllDirty()
            let willCallBack = committed || canvases.values.contains { !$0.canvas.isReadyToDraw }
            setDeadline(willCallBack ? nil : start + t + frameInterval)
        } else {
            setDeadline(start + wake)
        }
    }

    /// The timer fired.
    public func timerFired(now: Double = MonotonicClock.now()) {
        markAllDirty()
        service(now: now)
    }

    /// A frame committed with `inputTime` was shown at `presentedAt` (monotonic s).
    public func presented(canvasID id: Int, inputTime: Double?, presentedAt: Double) {
        if !presentedOnce {
            presentedOnce = true
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame presented on \(name) (presentation feedback)")
        }
        if let inputTime { motionToPresent.add(presentedAt - inputTime) }
    }

    /// The display used a frame committed with `inputTime` (frame callback).
    public func frameDone(canvasID id: Int, inputTime: Double?, at: Double) {
        if !frameShownOnce {
            frameShownOnce = true
            let name = canvases[id]?.canvas.canvasName ?? "?"
            log("first frame shown on \(name) (frame callback)")
        }
        if let inputTime { motionToFrameDone.add(at - inputTime) }
    }
    private var frameShownOnce = false

    public var statsSummary: String {
        [eventToCommit.summary, frameProcessing.summary, motionToPresent.summary, motionToFrameDone.summary]
            .joined(separator: "\n")
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
