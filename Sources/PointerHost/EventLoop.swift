import CLinuxHost

#if canImport(Glibc)
    import Glibc
#endif

/// The host's one-thread event loop: `poll` over registered file descriptors
/// (a display connection, an inotify fd, …), one timerfd and a signalfd for
/// SIGINT/SIGTERM. No sleep loops: when nothing is registered as due, `poll`
/// blocks with no timeout, so an idle overlay makes zero wake-ups.
///
/// Backend-neutral: the Wayland backend registers its display fd with
/// `prepare`/`cancel` hooks (wl_display_prepare_read / cancel_read); the X11
/// backend registers its xcb fd the same way.
public final class EventLoop {
    /// A pollable file descriptor and what to do with it.
    public struct Source {
        public var fd: Int32
        public var events: Int16
        /// Called before every poll (e.g. dispatch pending, flush, prepare_read).
        public var prepare: () -> Void
        /// Called after poll with the returned events (0 when the fd was not ready).
        public var handle: (_ revents: Int16) -> Void
        /// When set, asked after `prepare` for the events to poll this time
        /// (e.g. add POLLOUT while a connection has unflushed requests).
        public var currentEvents: (() -> Int16)?

        public init(
            fd: Int32, events: Int16 = Int16(POLLIN), prepare: @escaping () -> Void = {},
            handle: @escaping (_ revents: Int16) -> Void, currentEvents: (() -> Int16)? = nil
        ) {
            self.fd = fd
            self.events = events
            self.prepare = prepare
            self.handle = handle
            self.currentEvents = currentEvents
        }
    }

    public enum LoopError: Error, CustomStringConvertible {
        case system(call: String, errno: Int32)
        public var description: String {
            guard case .system(let call, let code) = self else { return "" }
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    private var sources: [Int: Source] = [:]
    private var order: [Int] = []
    private var nextToken = 0
    private let timerFD: Int32
    private let signalFD: Int32
    private var exitCode: Int32?
    /// The next deadline the timer is armed for (CLOCK_MONOTONIC seconds), if any.
    public private(set) var deadline: Double?
    /// Called when the timer deadline passes.
    public var onTimer: () -> Void = {}
    /// Called when SIGINT or SIGTERM arrives; the default stops the loop with 0.
    public var onSignal: (_ signal: Int32) -> Void
    /// Number of times `poll` returned: the wake-up count an idle session must not grow.
    public private(set) var wakeups = 0

    /// Blocks SIGINT/SIGTERM for the process so they arrive on the signalfd.
    /// Call before other threads start (they inherit the mask).
    public static func blockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigprocmask(SIG_BLOCK, &set, nil)
    }

    public init() throws {
        EventLoop.blockTerminationSignals()
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        let sfd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard sfd >= 0 else { throw LoopError.system(call: "signalfd", errno: errno) }
        let tfd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard tfd >= 0 else {
            close(sfd)
            throw LoopError.system(call: "timerfd_create", errno: errno)
        }
        signalFD = sfd
        timerFD = tfd
        onSignal = { _ in }
        onSignal = { [unowned self] _ in self.stop(exitCode: 0) }
    }

    deinit {
        close(timerFD)
        close(signalFD)
    }

    @discardableResult
    public func add(_ source: Source) -> Int {
        nextToken += 1
        sources[nextToken] = source
        order.append(nextToken)
        return nextToken
    }

    public func remove(_ token: Int) {
        sources[token] = nil
        order.removeAll { $0 == token }
    }

    /// Arms the timer for an absolute CLOCK_MONOTONIC time, or disarms it (nil).
    public func setDeadline(_ time: Double?) {
        guard time != deadline else { return }
        deadline = time
        var spec = itimerspec()
        if let time {
            // 0 would disarm: a deadline in the past fires as soon as possible.
            spec.it_value = MonotonicClock.timespecFor(max(time, 1e-9))
        }
        timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Ends `run()` after the current iteration.
    public func stop(_ status: ExitStatus) { stop(exitCode: status.rawValue) }

    public func stop(exitCode: Int32) {
        if self.exitCode == nil { self.exitCode = exitCode }
    }

    /// Runs until `stop(exitCode:)`; returns that code.
    public func run() throws -> Int32 {
        while exitCode == nil {
            let tokens = order
            for t in tokens { sources[t]?.prepare() }
            if let code = exitCode { return code }
            var fds = tokens.compactMap { t in
                sources[t].map { pollfd(fd: $0.fd, events: $0.currentEvents?() ?? $0.events, revents: 0) }
            }
            fds.append(pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0))
            fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0))
            let n = poll(&fds, nfds_t(fds.count), -1)
            wakeups += 1
            if n < 0 {
                if errno == EINTR {
                    for t in tokens { sources[t]?.handle(0) }
                    continue
                }
                throw LoopError.system(call: "poll", errno: errno)
            }
            let sig = fds[fds.count - 1]
            if sig.revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                while read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size
                {
                    onSignal(Int32(info.ssi_signo))
                }
            }
            for (i, t) in tokens.enumerated() where i < fds.count - 2 {
                sources[t]?.handle(fds[i].revents)
            }
            // Nothing to read: a handler above re-armed the timer after it
            // expired, so the deadline now set is still to come.
            var expirations: UInt64 = 0
            if fds[fds.count - 2].revents & Int16(POLLIN) != 0, read(timerFD, &expirations, 8) == 8 {
                deadline = nil
                onTimer()
            }
        }
        return exitCode ?? 0
    }
}
