import CXCB
import Foundation
import GLRenderer
import PointerCore
import PointerHost

/// The X11 backend: a window per monitor (stage or overlay) as session
/// canvases; XInput2, XKB, RandR and XFixes events translated into
/// `InputEvent`s for the session, which owns the engine and the renderer.
/// Runs on the host's `EventLoop` (the xcb fd is one of its sources).
public final class X11Overlay {
    public let options: X11Options
    private let session: OverlaySession
    private unowned let loop: EventLoop
    let connection: XCBConnection
    private let input: PointerInput
    private let keyboard: Keyboard?
    private let cursor: CursorHider
    private let compositor: CompositorWatch
    private let sampler: ScreenSampler
    private var canvases: [X11Canvas] = []
    /// The GL context stage windows are drawn with through EGL (nil: shared memory).
    private var glContext: GLContext?
    private var nextCanvasID = 1
    public private(set) var scale: Double
    /// The canvas the real pointer is on, and where on it (canvas pt).
    private var pointerCanvas: X11Canvas?
    private var steps: HostPointerSteps
    private var needsService = false
    private var sessionDeadline: Double?
    private var pacingDeadline: Double?
    public private(set) var failure: X11Error?
    public var log: (String) -> Void
    /// Another top-level window was mapped, unmapped, moved, resized or restacked.
    public var onDesktopWindowsChanged: () -> Void = {}
    /// The pointer went onto another monitor (root pixels; nil: off every monitor).
    public var onPointerMonitorChanged: (Monitor?) -> Void = { _ in }

    /// AP_X11_DEBUG=1 logs every X event.
    static let debug = ProcessInfo.processInfo.environment["AP_X11_DEBUG"] != nil

    public init(session: OverlaySession, loop: EventLoop, options: X11Options = X11Options(),
                log: @escaping (String) -> Void) throws {
        self.session = session
        self.loop = loop
        self.options = options
        self.log = log
        connection = try XCBConnection(display: options.display)
        compositor = CompositorWatch(connection: connection)
        scale = options.scale ?? DisplayScale.fromResources(connection.stringProperty(connection.root, "RESOURCE_MANAGER")) ?? 1
        steps = HostPointerSteps(pixelsPerPoint: scale)
        let monitors = connection.monitors()
        if let wanted = options.output, !monitors.contains(where: { $0.name == wanted }) {
            throw X11Error.noMonitor(requested: wanted, available: monitors.map(\.name))
        }
        input = try PointerInput(connection: connection, mode: options.mode, root: connection.root)
        keyboard = Keyboard(connection: connection)
        cursor = CursorHider(connection: connection)
        sampler = ScreenSampler(connection: connection)
        connection.watchMonitors()
        if options.mode == .overlay {
            // Stay on top: hear about windows mapped or raised on the root.
            var mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue
            xcb_change_window_attributes(connection.raw, connection.root, XCB_CW_EVENT_MASK.rawValue, &mask)
            session.painter.backgroundSampler = sampler
        }
        // The X server accelerates pointer motion itself: the engine takes its steps 1:1
        // (they still feed inertia and magnetism).
        // Sent as an event, so a recording says so and replays 1:1 too.
        session.handle(.acceleration(.host), at: MonotonicClock.now())
        session.warpPointer = { [unowned self] p in warp(to: p) }
        // One loop timer serves both the session's deadline and frame pacing.
        session.setDeadline = { [unowned self] t in sessionDeadline = t; armTimer() }
        loop.onTimer = { [unowned self] in timerFired() }

        if keyboard == nil { log("XKB unavailable: modifier keys will not change the pointer") }
        let composited = compositor.isComposited
        if options.mode == .overlay && !composited {
            log("no compositing manager (\(compositor.selection) unowned): using a shaped window around the pointer")
        }
        if !input.gesturesAvailable {
            log("XInput 2.\(connection.xinputMinor): no touchpad pinch/swipe gestures (they need XInput 2.4)")
        }
        // A GL painter draws stage windows through EGL on this connection. The overlay keeps
        // CPU buffers: its shape and screen sampling read the pixels it shows.
        if options.mode == .stage {
            glContext = session.painter.windowContext(for: .xcb(UnsafeMutableRawPointer(connection.raw), screen: connection.screenNumber))
            if glContext != nil { log("drawing with GL into EGL window surfaces (xcb)") }
        }
        for m in monitors where options.output == nil || m.name == options.output { try addCanvas(m, composited: composited) }
        if canvases.isEmpty { throw X11Error.noMonitor(requested: options.output, available: monitors.map(\.name)) }

        loop.add(EventLoop.Source(fd: connection.fileDescriptor, prepare: { [unowned self] in
            // xcb may already hold events read while waiting for a reply.
            dispatch(queuedOnly: true)
            connection.flush()
        }, handle: { [unowned self] revents in
            if revents & Int16(POLLHUP | POLLERR) != 0 || connection.failure != nil {
                failure = connection.failure ?? .connectionLost(code: -1)
                loop.stop(exitCode: failure?.exitCode ?? 4)
                return
            }
            dispatch(queuedOnly: false)
        }))
        if let mods = keyboard?.initialModifiers(), !mods.isEmpty { session.handle(.modifiers(mods), at: MonotonicClock.now()) }
        pointerMoved(now: MonotonicClock.now())  // start where the real pointer is
        service()
        connection.flush()
    }

