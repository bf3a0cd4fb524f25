import CATSPIRuntime
import Foundation
import PointerCore

/// The fallback for applications without the Collection interface: walks a
/// window's tree node by node (several D-Bus round trips per node), keeping
/// what can be a target: roles, states and geometry, never text. Worker
/// thread only (libatspi is not thread-safe).
final class TreeWalk {
    static let maxDepth = 48
    /// A call slower than this means the application has stopped answering.
    static let unresponsive = 0.2

    private(set) var nodes = 0
    private(set) var elements: [AccessibleElement] = []
    private(set) var scrollBars: Set<String> = []
    private(set) var stalled = false
    let maxNodes: Int
    let keyPrefix: String

    init(keyPrefix: String, maxNodes: Int) {
        self.keyPrefix = keyPrefix
        self.maxNodes = maxNodes
    }

    /// Adds the targets inside `window` (its index in the application).
    func walk(window: OpaquePointer, path: String, index: Int) {
        walk(window, path: path, window: index, depth: 1, toolBar: nil)
    }

    private func timed<T>(_ call: () -> T) -> T {
        let began = Date()
        let value = call()
        if Date().timeIntervalSince(began) > Self.unresponsive { stalled = true }
        return value
    }

    private func walk(_ node: OpaquePointer, path: String, window: Int, depth: Int, toolBar: String?) {
        guard depth < Self.maxDepth, !stalled else { return }
        let count = timed { ap_child_count(node) }
        guard count > 0 else { return }
        var row: [Int] = [] // indexes into `elements` of this node's control children
        for i in 0..<count {
            guard nodes < maxNodes, !stalled, let child = ap_child(node, Int32(i)) else { continue }
            defer { ap_unref(child) }
            nodes += 1
            let states = timed { ap_states(child) }
            guard states & UInt32(AP_STATE_SHOWING) != 0, states & UInt32(AP_STATE_DEFUNCT) == 0 else { continue }
            guard let name = ap_role_name(child) else { continue }
            let role = String(cString: name)
            ap_free(name)
            let childPath = "\(path).\(i)"
            let id = "\(keyPrefix).w\(childPath)"
            if role == "scroll bar" { scrollBars.insert(String(cString: ap_path(child))) }
            switch RoleMap.target(forRole: role) {
            case .skip:
                continue
            case .control:
                if let r = rect(child) {
                    row.append(elements.count)
                    elements.append(AccessibleElement(id: id, kind: .control, frame: r, group: toolBar, window: window))
                }
            case .text:
                if let r = rect(child) {
                    let first = timed { ap_first_character(child) }
                    let line = first.ok != 0 ? first : nil
                    elements.append(
                        AccessibleElement(
                            id: id,
                            kind: .text(
                                singleLine: states & UInt32(AP_STATE_MULTI_LINE) == 0, firstLineTop: line?.y,
                                lineHeight: line?.height),
                            frame: r, window: window))
                }
            case .toolBar:
                walk(
                    child, path: childPath, window: window, depth: depth + 1, toolBar: "bar.\(keyPrefix).w\(childPath)")
            case .window, .container:
                walk(child, path: childPath, window: window, depth: depth + 1, toolBar: toolBar)
            }
        }
        if toolBar == nil { RowGrouping.group(&elements, indexes: row, parent: "\(keyPrefix).w\(path)") }
    }

    private func rect(_ node: OpaquePointer) -> Rect? {
        let r = timed { ap_extents(node) }
        return ApplicationScanner.usable(r.ok != 0, r.x, r.y, r.width, r.height)
    }
}
