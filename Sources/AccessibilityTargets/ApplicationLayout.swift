import PointerCore

/// What one application showed at its last good scan: its top-level windows
/// and their targets (window indexes local to the application). Kept between
/// scans so an event in one application rescans that one alone, and a window
/// that only moved is shifted instead of rescanned.
struct ApplicationLayout: Sendable, Equatable {
    var windows: [AccessibleWindow] = []
    var elements: [AccessibleElement] = []
    /// Object paths of its scroll bars: their value changes mean content scrolled.
    var scrollBars: Set<String> = []
    /// Nodes asked about to build it.
    var nodes = 0
    /// Element ids by object path, and each control's parent (a hash of its
    /// path) for row groups: what lets an event about one element update that
    /// element alone. Empty after a node-by-node walk (its ids are child-index
    /// paths), where every event rescans the application.
    var idByPath: [String: String] = [:]
    var parentOf: [String: UInt64] = [:]
    /// Object paths of `windows`.
    var windowPaths: [String] = []
    /// Every window was scanned through Collection (so every target has a path).
    var canRefresh: Bool { !windows.isEmpty && windowPaths.count == windows.count }

    /// The window showing `frame` (its centre inside), if any.
    func window(containing frame: Rect) -> Int? {
        windows.indices.last { windows[$0].frame.contains(frame.center) }
    }

    /// Puts `element` in (replacing the one with its id), remembering its path and parent.
    mutating func upsert(_ element: AccessibleElement, path: String, parent: UInt64) {
        idByPath[path] = element.id
        if case .control = element.kind { parentOf[element.id] = parent }
        if let i = elements.firstIndex(where: { $0.id == element.id }) {
            var e = element
            // A tool bar's controls stay in its group.
            if let g = elements[i].group, g.hasPrefix("bar.") { e.group = g }
            elements[i] = e
        } else {
            elements.append(element)
        }
    }

    mutating func remove(path: String) {
        guard let id = idByPath.removeValue(forKey: path) else { return }
        parentOf[id] = nil
        elements.removeAll { $0.id == id }
    }

    /// Row groups again for `windows`' controls outside tool bars.
    mutating func regroupRows(in windows: Set<Int>, key: String) {
        var byParent: [UInt64: [Int]] = [:]
        for i in elements.indices where windows.contains(elements[i].window) {
            guard case .control = elements[i].kind, !(elements[i].group?.hasPrefix("bar.") ?? false) else { continue }
            elements[i].group = nil
            if let p = parentOf[elements[i].id], p != 0 { byParent[p, default: []].append(i) }
        }
        for (parent, indexes) in byParent {
            RowGrouping.group(&elements, indexes: indexes, parent: "\(key).p\(String(parent, radix: 36))")
        }
    }

    /// The layout with window `index` moved by (dx, dy): a window that moved
    /// without resizing keeps its contents where they are relative to it.
    func moving(window index: Int, dx: Double, dy: Double) -> ApplicationLayout {
        var out = self
        guard out.windows.indices.contains(index) else { return out }
        out.windows[index].frame = Self.shifted(out.windows[index].frame, dx, dy)
        for i in out.elements.indices where out.elements[i].window == index {
            out.elements[i].frame = Self.shifted(out.elements[i].frame, dx, dy)
            if case .text(let single, let top, let height) = out.elements[i].kind {
                out.elements[i].kind = .text(singleLine: single, firstLineTop: top.map { $0 + dy }, lineHeight: height)
            }
        }
        return out
    }

    static func shifted(_ r: Rect, _ dx: Double, _ dy: Double) -> Rect {
        Rect(x: r.minX + dx, y: r.minY + dy, width: r.width, height: r.height)
    }
}
