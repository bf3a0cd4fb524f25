import CWaylandClient
import GLRenderer
import PointerCore
import PointerHost

/// Options for the Wayland backend (from `run`).
public struct WaylandOptions: Sendable {
    /// Show the overlay on this output only (wl_output name, e.g. "HEADLESS-1", "DP-2").
    public var outputName: String?
    /// Feed the compositor's (accelerated) absolute positions only (default);
    /// false: unaccelerated relative-pointer deltas when offered.
    public var absolutePointer: Bool
    /// Socket name; nil = $WAYLAND_DISPLAY.
    public var displayName: String?
    public var title: String
    /// `run --pointing-device`: the kind of device the user says moves the
    /// pointer; nil = guess it from what the seat sends (`SeatDeviceGuess`).
    public var pointingDevice: PointingDevice.Kind?

    public init(
        outputName: String? = nil, absolutePointer: Bool = true, displayName: String? = nil,
        title: String = "AdaptivePointer", pointingDevice: PointingDevice.Kind? = nil
    ) {
        self.pointingDevice = pointingDevice
        self.outputName = outputName
        self.absolutePointer = absolutePointer
        self.displayName = displayName
        self.title = title
    }
}

/// The Wayland backend: connects, puts an overlay surface on every output
/// (layer-shell, or a fullscreen xdg toplevel when that is missing) and
/// translates seat input into the session's InputEvents. All pointer logic
/// and drawing decisions live in the session.
///
/// Coordinates: each output shows the stage with the canvas origin at the
/// output's top-left (canvas pt = surface-local logical coordinates). The
/// pointer is drawn on the output the compositor says it is on.
public final class WaylandOverlay {
    // Implicitly unwrapped only so deinit can tear down in order: every proxy
    // before the registry's globals, the connection last.
    private(set) var display: Display!
    private(set) var registry: Registry!
    let session: OverlaySession
    var intake = WaylandMotionIntake()
    let loop: EventLoop
    private let options: WaylandOptions
    private var outputs: [UInt32: Output] = [:]
    private var seats: [UInt32: Seat] = [:]
    var surfaces: [UInt32: OverlaySurface] = [:]
    var pointerSurface: UInt32?
    /// GNOME: the compositor's companion gives the global pointer and windows,
    /// and the overlay takes no input (nil: the overlay reads its own seat).
    let companion: CompanionLink?
    var companionState = CompanionState()
    private var needsService = false
    /// Real finger lifts from the touchpads' evdev nodes, where readable (B12).
    private var touchpadContact: TouchpadContact?
    private var loggedFallback = false
    /// The GL context frames are drawn with into EGL windows (nil: shm buffers).
    private var glContext: GLContext?
    /// Set when the loop stopped because of the connection.
    public internal(set) var failure: WaylandError?
    public var log: (String) -> Void

    /// Whether the layer-shell role is in use (false: xdg-shell fallback).
    public var usesLayerShell: Bool { registry.layerShell != nil }

    public init(
        session: OverlaySession, loop: EventLoop, options: WaylandOptions = WaylandOptions(),
        companion: CompanionLink? = nil, log: @escaping (String) -> Void
    ) throws {
        self.session = session
        self.companion = companion
        self.loop = loop
        self.options = options
        self.log = log
        display = try Display(name: options.displayName)
        registry = Registry(display: display.display)
        registry.onOutput = { [unowned self] name, proxy, version in
            addOutput(name: name, proxy: proxy, version: version)
        }
        registry.onSeat = { [unowned self] name, proxy, version in
            seats[name] = Seat(globalName: name, proxy: proxy, version: version, overlay: self)
        }
        registry.onGlobalRemove = { [unowned self] name in globalRemoved(name) }
        try display.roundtrip() // globals
        guard registry.compositor != nil else {
            throw WaylandError.missingGlobal(interface: "wl_compositor", hint: "Is this really a Wayland compositor?")
        }
        guard registry.shm != nil else {
            throw WaylandError.missingGlobal(interface: "wl_shm", hint: "The overlay draws into shared-memory buffers.")
        }
        if registry.layerShell == nil && registry.wmBase == nil {
            throw WaylandError.missingGlobal(
                interface: "zwlr_layer_shell_v1 or xdg_wm_base",
                hint: "Use a compositor with layer-shell (sway, Hyprland, KDE) or xdg-shell.")
        }
        try display.roundtrip() // output names/scales, seat capabilities, keymaps
        // A GL renderer draws into EGL windows on this connection (wl_egl_window).
        glContext = session.renderer.windowContext(for: .wayland(UnsafeMutableRawPointer(display.display)))
        if glContext != nil { log("drawing with GL into EGL windows (wl_egl_window)") }
        // Sent as an event, so a recording says so and replays 1:1 too.
        if !relativeMode { session.handle(.acceleration(.host), at: MonotonicClock.now()) }
        // Until the seat shows a touchpad, the pointer is taken for a mouse: it never glides.
        // A finger on a touchpad also tells the seat's pointer is a touchpad (the hold).
        let contact = TouchpadContact(loop: loop, log: log) { [unowned self] kind, time in
            input(kind, at: time)
            needsService = false
            session.service()
        }
        touchpadContact = contact
        session.handle(.device(contact.device(options.pointingDevice ?? .unknown)), at: MonotonicClock.now())
        if let wanted = options.outputName, !outputs.values.contains(where: { $0.name == wanted }) {
            throw WaylandError.noSuchOutput(name: wanted, available: outputs.values.compactMap(\.name).sorted())
        }
        session.setDeadline = { [unowned loop] t in loop.setDeadline(t) }
        loop.onTimer = { [unowned session] in session.timerFired() }
        for source in try display.eventSources(
            onFailure: { [unowned self] error in
                failure = error
                loop.stop(error.exitStatus)
            },
            afterDispatch: { [unowned self] in
                // After each batch of dispatched events: draw what they changed, once.
                deliverPendingMotion()
                guard needsService else { return }
                needsService = false
                session.service()
            })
        {
            loop.add(source)
        }
        if let companion { attach(companion) }
        session.service()
    }

