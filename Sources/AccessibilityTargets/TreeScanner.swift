import CATSPI
import Foundation
import PointerCore

/// Walks the accessibility tree through libatspi and keeps what can be a
/// target: roles, states and geometry, never text. Used on the worker thread
/// only (libatspi is not thread-safe), so nothing here is shared.
final class TreeScanner {
    static let maxNodes = 20_000
    static let maxDepth = 48
    /// A call slower than this means the application has stopped answering:
    /// the rest of it is skipped and its last good elements are kept.
    static let unresponsive = 0.2

    private var nodes = 0
    private var windows: [AccessibleWindow] = []
    private var elements: [AccessibleElement] = []
    private var previous: [Int32: (windows: [AccessibleWindow], elements: [AccessibleElement])] = [:]
    private var stalled = false
    /// When set, only top-level windows whose accessible name (the window
    /// title) contains this, ignoring case. The name is compared, never kept.
    var windowTitle: String?

    /// The whole desktop now. `nil` when the bus does not answer at all.
    func scan() -> AccessibilitySnapshot? {
        let began = Date()
        nodes = 0
        windows = []
        elements = []
        guard let desktop = atspi_get_desktop(0) else { return nil }
        defer { ap_unref(desktop) }
        let apps = ap_child_count(desktop)
        guard apps >= 0 else { return nil }
        var kept: [Int32: (windows: [AccessibleWindow], elements: [AccessibleElement])] = [:]
        for a in 0..<apps {
            guard let app = ap_child(desktop, Int32(a)) else { continue }
            defer { ap_unref(app) }
            let pid = Int32(ap_process_id(app))
            let firstWindow = windows.count, firstElement = elements.count
            stalled = false
            scanApplication(app, key: "\(a)")
            if stalled, let old = previous[pid] {
                // Stopped answering mid-scan: its last good layout stands.
                windows.removeSubrange(firstWindow...)
                elements.removeSubrange(firstElement...)
                let offset = windows.count
                windows += old.windows
                elements += old.elements.map { var e = $0; e.window += offset; return e }
            }
            let mine = Array(windows[firstWindow...])
            let theirs = elements[firstElement...].map { var e = $0; e.window -= firstWindow; return e }
            kept[pid] = (mine, theirs)
        }
        previous = kept
        return AccessibilitySnapshot(windows: windows, elements: elements, nodesVisited: nodes,
                                     scanSeconds: Date().timeIntervalSince(began))
    }

    private func timed<T>(_ call: () -> T) -> T {
        let began = Date()
        let value = call()
        if Date().timeIntervalSince(began) > Self.unresponsive { stalled = true }
        return value
    }

    private func scanApplication(_ app: UnsafeMutablePointer<AtspiAccessible>, key: String) {
        let count = timed { ap_child_count(app) }
        guard count > 0, !stalled else { return }
        for i in 0..<count {
            guard !stalled, nodes < Self.maxNodes, let child = ap_child(app, Int32(i)) else { continue }
            defer { ap_unref(child) }
            nodes += 1
            let states = timed { ap_states(child) }
            guard states & UInt32(AP_STATE_SHOWING) != 0 else { continue }
            if let wanted = windowTitle {
                guard let name = atspi_accessible_get_name(child, nil) else { continue }
                let matches = String(cString: name).localizedCaseInsensitiveContains(wanted)
                g_free(name)
                guard matches else { continue }
            }
            let frame = timed { ap_extents(child) }
            guard frame.ok != 0, frame.width > 0, frame.height > 0 else { continue }
            windows.append(AccessibleWindow(frame: Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
                                            processID: 0, minimised: states & UInt32(AP_STATE_ICONIFIED) != 0))
            walk(child, path: "\(key).\(i)", window: windows.count - 1, depth: 1, toolBar: nil)
        }
    }

    private func walk(_ node: UnsafeMutablePointer<AtspiAccessible>, path: String, window: Int, depth: Int, toolBar: String?) {
        guard depth < Self.maxDepth, !stalled else { return }
        let count = timed { ap_child_count(node) }
        guard count > 0 else { return }
        var row: [Int] = []  // indexes into `elements` of this node's control children
        for i in 0..<count {
            guard nodes < Self.maxNodes, !stalled, let child = ap_child(node, Int32(i)) else { continue }
            defer { ap_unref(child) }
            nodes += 1
            let states = timed { ap_states(child) }
            guard states & UInt32(AP_STATE_SHOWING) != 0, states & UInt32(AP_STATE_DEFUNCT) == 0 else { continue }
            guard let name = ap_role_name(child) else { continue }
            let role = String(cString: name)
            g_free(name)
            let childPath = "\(path).\(i)"
            switch RoleMap.target(forRole: role) {
            case .skip:
                continue
            case .control:
                if let r = rect(child) {
                    row.append(elements.count)
                    elements.append(AccessibleElement(id: childPath, kind: .control, frame: r, group: toolBar, window: window))
                }
            case .text:
                if let r = rect(child) {
                    let first = timed { ap_first_character(child) }
                    let line = first.ok != 0 ? first : nil
                    elements.append(AccessibleElement(
                        id: childPath,
                        kind: .text(singleLine: states & UInt32(AP_STATE_MULTI_LINE) == 0, firstLineTop: line?.y, lineHeight: line?.height),
                        frame: r, window: window))
                }
            case .toolBar:
                walk(child, path: childPath, window: window, depth: depth + 1, toolBar: "bar." + childPath)
            case .window, .container:
                walk(child, path: childPath, window: window, depth: depth + 1, toolBar: toolBar)
            }
        }
        if toolBar == nil { groupContiguousRow(row, parent: path) }
    }

    private func rect(_ node: UnsafeMutablePointer<AtspiAccessible>) -> Rect? {
        let r = timed { ap_extents(node) }
        guard r.ok != 0, r.width > 0, r.height > 0, r.x > -10_000, r.y > -10_000 else { return nil }
        return Rect(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// Siblings side by side, equally tall, with no gap between them (a row of
    /// buttons a toolkit did not call a tool bar) become one group, so the
    /// pointer moves from one to the next without falling back to the circle.
    private func groupContiguousRow(_ indexes: [Int], parent: String) {
        guard indexes.count >= 2 else { return }
        let sorted = indexes.sorted { elements[$0].frame.minX < elements[$1].frame.minX }
        var run: [Int] = [sorted[0]]
        func close() {
            if run.count >= 2 { for i in run { elements[i].group = "row.\(parent).\(run[0])" } }
        }
        for i in sorted.dropFirst() {
            let a = elements[run[run.count - 1]].frame, b = elements[i].frame
            if abs(a.minY - b.minY) <= 1 && abs(a.height - b.height) <= 1 && b.minX - a.maxX <= 2 && b.minX - a.maxX >= -1 {
                run.append(i)
            } else {
                close()
                run = [i]
            }
        }
        close()
    }
}
