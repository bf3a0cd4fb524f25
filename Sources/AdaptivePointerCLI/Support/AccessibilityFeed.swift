import AccessibilityTargets
import Foundation
import PointerCore
import PointerHost
import X11Backend

/// Wires the accessibility monitor into an X11 overlay session: each new
/// snapshot, window move or restack, and monitor change rebuilds the
/// engine's targets for the monitor the pointer is on and swaps them in at
/// once (the engine keeps its state by region id).
final class AccessibilityFeed {
    private let monitor: AccessibilityMonitor
    private let session: OverlaySession
    private let overlay: X11Overlay
    private let base: Scene
    private let log: (String) -> Void
    private var snapshot: AccessibilitySnapshot?
    private var applied: [Region]?
    private(set) var available = true
    /// When false, nothing is logged about updates (only problems).
    var verbose = ProcessInfo.processInfo.environment["AP_A11Y_DEBUG"] != nil

    init(session: OverlaySession, overlay: X11Overlay, loop: EventLoop, base: Scene, log: @escaping (String) -> Void) throws {
        monitor = try AccessibilityMonitor()
        self.session = session
        self.overlay = overlay
        self.base = base
        self.log = log
        loop.add(EventLoop.Source(fd: monitor.wakeFD, handle: { [unowned self] revents in
            if revents & Int16(POLLIN) != 0 { received() }
        }))
        overlay.onDesktopWindowsChanged = { [unowned self] in
            monitor.requestScan()
            apply()
        }
        overlay.onPointerMonitorChanged = { [unowned self] _ in apply() }
        monitor.start()
    }

    private func received() {
        switch monitor.take() {
        case .snapshot(let s)?:
            if snapshot == nil {
                log("accessibility targets on: \(s.elements.count) from \(s.windows.count) windows "
                    + "(\(s.nodesVisited) nodes scanned in \(Int((s.scanSeconds * 1000).rounded())) ms)")
            } else if verbose {
                log("accessibility: \(s.elements.count) targets, \(s.nodesVisited) nodes in \(String(format: "%.1f", s.scanSeconds * 1000)) ms"
                    + (s.eventTime.map { " (first event at \(String(format: "%.6f", $0)))" } ?? ""))
            }
            snapshot = s
            apply()
        case .unavailable(let reason)?:
            available = false
            guard AtspiLibraries.loadFailure == nil else {
                return log("accessibility targets are off: \(reason). The pointer still runs.")
            }
            log("accessibility targets are off: \(reason). The pointer still runs. To enable them, run the session's "
                + "accessibility bus (at-spi2-core: GNOME, KDE and Xfce start it; else `/usr/libexec/at-spi-bus-launcher "
                + "--launch-immediately &`) and start GTK apps with GTK_A11Y=atspi, Qt apps with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1.")
        case nil:
            break
        }
    }

    private func apply() {
        guard let snapshot, let m = overlay.pointerMonitor ?? overlay.primaryMonitor else { return }
        let stack = overlay.stackedWindows().map {
            ScreenWindow(frame: Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)))
        }
        let layoutMonitor = TargetLayout.Monitor(
            frame: Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)), scale: overlay.scale)
        let regions = TargetLayout.regions(for: snapshot, stack: stack, monitor: layoutMonitor)
        guard regions != applied else { return }
        applied = regions
        if verbose {
            // The monotonic clock, so a test can time a layout change in an application to its targets.
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            log("accessibility: applied \(regions.count) targets at \(String(format: "%.6f", Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))")
            for r in regions {
                let f = r.frame
                log("  target \(r.id) \(Int(f.minX.rounded())) \(Int(f.minY.rounded())) \(Int(f.width.rounded())) \(Int(f.height.rounded())) "
                    + "effect \(String(describing: r.effect)) shape \(String(describing: r.shape)) group \(r.group ?? "-")")
            }
        }
        var scene = base
        scene.regions = base.regions + regions
        do { try session.replace(scene: scene) } catch {
            log("cannot use the accessibility targets: \(error)")
        }
    }
}
