import CATSPIRuntime
import Foundation

/// GLib's and libatspi's log messages ("dbind-WARNING **: unexpected role 129",
/// issue 39) through the program's own log: dropped by default, shown with
/// `--verbose`. GLib would print them to the terminal itself; once libatspi is
/// loaded its handlers send them here instead.
public enum LibraryLog {
    /// Where messages go; nil (the default) drops them.
    public static func route(to log: (@Sendable (String) -> Void)?) {
        sink.set(log)
        ap_atspi_set_log_sink(
            log == nil
                ? nil
                : { domain, level, message in
                    guard let log = LibraryLog.sink.get() else { return }
                    log(
                        LibraryLog.line(
                            domain: domain.map { String(cString: $0) } ?? "",
                            level: level, message: message.map { String(cString: $0) } ?? ""))
                })
    }

    /// One line for the log: which library said what, at what level. The caller's
    /// log escapes it (library text is outside text like any other).
    static func line(domain: String, level: Int32, message: String) -> String {
        let levels: [Int32: String] = [
            Int32(AP_LOG_ERROR): "error", Int32(AP_LOG_CRITICAL): "critical",
            Int32(AP_LOG_WARNING): "warning", Int32(AP_LOG_MESSAGE): "message",
            Int32(AP_LOG_INFO): "info",
        ]
        let from = domain.isEmpty ? "GLib" : domain
        return "accessibility library (\(from)) \(levels[level] ?? "debug"): \(message)"
    }

    private static let sink = Sink()

    /// The log function, set from the main thread and read on the accessibility thread.
    private final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var log: (@Sendable (String) -> Void)?
        func set(_ log: (@Sendable (String) -> Void)?) {
            lock.lock()
            self.log = log
            lock.unlock()
        }
        func get() -> (@Sendable (String) -> Void)? {
            lock.lock()
            defer { lock.unlock() }
            return log
        }
    }
}
