import CATSPIRuntime
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

/// The worker thread's state: libatspi, a GLib main loop, the scanner, and
/// what changed since the last update.
private final class AccessibilityWorker {
    let monitor: AccessibilityMonitor
    let scanner = DesktopScanner()
    var scanPending = false
    var retryPending = false
    /// Applications (bus names) to scan whole at the next update.
    var dirty: Set<String> = []
    /// Objects events named since the last update, retained, by application
    /// and path, with what the events said.
    var touched: [String: [String: (object: OpaquePointer, change: ApplicationScanner.Change)]] = [:]
    /// The monotonic time of the first event since the last update.
    var firstEvent: Double?
    /// `AP_A11Y_EVENTS=1` prints each event's type and object path (never text).
    static let logEvents =
        ProcessInfo.processInfo.environment["AP_A11Y_EVENTS"].map { !$0.isEmpty && $0 != "0" } ?? false
    /// More objects than this in one application: scanning it whole costs no more.
    static let refreshLimit = 300
    /// X11 saw windows move, map or restack since the last update.
    var windowsChanged = false

    init(monitor: AccessibilityMonitor) { self.monitor = monitor }

    static let events = [
        "object:bounds-changed", "object:children-changed", "object:state-changed:showing",
        "object:state-changed:visible", "window:activate", "window:deactivate", "window:create", "window:destroy",
        "window:minimize", "window:restore", "window:move", "window:resize",
        // Scrolling moves content without any bounds-changed: a scroll bar's value says so.
        "object:property-change:accessible-value",
    ]

    /// Gives a stalled application another chance after this long (s); sooner
    /// for one that never answered yet (a big application answers libatspi's
    /// first bulk query, GetItems, before anything else).
    static let retry = 1.0
    static let firstRetry = 0.3

    func run() {
        if let why = AtspiLibraries.loadFailure {
            monitor.post(.unavailable(why))
            return
        }
        // Calls to an application that stopped answering give up after this (ms).
        ap_set_timeout(250, 2000)
        guard ap_atspi_init() <= 1 else {
            monitor.post(.unavailable("the accessibility bus (AT-SPI) does not answer"))
            return
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let listener = ap_event_listener_new(
            { event, data in
                guard let event else { return }
                defer { ap_event_free(event) }
                guard let data else { return }
                Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue().note(event)
            }, me)
        var names = Self.events.map { strdup($0) }
        defer { for name in names { free(name) } }
        let registered = names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                ap_listen(listener, $0, Int32(buffer.count))
            }
        }
        // Listening starts before the first scan: an application's AT-SPI bridge
        // sends only events someone registered for and learns of a new listener
        // asynchronously, so a busy one would drop the events of a change made
        // just after the first targets appear.
        guard let first = scanner.update(dirty: nil) else {
            monitor.post(.unavailable("the accessibility bus (AT-SPI) does not answer"))
            return
        }
        monitor.post(.snapshot(first))
        if registered == 0 { monitor.post(.unavailable("cannot listen to accessibility events")) }
        scheduleRetryIfStalled()
        ap_fd_readable(
            monitor.requestFD,
            { fd, _, data in
                var counter: UInt64 = 0
                _ = read(fd, &counter, 8)
                if let data {
                    let worker = Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue()
                    worker.windowsChanged = true
                    worker.scheduleScan()
                }
                return 1 // G_SOURCE_CONTINUE
            }, me)
        ap_run_main_loop()
        withExtendedLifetime(listener) {}
    }

    /// What an event changes: the object it names is asked again (a target's
    /// new frame, a container's targets), or its application is scanned
    /// whole (windows, removals, scrolling). A value change of anything but a
    /// scroll bar (a progress bar ticking) moves nothing.
    func note(_ event: OpaquePointer) {
        let type = String(cString: ap_event_type(event))
        guard let source = ap_event_source(event) else { return }
        let busName = String(cString: ap_bus_name(source))
        if firstEvent == nil { firstEvent = Self.monotonic() }
        if Self.logEvents {
            FileHandle.standardError.write(
                Data(
                    "event \(type) \(busName) \(String(cString: ap_path(source))) child \(ap_event_child(event).map { String(cString: ap_path($0)) } ?? "-")\n"
                        .utf8))
        }
        if type.hasPrefix("object:property-change:accessible-value") {
            guard scanner.isScrollBar(String(cString: ap_path(source)), in: busName) else { return }
            dirty.insert(busName)
        } else if type.hasPrefix("object:bounds-changed") {
            touch(source, busName: busName, change: .bounds)
        } else if type.hasPrefix("object:state-changed") {
            touch(source, busName: busName, change: .state)
        } else if type.hasPrefix("object:children-changed:add"), let child = ap_event_child(event) {
            touch(child, busName: busName, change: .added)
        } else {
            dirty.insert(busName)
        }
        scheduleScan()
    }

    func touch(_ object: OpaquePointer, busName: String, change: ApplicationScanner.Change) {
        let path = String(cString: ap_path(object))
        if let known = touched[busName]?[path] {
            // Added or shown/hidden outweighs moved.
            if known.change == .bounds { touched[busName]?[path]?.change = change }
            return
        }
        guard let retained = ap_ref(object) else { return }
        touched[busName, default: [:]][path] = (retained, change)
    }

    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    func scheduleScan() {
        guard !scanPending else { return }
        scanPending = true
        ap_timeout_add(
            UInt32(AccessibilityMonitor.debounce * 1000),
            { data in
                guard let data else { return 0 }
                Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue().flush()
                return 0 // G_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// One update: shift moved windows, ask again about what events named,
    /// rescan the applications that need it, post.
    func flush() {
        scanPending = false
        let began = Date()
        var apps = dirty
        let objects = touched
        let eventTime = firstEvent
        dirty = []
        touched = [:]
        firstEvent = nil
        defer {
            for touchedInApplication in objects.values {
                for touchedObject in touchedInApplication.values { ap_unref(touchedObject.object) }
            }
        }
        if windowsChanged {
            windowsChanged = false
            apps.formUnion(scanner.followWindowMoves())
        }
        for (busName, named) in objects where !apps.contains(busName) {
            let list = Array(named.values)
            if list.count > Self.refreshLimit
                || !scanner.refresh(busName, objects: list.map { ($0.object, $0.change) })
            {
                apps.insert(busName)
            }
        }
        if var snapshot = scanner.update(dirty: apps) {
            snapshot.scanSeconds = Date().timeIntervalSince(began)
            snapshot.eventTime = eventTime
            monitor.post(.snapshot(snapshot))
        }
        scheduleRetryIfStalled()
    }

    func scheduleRetryIfStalled() {
        guard !scanner.stalled.isEmpty, !retryPending else { return }
        retryPending = true
        ap_timeout_add(
            UInt32((scanner.stalledWithoutLayout ? Self.firstRetry : Self.retry) * 1000),
            { data in
                guard let data else { return 0 }
                let worker = Unmanaged<AccessibilityWorker>.fromOpaque(data).takeUnretainedValue()
                worker.retryPending = false
                worker.dirty.formUnion(worker.scanner.stalled)
                worker.scheduleScan()
                return 0 // G_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
