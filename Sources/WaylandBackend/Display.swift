import CWaylandClient
import PointerHost

#if canImport(Glibc)
    import Glibc
#endif

/// The connection to the compositor: connect, disconnect, the start-up round
/// trips, and the loop's sources once running (the socket is then read by
/// `SocketReader` on a thread of its own).
final class Display {
    let display: OpaquePointer
    let name: String
    /// Reads the socket on its own thread once the loop runs (after the handshake).
    private var reader: SocketReader?
    /// The last flush hit EAGAIN (socket full): poll for POLLOUT to finish it.
    private var flushPending = false
    /// Set once the connection failed; the loop stops with it.
    private(set) var failure: WaylandError?

    /// How long the start-up round trips may take in all (issue 39): a compositor
    /// that accepts the connection and never answers is given up on after this.
    static let handshakeTimeout = 5.0
    private let handshakeDeadline: Double

    init(name: String?) throws {
        let shown = name ?? defaultWaylandDisplayName()
        handshakeDeadline = MonotonicClock.now() + Self.handshakeTimeout
        guard let d = wl_display_connect(name) else {
            throw WaylandError.cannotConnect(display: shown, reason: String(cString: strerror(errno)))
        }
        display = d
        self.name = shown
    }

    deinit {
        stopReading()
        wl_display_disconnect(display)
    }

    var fd: Int32 { wl_display_get_fd(display) }

    /// Ends the reader thread (before proxies are torn down and the connection closes).
    func stopReading() {
        reader?.stop()
        reader = nil
    }

    /// Waits until the compositor has handled everything sent so far (start-up only).
    /// Unlike wl_display_roundtrip it polls with the handshake deadline, so a
    /// compositor that never answers ends in `WaylandError.noAnswer`, not a hang.
    func roundtrip() throws {
        guard let callback = wl_display_sync(display) else { throw currentError() }
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.initialize(to: false)
        defer {
            wl_callback_destroy(callback)
            done.deallocate()
        }
        wl_callback_add_listener(callback, syncListener, done)
        while !done.pointee {
            if wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { throw currentError() }
                continue
            }
            var events = Int16(POLLIN)
            if wl_display_flush(display) < 0 {
                if errno == EAGAIN {
                    events |= Int16(POLLOUT)
                } else if errno != EPIPE { // EPIPE: the read below reports the hang-up
                    wl_display_cancel_read(display)
                    throw currentError()
                }
            }
            let left = handshakeDeadline - MonotonicClock.now()
            guard left > 0 else {
                wl_display_cancel_read(display)
                throw WaylandError.noAnswer(display: name, seconds: Self.handshakeTimeout)
            }
            var ready = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&ready, 1, Int32((left * 1000).rounded(.up)))
            if n > 0 && ready.revents & Int16(POLLIN) != 0 {
                if wl_display_read_events(display) < 0 { throw currentError() }
            } else {
                wl_display_cancel_read(display)
                if n < 0 && errno != EINTR { throw WaylandError.system(call: "poll", errno: errno) }
                if n > 0 && ready.revents & Int16(POLLHUP | POLLERR) != 0 {
                    throw WaylandError.connectionLost(reason: "the compositor hung up")
                }
            }
            if wl_display_dispatch_pending(display) < 0 { throw currentError() }
        }
    }

    /// The error the connection is in (protocol error or lost connection).
    func currentError() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let pcode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: name, objectID: id, code: pcode)
        }
        return .connectionLost(reason: code == 0 ? "the socket closed" : String(cString: strerror(code)))
    }

    /// The poll sources for the host loop; starts the socket reader. Events are
    /// read from the socket on the reader's thread (`SocketReader`), so a slow
    /// frame never lets the compositor's buffer for us fill; the loop thread
    /// dispatches what it queued. `onFailure` is called once when the
    /// connection dies; `afterDispatch` after events were dispatched (to draw
    /// what they changed, once per batch), always before the flush.
    func eventSources(
        onFailure: @escaping (WaylandError) -> Void,
        afterDispatch: @escaping () -> Void
    ) throws -> [EventLoop.Source] {
        let reader = try SocketReader(display: display)
        self.reader = reader
        let dispatch = { [unowned self] in
            if wl_display_dispatch_pending(display) < 0 { return fail(onFailure) }
            if reader.connectionHungUp { return hungUp(onFailure) }
            afterDispatch() // may queue requests: flushed before the next poll
        }
        let queued = EventLoop.Source(
            fd: reader.wakeFD, events: Int16(POLLIN),
            prepare: { [unowned self] in
                guard failure == nil else { return }
                // Events another reader queued (EGL waiting on its own queue reads ours too).
                dispatch()
                guard failure == nil else { return }
                // Flush what we queued; EAGAIN means the socket is full: the rest
                // goes out once poll says it is writable.
                flushPending = false
                if wl_display_flush(display) < 0 {
                    if errno == EAGAIN {
                        flushPending = true
                    } else if errno != EPIPE { // EPIPE: the reader sees the hang-up
                        return fail(onFailure)
                    }
                }
            },
            handle: { [unowned self] revents in
                guard failure == nil, revents & Int16(POLLIN) != 0 else { return }
                reader.acknowledge() // first: what is queued after this wakes the loop again
                dispatch()
            })
        // The socket itself only while a flush waits for room; a hang-up is
        // reported here too when the reader has not seen it yet.
        var writable = EventLoop.Source(
            fd: fd, events: 0,
            handle: { [unowned self] revents in
                guard failure == nil, revents & Int16(POLLHUP | POLLERR) != 0 else { return }
                if wl_display_get_error(display) != 0 { return fail(onFailure) }
                hungUp(onFailure)
            })
        writable.currentEvents = { [unowned self] in flushPending ? Int16(POLLOUT) : 0 }
        return [queued, writable]
    }

    private func hungUp(_ onFailure: (WaylandError) -> Void) {
        guard failure == nil else { return }
        let error = WaylandError.connectionLost(reason: "the compositor hung up")
        failure = error
        onFailure(error)
    }

    private func fail(_ onFailure: (WaylandError) -> Void) {
        guard failure == nil else { return }
        let error = currentError()
        failure = error
        onFailure(error)
    }
}

// Immutable after initialisation; its user data is the round trip's "done" flag.
nonisolated(unsafe) private let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
    let p = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_callback_listener(done: { data, _, _ in
            data?.assumingMemoryBound(to: Bool.self).pointee = true
        }))
    return p
}()

private func defaultWaylandDisplayName() -> String {
    if let v = getenv("WAYLAND_DISPLAY") { return String(cString: v) }
    return "wayland-0"
}
