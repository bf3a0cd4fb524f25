import CXCB
#if canImport(Glibc)
import Glibc
#endif

/// Delivers SIGINT/SIGTERM/SIGHUP through a file descriptor, so shutdown (and
/// showing the cursor again) happens on the main loop, not in a handler.
final class SignalFD {
    let fd: Int32
    private var mask = sigset_t()

    init(_ signals: [Int32]) throws {
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        if fd < 0 { throw X11Error.requestFailed("a signalfd", code: 0) }
    }

    deinit {
        close(fd)
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    func read() -> Int32? {
        var info = signalfd_siginfo()
        let n = Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