    deinit {
        companion?.disconnect() // the companion shows the system cursor again
        display?.stopReading() // no events are read for proxies being destroyed
        for id in surfaces.keys { session.remove(canvasID: Int(id)) }
        surfaces.removeAll()
        if glContext != nil {
            glContext = nil
            session.renderer.windowSystemClosing() // EGL lets go of the connection before it closes
        }
        seats.removeAll()
        outputs.removeAll()
        registry = nil
        if let display { wl_display_flush(display.display) }
        display = nil
    }

    // MARK: outputs and surfaces

    private func addOutput(name: UInt32, proxy: OpaquePointer, version: UInt32) {
        let output = Output(globalName: name, proxy: proxy, version: version)
        output.onDone = { [unowned self] o in outputDone(o) }
        outputs[name] = output
    }

    private func outputDone(_ output: Output) {
        if let surface = surfaces[output.globalName] {
            log("\(output.displayName) changed: scale \(output.scale)")
            surface.outputChanged()
            return
        }
        if let wanted = options.outputName, output.name != wanted { return }
        guard
            let surface = OverlaySurface(
                canvasID: Int(output.globalName), output: output, registry: registry,
                gl: glContext)
        else {
            log("cannot create a surface on \(output.displayName)")
            return
        }
        let role: SurfaceRole?
        if companion != nil, registry.layerShell == nil, let wmBase = registry.wmBase {
            role = PassThroughToplevel(wmBase: wmBase, owner: surface)
        } else if let shell = registry.layerShell {
            role = LayerSurface(shell: shell, owner: surface, passThrough: companion != nil)
        } else if let wmBase = registry.wmBase {
            if !loggedFallback {
                loggedFallback = true
                log(
                    "this compositor has no wlr-layer-shell; falling back to a fullscreen xdg-shell window "
                        + "(other windows may cover the stage)")
            }
            role = XdgFallbackSurface(wmBase: wmBase, owner: surface, title: options.title)
        } else {
            role = nil
        }
        surface.role = role
        let id = output.globalName
        surface.events.onReady = { [unowned self] in needsService = true }
        surface.events.onInvalidated = { [unowned self] in session.invalidate(canvasID: Int(id)) }
        surface.events.onPresented = { [unowned self] frame, at, refresh in
            session.presented(canvasID: Int(id), frameID: frame, presentedAt: at, refresh: refresh)
        }
        surface.events.onFrameDone = { [unowned self] frame, at in
            session.frameDone(canvasID: Int(id), frameID: frame, at: at)
        }
        surface.events.onDiscarded = { [unowned self] frame in session.discarded(canvasID: Int(id), frameID: frame) }
        surface.events.onClosed = { [unowned self] in surfaceClosed(id) }
        var split: Bool?
        surface.events.onSplit = { [unowned self, unowned surface] now in
            guard now != split else { return }
            split = now
            log(
                now
                    ? "\(surface.canvasName): the still stage in one buffer, the pointer in a subsurface over it"
                    : "\(surface.canvasName): the stage is not opaque everywhere: frames are drawn whole (two full-size buffers)"
            )
        }
        surfaces[id] = surface
        session.add(surface)
        log("overlay on \(output.displayName) (\(roleDescription), scale \(output.scale))")
    }

    private var roleDescription: String {
        switch (companion != nil, registry.layerShell != nil) {
        case (true, true): return "layer-shell overlay layer, no input: it all goes to the applications"
        case (true, false): return "pass-through window placed by the companion"
        case (false, true): return "layer-shell overlay layer"
        case (false, false): return "xdg-shell fullscreen"
        }
    }

