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
