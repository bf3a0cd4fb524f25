import CXCB
import Foundation
import PointerCore
#if canImport(Glibc)
import Glibc
#endif

/// The X11 backend: connects, opens the stage or overlay window on one monitor,
/// translates XInput2/XKB/RandR events into `InputEvent`s for a `FrameSource`,
/// and presents the damage it draws. Runs one thread: poll over the X
/// connection and a signalfd; timeouts come from the source's next wake time.
public final class X11Session {
    public let options: X11Options
    let connection: XCBConnection
    private(set) var window: X11Window
    private let input: PointerInput
    private let keyboard: Keyboard?
    private let cursor: CursorHider
    private let compositor: CompositorWatch
    private let sampler: ScreenSampler
    public private(set) var scale: Double
    public private(set) var monitor: Monitor
    private var running = true
    private var pointerInside = false
    private var lastPosition: Point?
    /// Receipt time of the oldest input not yet drawn (for the latency figure).
    private var pendingInputTime: Double?
    private var needsDraw = true
    private var lastDraw = -Double.infinity
    public private(set) var stats = SessionStats()
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(("x11: " + $0 + "\n").utf8)) }

    /// Shortest interval between frames when animating (no vblank on plain X11).
    static let frameInterval = 1.0 / 60.0
    /// AP_X11_DEBUG=1 logs every X event.
    static let debug = ProcessInfo.processInfo.environment["AP_X11_DEBUG"] != nil

    public init(options: X11Options) throws {
        self.options = options
        connection = try XCBConnection(display: options.display)
        compositor = CompositorWatch(connection: connection)
        let monitors = connection.monitors()
        let p = connection.queryPointer()
        monitor = try MonitorChoice.choose(monitors, named: options.output, pointer: p.map { ($0.x, $0.y) })
        scale = options.scale ?? DisplayScale.fromResources(connection.stringProperty(connection.root, "RESOURCE_MANAGER")) ?? 1
        let composited = compositor.isComposited
        window = try X11Window(connection: connection, monitor: monitor, mode: options.mode,
                               composited: composited, title: options.title)
        input = try PointerInput(connection: connection, mode: options.mode, window: window.id)
        keyboard = Keyboard(connection: connection)
        cursor = CursorHider(connection: connection)
        sampler = ScreenSampler(connection: connection)
        connection.watchMonitors()
        if options.mode == .overlay {
            // Stay on top: hear about windows mapped or raised on the root.
            var mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
            xcb_change_window_attributes(connection.raw, connection.root, XCB_CW_EVENT_MASK.rawValue, &mask)
        }
        if keyboard == nil { log("XKB unavailable: modifier keys will not change the pointer") }
        if options.mode == .overlay && !composited {
            log("no compositing manager (\(compositor.selection) unowned): using a shaped window around the pointer")
        }
        if !input.gesturesAvailable { log("XInput \(2).\(connection.xinputMinor): no touchpad gestures (need 2.4)") }
        log("\(options.mode.rawValue) on \(monitor.name) \(monitor.width)x\(monitor.height)+\(monitor.x)+\(monitor.y) scale \(scale)"
            + (window.buffer.usesSharedMemory ? "" : " (no MIT-SHM: PutImage)"))
        connection.flush()
    }

    /// The monitor's size in canvas points.
    public var outputSize: Size { Size(width: Double(monitor.width) / scale, height: Double(monitor.height) / scale) }

    /// Canvas points for a root-window pixel position.
    func canvasPoint(rootX: Double, rootY: Double) -> Point {
        Point(x: (rootX - Double(monitor.x)) / scale, y: (rootY - Double(monitor.y)) / scale)
    }

    /// Root pixels for a canvas point.
    func rootPixel(_ p: Point) -> (x: Int, y: Int) {
        (Int((p.x * scale + Double(monitor.x)).rounded()), Int((p.y * scale + Double(monitor.y)).rounded()))
    }

    public func stop() { running = false }

    /// Runs until SIGINT/SIGTERM/SIGHUP or the server goes away.
    public func run(_ source: FrameSource) throws {
        let signals = try SignalFD([SIGINT, SIGTERM, SIGHUP])
        defer { cursor.show() }
        if let mods = keyboard?.initialModifiers(), !mods.isEmpty { source.handle(InputEvent(time: MonotonicClock.now(), .modifiers(mods))) }
        // Start where the real pointer is.
        pointerMoved(source, now: MonotonicClock.now())
        if options.mode == .overlay {
            source.useScreenSampler { [unowned self] rect in self.sampler.averageColor(inRoot: self.pixelRect(rect, root: true)) }
        }
        let startCPU = ProcessCPU.seconds()
        while running {
            if let failure = connection.failure { throw failure }
            let now = MonotonicClock.now()
            if needsDraw && !window.buffer.uploadPending && now - lastDraw >= Self.frameInterval * 0.5 {
                drawFrame(source, now: now)
            }
            var timeout: Int32 = -1
            let t = MonotonicClock.now()
            if !window.buffer.uploadPending {
                var wake: Double? = needsDraw ? max(t, lastDraw + Self.frameInterval * 0.5) : nil
                if let w = source.nextWakeTime(after: t) {
                    let paced = max(w, lastDraw + Self.frameInterval)
                    wake = min(wake ?? paced, paced)
                }
                if let wake { timeout = Int32(max(0, ((wake - t) * 1000).rounded(.up))) }
            }
            connection.flush()
            var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, timeout)
            stats.wakeups += 1
            if n < 0 && errno != EINTR { break }
            if fds[1].revents & Int16(POLLIN) != 0, let sig = signals.read() {
                log("signal \(sig): restoring the cursor and exiting")
                running = false
                break
            }
            let after = MonotonicClock.now()
            dispatchEvents(source, now: after)
            if let w = source.nextWakeTime(after: after), w <= after { needsDraw = true }
        }
        stats.cpuSeconds = ProcessCPU.seconds() - startCPU
        cursor.show()
        if options.stats { log(stats.summary) }
    }

    private func dispatchEvents(_ source: FrameSource, now: Double) {
        var moved = false
        while let event = xcb_poll_for_event(connection.raw) {
            defer { free(event) }
            let e = UnsafePointer(event)
            let type = e.pointee.response_type & 0x7f
            if Self.debug { log("event \(type) ext \(UnsafeRawPointer(e).load(fromByteOffset: 1, as: UInt8.self)) evtype \(UnsafeRawPointer(e).load(fromByteOffset: 8, as: UInt16.self))") }
            if input.isEvent(e) {
                for native in input.handle(e) {
                    switch native {
                    case .moved: moved = true; stats.motionEvents += 1
                    case .at(let x, let y):
                        stats.motionEvents += 1
                        pointer(at: canvasPoint(rootX: x, rootY: y), source, now: now)
                    case .button(let b, let s): deliver(source, .button(b, s), now: now)
                    case .scroll(let dx, let dy, let src):
                        deliver(source, .scroll(dx: dx / scale, dy: dy / scale, source: src, phase: nil), now: now)
                    case .pinch(let phase, let s, let r): deliver(source, .pinch(phase: phase, scale: s, rotation: r), now: now)
                    case .swipe(let phase, let f, let dx, let dy):
                        deliver(source, .swipe(phase: phase, fingers: f, dx: dx / scale, dy: dy / scale), now: now)
                    case .leave:
                        pointerInside = false
                        deliver(source, .leave, now: now)
                    case .key(let keycode):
                        if let name = keyboard?.reportedKeyName(keycode: keycode) { deliver(source, .key(name), now: now) }
                    }
                }
            } else if let keyboard, keyboard.isEvent(e) {
                let mods = keyboard.handle(e)
                if Self.debug { log("xkb -> \(String(describing: mods))") }
                if let mods { deliver(source, .modifiers(mods), now: now) }
            } else if type == connection.shmFirstEvent + UInt8(XCB_SHM_COMPLETION) && connection.shmAvailable {
                window.buffer.uploadCompleted()
            } else if compositor.isOwnerChange(e) {
                let composited = compositor.isComposited
                log(composited ? "compositing manager started: ARGB overlay" : "compositing manager gone: shaped window")
                window.setComposited(composited)
                needsDraw = true
            } else if type == connection.randrFirstEvent + UInt8(XCB_RANDR_SCREEN_CHANGE_NOTIFY)
                        || type == connection.randrFirstEvent + UInt8(XCB_RANDR_NOTIFY) {
                monitorsChanged(source)
            } else if type == UInt8(XCB_MAP_NOTIFY) || type == UInt8(XCB_CONFIGURE_NOTIFY) {
                if options.mode == .overlay {
                    let w = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_map_notify_event_t.self).pointee.window
                    if w != window.id { window.raise() }
                }
            } else if type == UInt8(XCB_EXPOSE) {
                // The buffer still holds the pixels: copy the exposed area again, no redraw.
                let x = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_expose_event_t.self).pointee
                window.reupload(PixelRect(x: Int(x.x), y: Int(x.y), width: Int(x.width), height: Int(x.height)))
            } else if type == 0 {
                let err = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_generic_error_t.self).pointee
                log("X error \(err.error_code) (request \(err.major_code).\(err.minor_code))")
            }
        }
        if moved { pointerMoved(source, now: now) }
        for request in source.drainHostRequests() { carryOut(request) }
    }

    private var fullRedraw = false

    /// Overlay: where is the pointer now? One QueryPointer per batch of raw motion.
    private func pointerMoved(_ source: FrameSource, now: Double) {
        guard let p = connection.queryPointer() else { return }
        let inside = monitor.contains(x: p.x, y: p.y)
        if inside {
            pointer(at: canvasPoint(rootX: Double(p.x), rootY: Double(p.y)), source, now: now)
            if options.mode == .overlay { cursor.hide() }
        } else if pointerInside {
            pointerInside = false
            deliver(source, .leave, now: now)
            cursor.show()
        }
    }

    /// The real pointer is at `point`. The X server has already applied its
    /// acceleration, so the step is reported as motion the engine takes 1:1
    /// (it still feeds inertia and magnetism); arriving, or a jump no hand makes
    /// in one event (another client warped the pointer), is an absolute placement.
    private func pointer(at point: Point, _ source: FrameSource, now: Double) {
        defer { lastPosition = point; pointerInside = true }
        guard pointerInside, let last = lastPosition else {
            deliver(source, .position(point), now: now)
            return
        }
        let d = point - last
        guard d != .zero else { return }
        if d.length * scale > Self.teleportDistance {
            deliver(source, .position(point), now: now)
        } else {
            deliver(source, .motion(dx: d.x, dy: d.y), now: now)
        }
    }

    /// Pixels one motion event can plausibly cover; beyond it is a warp.
    static let teleportDistance = 400.0

    private func deliver(_ source: FrameSource, _ kind: InputEvent.Kind, now: Double) {
        if Self.debug { log("input \(kind)") }
        source.handle(InputEvent(time: now, kind))
        if pendingInputTime == nil { pendingInputTime = now }
        needsDraw = true
    }

    private func carryOut(_ request: HostRequest) {
        switch request {
        case .warpPointer(let p):
            guard options.mode == .overlay || pointerInside else { return }
            let px = rootPixel(p)
            connection.warpPointer(toRootX: px.x, y: px.y)
            lastPosition = canvasPoint(rootX: Double(px.x), rootY: Double(px.y))
        case .openMenu, .closeMenu:
            // The renderer draws the menu; nothing native to do.
            break
        }
    }

    private func monitorsChanged(_ source: FrameSource) {
        let monitors = connection.monitors()
        let current = monitors.first(where: { $0.name == monitor.name })
        guard let next = current ?? (try? MonitorChoice.choose(monitors, named: nil, pointer: nil)) else { return }
        guard next != monitor else { return }
        log("monitors changed: now on \(next.name) \(next.width)x\(next.height)+\(next.x)+\(next.y)")
        monitor = next
        do { try window.move(to: next) } catch { log("cannot follow the monitor change: \(error)") }
        fullRedraw = true
        needsDraw = true
    }

    private func drawFrame(_ source: FrameSource, now: Double) {
        if options.mode == .overlay, let want = source.backgroundSampleArea(at: now) {
            sampler.capture(pixelRect(want, root: true), window: window)
        }
        let b = window.buffer
        let target = CanvasTarget(data: b.data, width: b.width, height: b.height, stride: b.stride, scale: scale, mode: options.mode)
        var damage: [PixelRect] = []
        do {
            damage = try source.draw(at: now, into: target).map { pixelRect($0, root: false) }
        } catch {
            log("drawing failed: \(error)")
        }
        if fullRedraw {
            damage = [PixelRect(x: 0, y: 0, width: b.width, height: b.height)]
            fullRedraw = false
        }
        if Self.debug { log("draw: damage \(damage)") }
        needsDraw = false
        lastDraw = now
        if !damage.isEmpty {
            if window.shaped {
                // No compositor: blend the translucent pixels over the desktop ourselves.
                for r in damage { sampler.composite(window: window, rect: r) }
            }
            window.present(damage)
            stats.frames += 1
            if let t = pendingInputTime { stats.recordLatency(MonotonicClock.now() - t) }
        }
        pendingInputTime = nil
    }

    /// Canvas pt rect → pixel rect (window-local, or root when `root`), rounded outwards.
    private func pixelRect(_ r: Rect, root: Bool) -> PixelRect {
        let ox = root ? Double(monitor.x) : 0, oy = root ? Double(monitor.y) : 0
        let x0 = Int((r.minX * scale + ox).rounded(.down)), y0 = Int((r.minY * scale + oy).rounded(.down))
        let x1 = Int((r.maxX * scale + ox).rounded(.up)), y1 = Int((r.maxY * scale + oy).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