    private func surfaceClosed(_ id: UInt32) {
        if registry.layerShell == nil {
            // The user closed the fallback (or GNOME's pass-through) window: that ends the session.
            // A layer surface (KWin's pass-through too) is closed by the compositor, when its output goes.
            log("the overlay window was closed")
            loop.stop(.success)
            return
        }
        log("the compositor closed the overlay on \(surfaces[id]?.canvasName ?? "an output")")
        removeSurface(id)
    }

    private func removeSurface(_ id: UInt32) {
        guard surfaces[id] != nil else { return }
        session.remove(canvasID: Int(id))
        if pointerSurface == id { pointerSurface = nil }
        surfaces[id] = nil
    }

    private func globalRemoved(_ name: UInt32) {
        if let output = outputs[name] {
            log("output \(output.displayName) went away")
            removeSurface(name)
            outputs[name] = nil
        } else if seats[name] != nil {
            seats[name] = nil
        }
    }

    // MARK: input (called by Seat, Pointer, Keyboard, Gestures, RelativePointer)

    func input(_ kind: InputEvent.Kind, at time: Double = MonotonicClock.now()) {
        deliverPendingMotion()
        record(kind, at: time)
    }

    /// After a batch of companion lines: draw what they changed, once.
    func serviceAfterBatch() {
        deliverPendingMotion()
        guard needsService else { return }
        needsService = false
        session.service()
    }

    func record(_ kind: InputEvent.Kind, at time: Double = MonotonicClock.now()) {
        if options.pointingDevice == nil, let device = intake.deviceGuess.update(for: kind) {
            session.handle(.device(touchpadContact?.device(device) ?? PointingDevice(device)), at: time)
        }
        session.handle(kind, at: time)
        needsService = true
    }

    /// Unaccelerated relative motion drives the engine (only with --relative-pointer).
    var wantsRelativeMotion: Bool { !options.absolutePointer }
    private var relativeMode: Bool { wantsRelativeMotion && registry.relativePointerManager != nil }

    func pointerEntered(surface: OpaquePointer, at point: Point, by pointer: Pointer) {
        guard let (id, _) = surfaces.first(where: { $0.value.surface == surface }) else { return }
        if pointerSurface != id {
            for (other, s) in surfaces { s.setKeyboardFocus(other == id) }
        }
        deliverPendingMotion() // on the surface it was on
        pointerSurface = id
        session.pointerMoved(toCanvas: Int(id))
        intake.steps.placed(at: point)
        intake.motionFrom = point
        input(.position(point))
    }

    func pointerLeft() {
        guard pointerSurface != nil else { return }
        deliverPendingMotion()
        pointerSurface = nil
        intake.steps.reset()
        intake.motionFrom = nil
        session.pointerMoved(toCanvas: nil)
        input(.leave)
    }

    func pointerMoved(to point: Point, by pointer: Pointer) {
        // With relative-pointer the deltas drive the engine; absolute motion
        // would apply the same movement twice.
        guard !(relativeMode && pointer.deliversRelativeMotion) else { return }
        absoluteMotion(to: point)
    }

    /// Absolute motion on the surface the pointer is on, coalesced per batch.
    func absoluteMotion(to point: Point) {
        // Coalesced (issue 39): of the motion in one dispatched batch only the
        // newest position reaches the engine, as one step, so a backlog read
        // after a slow frame costs one engine step, not hundreds. A step that
        // would reach the teleport distance is not merged (it would become a jump).
        if let from = intake.motionFrom, let waiting = intake.pendingMotion,
            (point - from).length > intake.steps.teleportDistance
        {
            intake.pendingMotion = nil
            deliver(waiting)
        }
        if intake.motionFrom == nil { intake.motionFrom = point }
        intake.pendingMotion = point
        needsService = true
    }

    /// Hands the waiting motion to the engine: before any other input (the order
    /// is kept) and once a dispatched batch ends.
    func deliverPendingMotion() {
        guard let point = intake.pendingMotion else { return }
        intake.pendingMotion = nil
        deliver(point)
    }

    private func deliver(_ point: Point) {
        // Already accelerated by the compositor: steps become 1:1 motion, so inertia
        // and magnetism (B12, B13) work without relative-pointer.
        intake.motionFrom = point
        if let event = intake.steps.event(at: point) { record(event) }
    }

    func relativeMotion(dx: Double, dy: Double) {
        guard relativeMode, pointerSurface != nil else { return }
        input(.motion(dx: dx, dy: dy))
    }

    func pointerDeviceRemoved(_ pointer: Pointer) {
        if pointerSurface != nil { pointerLeft() }
    }
}