    deinit { shutdown() }

    /// Shows the real cursor again and closes the windows (also on SIGTERM/SIGINT,
    /// after the loop returns). Safe to call twice.
    public func shutdown() {
        cursor.show()
        for c in canvases { session.remove(canvasID: c.canvasID) }
        canvases.removeAll()
        if glContext != nil {
            glContext = nil
            session.painter.windowSystemClosing() // EGL lets go of the connection before it closes
        }
        connection.flush()
    }

    /// The monitor the real pointer is on.
    public var pointerMonitor: Monitor? { pointerCanvas?.monitor }
    /// The first monitor shown (the primary one when it is shown).
    public var primaryMonitor: Monitor? { (canvases.first { $0.monitor.primary } ?? canvases.first)?.monitor }

    /// Other applications' top-level windows, bottom to top (root pixels).
    public func stackedWindows() -> [StackedWindow] {
        connection.stackedWindows(excluding: Set(canvases.map(\.window.id)))
    }
    public var usesCompositor: Bool { compositor.isComposited }
    public var usesSharedMemory: Bool { canvases.first?.usesSharedMemory ?? false }

    // MARK: canvases

    private func addCanvas(_ monitor: Monitor, composited: Bool) throws {
        let window = try X11Window(connection: connection, monitor: monitor, mode: options.mode,
                                   composited: composited, title: options.title)
        let canvas = try X11Canvas(id: nextCanvasID, window: window, scale: scale, gl: glContext)
        nextCanvasID += 1
        try input.selectWindowEvents(window.id)
        canvas.willDraw = { [unowned self, unowned canvas] in sampler.beginFrame(on: canvas) }
        canvas.beforePresent = { [unowned self, unowned canvas] buffer, damage in
            if canvas.window.shaped { sampler.composite(buffer, damage, on: canvas) }
        }
        canvases.append(canvas)
        session.add(canvas)
        log("\(options.mode.rawValue) on \(monitor.name) \(monitor.width)x\(monitor.height)+\(monitor.x)+\(monitor.y) scale \(scale)"
            + (canvas.usesEGL ? " (EGL)" : canvas.usesSharedMemory ? "" : " (no MIT-SHM: PutImage)"))
    }

    private func canvas(atRootX x: Int, y: Int) -> X11Canvas? {
        canvases.first { $0.monitor.contains(x: x, y: y) }
    }

    private func monitorsChanged() {
        let monitors = connection.monitors()
        var kept: [X11Canvas] = []
        for c in canvases {
            if let m = monitors.first(where: { $0.name == c.monitor.name }) {
                if m != c.monitor {
                    log("monitor \(m.name) is now \(m.width)x\(m.height)+\(m.x)+\(m.y)")
                    do { try c.reconfigure(monitor: m, scale: scale) } catch { log("cannot follow \(m.name): \(error)") }
                    session.invalidate(canvasID: c.canvasID)
                }
                kept.append(c)
            } else {
                log("monitor \(c.monitor.name) went away")
                session.remove(canvasID: c.canvasID)
                if pointerCanvas === c { pointerCanvas = nil }
            }
        }
        canvases = kept
        for m in monitors where !canvases.contains(where: { $0.monitor.name == m.name })
            && (options.output == nil || m.name == options.output) {
            do { try addCanvas(m, composited: compositor.isComposited) } catch { log("cannot open a window on \(m.name): \(error)") }
        }
        pointerMoved(now: MonotonicClock.now())
        needsService = true
    }

