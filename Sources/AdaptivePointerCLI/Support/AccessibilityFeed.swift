import AccessibilityTargets
import Foundation
import PointerCore
import PointerHost
import WaylandBackend
import X11Backend

/// Where the accessibility feed learns the desktop's layout: the X server
/// (X11 overlay) or the compositor's companion (GNOME on Wayland).
protocol TargetDesktop: AnyObject {
    /// `windowsChanged`: windows moved, restacked, came or went (rescan and
    /// re-lay out); `monitorChanged`: the pointer moved to another monitor.
    func observe(windowsChanged: @escaping () -> Void, monitorChanged: @escaping () -> Void)
    /// The targets on the pointer's monitor (canvas pt); nil when the layout is not known yet.
    func regions(for snapshot: AccessibilitySnapshot) -> [Region]?
}

extension X11Overlay: TargetDesktop {
    func observe(windowsChanged: @escaping () -> Void, monitorChanged: @escaping () -> Void) {
        onDesktopWindowsChanged = windowsChanged
        onPointerMonitorChanged = { _ in monitorChanged() }
    }

    func regions(for snapshot: AccessibilitySnapshot) -> [Region]? {
        guard let m = pointerMonitor ?? primaryMonitor else { return nil }
        let stack = stackedWindows().map {
            ScreenWindow(
                frame: Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)))
        }
        let layoutMonitor = TargetLayout.Monitor(
            frame: Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)), scale: scale)
        return TargetLayout.regions(for: snapshot, stack: stack, monitor: layoutMonitor)
    }
}

/// On Wayland the extents are window-relative: the companion's windows place them.
extension WaylandOverlay: TargetDesktop {
    func observe(windowsChanged: @escaping () -> Void, monitorChanged: @escaping () -> Void) {
        onCompanionLayoutChanged = windowsChanged
        onPointerMonitorChanged = monitorChanged
    }

    func regions(for snapshot: AccessibilitySnapshot) -> [Region]? {
        guard let m = pointerMonitor else { return nil }
        let windows = companionWindows.map {
            CompositorWindow(
                processID: $0.processID, title: $0.title, frame: $0.frame, buffer: $0.buffer, minimised: $0.minimized)
        }
        let (placed, stack) = CompositorPlacement.place(snapshot, on: windows)
        // Canvas pt are the compositor's logical px, from the monitor's top-left.
        return TargetLayout.regions(for: placed, stack: stack, monitor: TargetLayout.Monitor(frame: m.frame, scale: 1))
    }
}

/// Wires the accessibility monitor into an overlay session: each new
/// snapshot, window move or restack, and monitor change rebuilds the
/// engine's targets for the monitor the pointer is on and swaps them in at
/// once (the engine keeps its state by region id).
final class AccessibilityFeed {
    private let monitor: AccessibilityMonitor
    private let session: OverlaySession
    private let desktop: TargetDesktop
    private let base: Scene
    private let log: (String) -> Void
    private var snapshot: AccessibilitySnapshot?
    private var applied: [Region]?
    private(set) var available = true
    /// When false, nothing is logged about updates (only problems).
    var verbose = ProcessInfo.processInfo.environment["AP_A11Y_DEBUG"] != nil

    init(session: OverlaySession, desktop: TargetDesktop, loop: EventLoop, base: Scene, log: @escaping (String) -> Void)
        throws
    {
        monitor = try AccessibilityMonitor()
        self.session = session
        self.desktop = desktop
        self.base = base
        self.log = log
        loop.add(
            EventLoop.Source(
                fd: monitor.wakeFD,
                handle: { [unowned self] revents in
                    if revents & Int16(POLLIN) != 0 { received() }
                }))
        desktop.observe(
            windowsChanged: { [unowned self] in
                monitor.requestScan()
                apply()
            }, monitorChanged: { [unowned self] in apply() })
        monitor.start()
    }

    private func received() {
        switch monitor.take() {
        case .snapshot(let s)?:
            if snapshot == nil {
                log(
                    "accessibility targets on: \(s.elements.count) from \(s.windows.count) windows "
                        + "(\(s.nodesVisited) nodes scanned in \(Int((s.scanSeconds * 1000).rounded())) ms)")
            } else if verbose {
                log(
                    "accessibility: \(s.elements.count) targets, \(s.nodesVisited) nodes in \(String(format: "%.1f", s.scanSeconds * 1000)) ms"
                        + (s.eventTime.map { " (first event at \(String(format: "%.6f", $0)))" } ?? ""))
            }
            snapshot = s
            apply()
        case .unavailable(let reason)?:
            available = false
            guard AtspiLibraries.loadFailure == nil else {
                return log("accessibility targets are off: \(reason). The pointer still runs.")
            }
            log(
                "accessibility targets are off: \(reason). The pointer still runs. To enable them, run the session's "
                    + "accessibility bus (at-spi2-core: GNOME, KDE and Xfce start it; else `/usr/libexec/at-spi-bus-launcher "
                    + "--launch-immediately &`) and start GTK apps with GTK_A11Y=atspi, Qt apps with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1."
            )
        case nil:
            break
        }
    }

    private func apply() {
        guard let snapshot, let regions = desktop.regions(for: snapshot) else { return }
        guard regions != applied else { return }
        applied = regions
        if verbose {
            // The monotonic clock, so a test can time a layout change in an application to its targets.
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            log(
                "accessibility: applied \(regions.count) targets at \(String(format: "%.6f", Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))"
            )
            for r in regions {
                let f = r.frame
                log(
                    "  target \(r.id) \(Int(f.minX.rounded())) \(Int(f.minY.rounded())) \(Int(f.width.rounded())) \(Int(f.height.rounded())) "
                        + "effect \(String(describing: r.effect)) shape \(String(describing: r.shape)) group \(r.group ?? "-")"
                )
            }
        }
        var scene = base
        scene.regions = base.regions + regions
        do { try session.replace(scene: scene) } catch {
            log("cannot use the accessibility targets: \(error)")
        }
    }
}
