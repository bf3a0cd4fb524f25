import CATSPIRuntime
import Foundation
import PointerCore

/// Keeps each application's last good layout and rescans only what changed:
/// the applications an event named, the applications that appeared, and
/// windows that resized. A window that only moved is shifted (one extents
/// call instead of a scan); a restack changes nothing here (the X stacking
/// order is applied on the main thread). Worker thread only.
final class DesktopScanner {
    private struct Application {
        let object: OpaquePointer
        let key: String
        var layout: ApplicationLayout?
    }

    /// By bus name, in desktop order.
    private var applications: [(busName: String, app: Application)] = []
    /// Applications that stopped answering at their last scan: asked again later.
    private(set) var stalled: Set<String> = []
    var windowTitle: String?
    /// Nodes asked about by refreshes since the last snapshot.
    private var refreshed = 0

    deinit { for application in applications { ap_unref(application.app.object) } }

    /// The desktop now, scanning the applications in `dirty` (every one when
    /// nil) and any that appeared; nil when the bus does not answer at all.
    func update(dirty: Set<String>?) -> AccessibilitySnapshot? {
        let began = Date()
        guard let desktop = ap_desktop(0) else { return nil }
        defer { ap_unref(desktop) }
        let count = ap_child_count(desktop)
        guard count >= 0 else { return nil }
        var next: [(busName: String, app: Application)] = []
        var nodes = refreshed
        refreshed = 0
        for i in 0..<count {
            guard let object = ap_child(desktop, Int32(i)) else { continue }
            let busName = String(cString: ap_bus_name(object))
            var app: Application
            if let known = applications.first(where: { $0.busName == busName })?.app {
                ap_unref(object)
                app = known
            } else {
                app = Application(object: object, key: Self.key(busName), layout: nil)
            }
            if app.layout == nil || dirty == nil || dirty!.contains(busName) {
                var scanner = ApplicationScanner(app: app.object, key: app.key)
                scanner.windowTitle = windowTitle
                switch scanner.scan() {
                case .scanned(let layout):
                    app.layout = layout
                    nodes += layout.nodes
                    stalled.remove(busName)
                case .stalled:
                    // Its last good layout stands (none yet: nothing from it).
                    stalled.insert(busName)
                }
            }
            next.append((busName, app))
        }
        for gone in applications where !next.contains(where: { $0.busName == gone.busName }) {
            ap_unref(gone.app.object)
            stalled.remove(gone.busName)
        }
        applications = next
        return snapshot(nodes: nodes, seconds: Date().timeIntervalSince(began))
    }

    /// Re-reads every known window's frame: windows that moved are shifted
    /// with their contents; returns the applications whose windows resized,
    /// appeared or went (they need a scan).
    func followWindowMoves() -> Set<String> {
        var rescan: Set<String> = []
        for i in applications.indices {
            guard var layout = applications[i].app.layout, !stalled.contains(applications[i].busName) else { continue }
            let scanner = ApplicationScanner(app: applications[i].app.object, key: applications[i].app.key)
            let (windows, stalledNow) = scanner.showingWindows()
            defer { for window in windows { ap_unref(window.object) } }
            if stalledNow { continue }
            guard windows.count == layout.windows.count else {
                rescan.insert(applications[i].busName)
                continue
            }
            for (w, now) in windows.enumerated() {
                let was = layout.windows[w]
                layout.windows[w].title = now.frame.title
                if now.frame.frame.size != was.frame.size || now.frame.minimised != was.minimised {
                    rescan.insert(applications[i].busName)
                } else if now.frame.frame.origin != was.frame.origin {
                    layout = layout.moving(
                        window: w, dx: now.frame.frame.minX - was.frame.minX, dy: now.frame.frame.minY - was.frame.minY)
                }
            }
            applications[i].app.layout = layout
        }
        return rescan
    }

    /// Brings `busName`'s layout up to date after events named `objects`
    /// (see ApplicationScanner.refresh); false when the application needs a
    /// full scan (or is not known yet).
    func refresh(_ busName: String, objects: [(object: OpaquePointer, change: ApplicationScanner.Change)]) -> Bool {
        guard let i = applications.firstIndex(where: { $0.busName == busName }),
            var layout = applications[i].app.layout,
            !stalled.contains(busName)
        else { return false }
        let scanner = ApplicationScanner(app: applications[i].app.object, key: applications[i].app.key)
        let asked = layout.nodes
        defer { refreshed += max(0, layout.nodes - asked) }
        switch scanner.refresh(objects, in: &layout) {
        case .done:
            applications[i].app.layout = layout
            return true
        case .rescan:
            return false
        case .stalled:
            stalled.insert(busName)
            return true
        }
    }

    /// Whether a stalled application has never answered yet (it may be busy
    /// starting up, or building its answer for our first question).
    var stalledWithoutLayout: Bool {
        applications.contains { stalled.contains($0.busName) && $0.app.layout == nil }
    }

    /// Whether a value change of `path` in `busName` is a scroll (content moved).
    func isScrollBar(_ path: String, in busName: String) -> Bool {
        applications.first { $0.busName == busName }?.app.layout?.scrollBars.contains(path) ?? false
    }

    private func snapshot(nodes: Int, seconds: Double) -> AccessibilitySnapshot {
        var out = AccessibilitySnapshot(nodesVisited: nodes, scanSeconds: seconds)
        for (_, app) in applications {
            guard let layout = app.layout else { continue }
            let offset = out.windows.count
            out.windows += layout.windows
            out.elements += layout.elements.map {
                var e = $0
                e.window += offset
                return e
            }
        }
        return out
    }

    /// ":1.42" → "1.42": a region-id-safe name for the application.
    static func key(_ busName: String) -> String {
        let safe = String(
            busName.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") ? $0 : "_" }
        )
        return safe.hasPrefix("_") ? String(safe.dropFirst()) : safe
    }
}
