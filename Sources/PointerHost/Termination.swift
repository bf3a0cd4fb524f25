import CTermination

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM end every command within a moment, in any state (issue 39):
/// the handler (Sources/CTermination) removes the temporary files of unfinished
/// atomic writes and exits at once. Only `run`'s event loop takes the signals
/// over (blocked, read from its signalfd) to shut down cleanly; the slow parts of
/// `run` that cannot look at the signalfd (connecting, loading a scene) run
/// `interruptible`, where the handler ends the process.
public enum Termination {
    /// Installs the handler; `exitStatus` nil means 128 + the signal (130, 143).
    public static func install(exitStatus: Int32? = nil) {
        ap_termination_install(exitStatus ?? -1)
    }

    /// The status the process ends with when a signal stops it; nil: 128 + the signal.
    public static func setExitStatus(_ status: Int32?) {
        ap_termination_set_exit_status(status ?? -1)
    }

    /// Registers a file to remove if a signal ends the process; pass the
    /// result to `untrack` once the file is renamed into place or removed.
    public static func track(_ path: String) -> Int32 {
        ap_termination_track(path)
    }

    public static func untrack(_ slot: Int32) {
        ap_termination_untrack(slot)
    }

    /// Runs `body` with SIGINT and SIGTERM unblocked on this thread, so one that
    /// arrives while `body` cannot look at the loop's signalfd (a blocking
    /// connect, a long scene load) ends the process at once; the signal mask is
    /// restored afterwards.
    public static func interruptible<T>(_ body: () throws -> T) rethrows -> T {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
