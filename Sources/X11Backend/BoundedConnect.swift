import CXCB
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `xcb_connect` with a deadline (issue 39). xcb_connect reads the server's setup
/// reply before it returns and takes no timeout, so an X server that accepts the
/// connection and never answers (or a socket that only listens) would hang `run`
/// and the login command forever. The connect runs on a thread of its own, which
/// also makes one round trip (GetInputFocus: the server answers requests, not
/// just the setup); the caller waits for it up to the deadline and then gives up.
/// Reimplementing xcb's DISPLAY parsing and Xauthority lookup to connect the socket
/// ourselves would be more code at the C boundary; a thread abandoned on a hung
/// server costs one blocked thread and a socket until the process exits, which
/// `run` does at once with exit code 3.
enum BoundedConnect {
    static let timeout = 5.0

    /// The connection and its default screen number; `X11Error.noAnswer` when the
    /// server has not answered within `timeout` seconds.
    static func connect(_ display: String?, shownAs shown: String, timeout: Double = timeout) throws -> (
        OpaquePointer?, Int32
    ) {
        let attempt = Attempt()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            var screen: Int32 = 0
            let connection = xcb_connect(display, &screen)
            if let connection, xcb_connection_has_error(connection) == 0 {
                free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil))
            }
            if !attempt.finish(connection, screen) {
                if let connection { xcb_disconnect(connection) } // given up on meanwhile
            }
            finished.signal()
        }
        thread.start()
        if finished.wait(timeout: .now() + timeout) == .timedOut, attempt.abandon() {
            throw X11Error.noAnswer(display: shown, seconds: timeout)
        }
        return attempt.result
    }

    /// What the connecting thread hands over, or learns was given up on.
    private final class Attempt: @unchecked Sendable {
        private let lock = NSLock()
        private var connection: OpaquePointer?
        private var screen: Int32 = 0
        private var done = false
        private var abandoned = false

        /// False when the caller has given up: the connection is the thread's to close.
        func finish(_ connection: OpaquePointer?, _ screen: Int32) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !abandoned else { return false }
            self.connection = connection
            self.screen = screen
            done = true
            return true
        }

        /// True when the thread had not finished: it now never hands over.
        func abandon() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if done { return false }
            abandoned = true
            return true
        }

        var result: (OpaquePointer?, Int32) {
            lock.lock()
            defer { lock.unlock() }
            return (connection, screen)
        }
    }
}
