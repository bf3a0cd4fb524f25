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
    let session: OverlaySession
    unowned let loop: EventLoop
    let connection: XCBConnection
    let input: PointerInput
    let keyboard: Keyboard?
    let cursor: CursorHider
    let compositor: CompositorWatch
    let sampler: ScreenSampler
    var canvases: [X11Canvas] = []
    /// The GL context stage windows are drawn with through EGL (nil: shared memory).
    var glContext: GLContext?
    public private(set) var scale: Double
    var intake: X11MotionIntake
    var wake = X11LoopWake()
    /// Real finger lifts from the touchpads' evdev nodes, where readable (B12).
    var touchpadContact: TouchpadContact?
    var tallies = X11Tallies()
    public private(set) var failure: X11Error?
    public var log: (String) -> Void
    /// Another top-level window was mapped, unmapped, moved, resized or restacked.
    public var onDesktopWindowsChanged: () -> Void = {}
    /// The pointer went onto another monitor (root pixels; nil: off every monitor).
    public var onPointerMonitorChanged: (Monitor?) -> Void = { _ in }

    /// AP_X11_DEBUG=1 logs every X event.
    static let debug = ProcessInfo.processInfo.environment["AP_X11_DEBUG"] != nil

    public init(
        session: OverlaySession, loop: EventLoop, options: X11Options = X11Options(),
        log: @escaping (String) -> Void
    ) throws {
        self.session = session
        self.loop = loop
        self.options = options
        self.log = log
        connection = try XCBConnection(display: options.display)
        compositor = CompositorWatch(connection: connection)
        scale =
            options.scale ?? DisplayScale.fromResources(connection.stringProperty(connection.root, "RESOURCE_MANAGER"))
            ?? 1
        intake = X11MotionIntake(steps: HostPointerSteps(pixelsPerPoint: scale))
        let monitors = connection.monitors()
        if let wanted = options.output, !monitors.contains(where: { $0.name == wanted }) {
            throw X11Error.noMonitor(requested: wanted, available: monitors.map(\.name))
        }
        input = try PointerInput(
            connection: connection, mode: options.mode, root: connection.root,
            reportsDevices: options.pointingDevice == nil)
        keyboard = Keyboard(connection: connection)
        cursor = CursorHider(connection: connection)
        sampler = ScreenSampler(connection: connection)
        connection.watchMonitors()
        if options.mode == .overlay {
            // Stay on top: hear about windows mapped or raised on the root.
            var mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue
            xcb_change_window_attributes(connection.raw, connection.root, XCB_CW_EVENT_MASK.rawValue, &mask)
            session.renderer.backgroundSampler = sampler
            session.backendStats = { [unowned self] in
                [
                    "desktop captures: \(sampler.captures), moves answered without one: \(sampler.capturesSaved)",
                    "exposed areas copied again: \(tallies.exposedCopies)",
                    "bounding shapes set: \(tallies.shapesSent), the same as shown (not sent): \(tallies.shapesUnchanged)",
                ]
            }
        }
        // The X server accelerates pointer motion itself: the engine takes its steps 1:1
        // (they still feed inertia and magnetism).
        // Sent as an event, so a recording says so and replays 1:1 too.
        session.handle(.acceleration(.host), at: MonotonicClock.now())
        // Until a device moves the pointer, it is taken for a mouse: it never glides.
        let contact = TouchpadContact(loop: loop, log: log) { [unowned self] kind, time in
            flushMotion()
            deliver(kind, now: time)
            wake.needsService = false
            service()
        }
        touchpadContact = contact
        session.handle(.device(contact.device(options.pointingDevice ?? .unknown)), at: MonotonicClock.now())
        session.warpPointer = { [unowned self] p in warp(to: p) }
        // One loop timer serves both the session's deadline and frame pacing.
        session.setDeadline = { [unowned self] t in
            wake.session = t
            armTimer()
        }
        loop.onTimer = { [unowned self] in timerFired() }

        if keyboard == nil { log("XKB unavailable: modifier keys will not change the pointer") }
        let composited = compositor.isComposited
        if options.mode == .overlay && !composited {
            log("no compositing manager (\(compositor.selection) unowned): using a shaped window around the pointer")
        }
        if !input.gesturesAvailable {
            log("XInput 2.\(connection.xinputMinor): no touchpad pinch/swipe gestures (they need XInput 2.4)")
        }
        // A GL renderer draws stage windows through EGL on this connection. The overlay keeps
        // CPU buffers: its shape and screen sampling read the pixels it shows.
        if options.mode == .stage {
            glContext = session.renderer.windowContext(
                for: .xcb(UnsafeMutableRawPointer(connection.raw), screen: connection.screenNumber))
            if glContext != nil { log("drawing with GL into EGL window surfaces (xcb)") }
        }
        for m in monitors where options.output == nil || m.name == options.output {
            try addCanvas(m, composited: composited)
        }
        if canvases.isEmpty { throw X11Error.noMonitor(requested: options.output, available: monitors.map(\.name)) }

        loop.add(
            EventLoop.Source(
                fd: connection.fileDescriptor,
                prepare: { [unowned self] in
                    // xcb may already hold events read while waiting for a reply.
                    dispatch(queuedOnly: true)
                    connection.flush()
                },
                handle: { [unowned self] revents in
                    if revents & Int16(POLLHUP | POLLERR) != 0 || connection.failure != nil {
                        failure = connection.failure ?? .connectionLost(code: -1)
                        loop.stop(failure?.exitStatus ?? .connectionLost)
                        return
                    }
                    dispatch(queuedOnly: false)
                }, currentEvents: { [unowned self] in connectionPollEvents }))
        if let mods = keyboard?.initialModifiers(), !mods.isEmpty {
            session.handle(.modifiers(mods), at: MonotonicClock.now())
        }
        pointerMoved(now: MonotonicClock.now()) // start where the real pointer is
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
            session.renderer.windowSystemClosing() // EGL lets go of the connection before it closes
        }
        connection.flush()
    }

    /// The monitor the real pointer is on.
    public var pointerMonitor: Monitor? { intake.pointerCanvas?.monitor }
    /// The first monitor shown (the primary one when it is shown).
    public var primaryMonitor: Monitor? { (canvases.first { $0.monitor.primary } ?? canvases.first)?.monitor }

    /// Other applications' top-level windows, bottom to top (root pixels).
    public func stackedWindows() -> [StackedWindow] {
        connection.stackedWindows(excluding: Set(canvases.map(\.window.id)))
    }
    public var usesCompositor: Bool { compositor.isComposited }
    public var usesSharedMemory: Bool { canvases.first?.usesSharedMemory ?? false }
}
