import CATSPI
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Follows the accessibility tree on a thread of its own and hands the main
/// loop the newest snapshot. Every AT-SPI call happens on that thread, so a
/// slow or hung application never stalls the pointer; the main loop only
/// reads `wakeFD` (an eventfd) and takes the snapshot.
public final class AccessibilityMonitor: Sendable {
    public enum Update: Sendable, Equatable {
        case snapshot(AccessibilitySnapshot)
        /// The accessibility bus does not answer; the reason, for one log line.
        case unavailable(String)
    }

    /// Readable when an update is waiting.
    public let wakeFD: Int32
    /// The worker's: readable when the main loop asks for a rescan (a window moved).
    let requestFD: Int32
    private let mailbox = Mutex<Update?>(nil)
    /// Quiet time after an event before scanning, so a burst costs one scan.
    public static let debounce = 0.03

    public init() throws {
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        requestFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0, requestFD >= 0 else {
            throw MonitorError(description: "eventfd failed: \(String(cString: strerror(errno)))")
        }
    }

    public struct MonitorError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the worker thread. It runs until the process ends.
    public func start() {
        let thread = Thread { [self] in
            AccessibilityWorker(monitor: self).run()
        }
        thread.name = "accessibility"
        thread.start()
    }

    /// The newest update since the last call (older ones are superseded).
    public func take() -> Update? {
        var counter: UInt64 = 0
        _ = read(wakeFD, &counter, 8)
        return mailbox.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// Asks for a rescan soon (X11 saw a window move, map or restack).
    public func requestScan() {
        var one: UInt64 = 1
        _ = write(requestFD, &one, 8)
    }

    func post(_ update: Update) {
        mailbox.withLock { $0 = update }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }
}

/// The worker thread's state: libatspi, a GLib main loop, the scanner.
private final class AccessibilityWorker {
    let monitor: AccessibilityMonitor
    let scanner = TreeScanner()
    var scanPending = false

    init(monitor: AccessibilityMonitor) { self.monitor = monitor }

    static let events = [
        "object:bounds-changed", "object:children-changed", "object:state-changed:showing",
        "object:state-changed:visible", "window:activate", "window:deactivate", "window:create", "window:destroy",
        "window:minimize", "window:restore", "window:move", "window:resize",
    ]

    func run() {
        // Calls to an application that stopped answering give up after this (ms).
        atspi_set_timeout(250, 2000)
        guard atspi_init() <= 1, let first = scanner.scan() else {
            monitor.post(.unavailable("the accessibility bus (AT-SPI) does not answer"))
            return
        }
        monitor.post(.snapshot(first))
        let me = Unmanaged.passUnretained(self).toOpaque()
        let listener = atspi_event_listener_new({ event, data in
            if let event { ap_event_free(event) }
            guard let data else { return }
            Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue().scheduleScan()
        }, me, nil)
        var names = Self.events.map { strdup($0) }
        defer { names.forEach { free($0) } }
        let registered = names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                ap_listen(listener, $0, Int32(buffer.count))
            }
        }
        if registered == 0 { monitor.post(.unavailable("cannot listen to accessibility events")) }
        g_unix_fd_add(monitor.requestFD, G_IO_IN, { fd, _, data in
            var counter: UInt64 = 0
            _ = read(fd, &counter, 8)
            if let data { Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue().scheduleScan() }
            return 1 // G_SOURCE_CONTINUE
        }, me)
        let loop = g_main_loop_new(nil, 0)
        g_main_loop_run(loop)
        withExtendedLifetime(listener) {}
    }

    func scheduleScan() {
        guard !scanPending else { return }
        scanPending = true
        g_timeout_add(UInt32(AccessibilityMonitor.debounce * 1000), { data in
            guard let data else { return 0 }
            let worker = Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue()
            worker.scanPending = false
            if let snapshot = worker.scanner.scan() { worker.monitor.post(.snapshot(snapshot)) }
            return 0 // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