    // MARK: events

    private func dispatch(queuedOnly: Bool) {
        let now = MonotonicClock.now()
        var moved = Moved()
        while let event = queuedOnly ? xcb_poll_for_queued_event(connection.raw) : xcb_poll_for_event(connection.raw) {
            defer { free(event) }
            handle(UnsafePointer(event), now: now, moved: &moved)
        }
        if moved.any { pointerMoved(now: now, absolute: moved.absolute) }
        if needsService {
            needsService = false
            service()
        }
    }

    // MARK: frame pacing

    /// Lets the session draw, then, if a canvas still wants a frame but must
    /// wait for the refresh interval, wakes up when it may draw.
    private func service(now: Double = MonotonicClock.now()) {
        session.service(now: now)
        pacingDeadline = session.hasPendingDraws ? canvases.map(\.nextFrameTime).filter { $0 > now }.min() : nil
        armTimer()
    }

    private func armTimer() {
        let times = [sessionDeadline, pacingDeadline].compactMap { $0 }
        loop.setDeadline(times.min())
    }

    private func timerFired() {
        let now = MonotonicClock.now()
        if let t = sessionDeadline, t <= now {
            sessionDeadline = nil
            session.timerFired(now: now)  // draws too; may set a new deadline
        }
        service(now: now)
    }

    /// Raw motion seen in one batch of events: one QueryPointer answers it.
    private struct Moved {
        var any = false
        /// Some of it came from a device that places the pointer (tablet, touchscreen).
        var absolute = false
    }

    private func handle(_ e: UnsafePointer<xcb_generic_event_t>, now: Double, moved: inout Moved) {
        let type = e.pointee.response_type & 0x7f
        if Self.debug { log("event \(type)") }
        if input.isEvent(e) {
            for native in input.handle(e) { translate(native, now: now, moved: &moved) }
        } else if let keyboard, keyboard.isEvent(e) {
            if let mods = keyboard.handle(e) { deliver(.modifiers(mods), now: now) }
        } else if connection.shmAvailable && type == connection.shmFirstEvent + UInt8(XCB_SHM_COMPLETION) {
            let seg = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_shm_completion_event_t.self).pointee.shmseg
            if canvases.contains(where: { $0.uploadCompleted(seg: seg) }) && session.hasPendingDraws { needsService = true }
        } else if compositor.isOwnerChange(e) {
            let composited = compositor.isComposited
            guard options.mode == .overlay else { return }
            log(composited ? "a compositing manager started: ARGB overlay" : "the compositing manager went away: shaped window")
            for c in canvases {
                c.window.setComposited(composited)
                c.invalidate()
                session.invalidate(canvasID: c.canvasID)
            }
            needsService = true
        } else if type == connection.randrFirstEvent + UInt8(XCB_RANDR_SCREEN_CHANGE_NOTIFY)
                    || type == connection.randrFirstEvent + UInt8(XCB_RANDR_NOTIFY) {
            monitorsChanged()
        } else if type == UInt8(XCB_MAP_NOTIFY) || type == UInt8(XCB_CONFIGURE_NOTIFY) || type == UInt8(XCB_UNMAP_NOTIFY) {
            // Same layout for all three: response, pad, sequence, event, window.
            let w = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_map_notify_event_t.self).pointee.window
            if options.mode == .overlay && !canvases.contains(where: { $0.window.id == w }) {
                if type != UInt8(XCB_UNMAP_NOTIFY) { for c in canvases { c.window.raise() } }
                onDesktopWindowsChanged()
            }
        } else if type == UInt8(XCB_EXPOSE) {
            let x = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_expose_event_t.self).pointee
            canvases.first { $0.window.id == x.window }?
                .exposed(PixelRect(x: Int(x.x), y: Int(x.y), width: Int(x.width), height: Int(x.height)))
        } else if type == 0 {
            let err = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_generic_error_t.self).pointee
            log("X error \(err.error_code) (request \(err.major_code).\(err.minor_code))")
        }
    }

    private func translate(_ native: PointerNative, now: Double, moved: inout Moved) {
        switch native {
        case .moved(let absolute):
            moved.any = true
            moved.absolute = moved.absolute || absolute
        case .at(let x, let y, let absolute):
            // Device motion says where the pointer is: the raw motion before it needs no query.
            moved = Moved()
            pointer(atRootX: x, y: y, absolute: absolute, now: now)
        case .button(let b, let s): deliver(.button(b, s), now: now)
        case .scroll(let dx, let dy, let src):
            // X counts scrolling down as +; a trace's scroll is how far the content moves
            // (docs/trace-format.md: dy −12 → offset −12), so wheel-down moves the content up.
            deliver(.scroll(dx: -dx / scale, dy: -dy / scale, source: src, phase: nil), now: now)
        case .pinch(let phase, let s, let r): deliver(.pinch(phase: phase, scale: s, rotation: r), now: now)
        case .swipe(let phase, let f, let dx, let dy): deliver(.swipe(phase: phase, fingers: f, dx: dx / scale, dy: dy / scale), now: now)
        case .leave: left(now: now)
        case .key(let keycode):
            if let name = keyboard?.reportedKeyName(keycode: keycode) { deliver(.key(name), now: now) }
        }
    }

    /// Overlay: where is the pointer now? One QueryPointer per batch of raw motion.
    private func pointerMoved(now: Double, absolute: Bool = false) {
        guard let p = connection.queryPointer() else { return }
        pointer(atRootX: Double(p.x), y: Double(p.y), absolute: absolute, now: now)
    }

    /// The real pointer is at a root position; `HostPointerSteps` decides between
    /// motion and placement (arriving on a canvas, or moved by a device that places
    /// the pointer, is a placement).
    private func pointer(atRootX x: Double, y: Double, absolute: Bool, now: Double) {
        guard let canvas = canvas(atRootX: Int(x.rounded(.down)), y: Int(y.rounded(.down))) else {
            left(now: now)
            return
        }
        let point = Point(x: (x - Double(canvas.monitor.x)) / scale, y: (y - Double(canvas.monitor.y)) / scale)
        if pointerCanvas !== canvas {
            pointerCanvas = canvas
            session.pointerMoved(toCanvas: canvas.canvasID)
            steps.reset()
            onPointerMonitorChanged(canvas.monitor)
        }
        if let event = steps.event(at: point, absolute: absolute) { deliver(event, now: now) }
        if options.mode == .overlay { cursor.hide() }
    }

    private func left(now: Double) {
        guard pointerCanvas != nil else { return }
        pointerCanvas = nil
        steps.reset()
        session.pointerMoved(toCanvas: nil)
        deliver(.leave, now: now)
        cursor.show()
    }

    private func deliver(_ kind: InputEvent.Kind, now: Double) {
        if Self.debug { log("input \(kind)") }
        session.handle(kind, at: now)
        needsService = true
    }

    /// Recentering, magnetism, constrained axes: move the real pointer to where
    /// the drawn one is, so a click lands there.
    private func warp(to p: Point) {
        guard let canvas = pointerCanvas else { return }
        let x = Int((p.x * scale + Double(canvas.monitor.x)).rounded())
        let y = Int((p.y * scale + Double(canvas.monitor.y)).rounded())
        connection.warpPointer(toRootX: x, y: y)
        steps.placed(at: Point(x: (Double(x) - Double(canvas.monitor.x)) / scale, y: (Double(y) - Double(canvas.monitor.y)) / scale))
    }
}

extension X11Error {
    /// `run`'s exit codes (see RunCommand).
    public var exitCode: Int32 {
        switch self {
        case .cannotConnect: return 3
        case .connectionLost: return 4
        case .requestFailed: return 5
        case .missingExtension, .noARGBVisual, .noMonitor: return 6
        }
    }
}
