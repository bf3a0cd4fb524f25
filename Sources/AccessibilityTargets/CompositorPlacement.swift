import PointerCore

/// A window as a Wayland compositor's companion reports it (logical px of the
/// global layout). `buffer` is the whole surface, client-side shadows included.
public struct CompositorWindow: Sendable, Equatable {
    public var processID: Int32
    public var title: String
    public var frame: Rect
    public var buffer: Rect
    public var minimised: Bool

    public init(processID: Int32, title: String, frame: Rect, buffer: Rect? = nil, minimised: Bool = false) {
        self.processID = processID
        self.title = title
        self.frame = frame
        self.buffer = buffer ?? frame
        self.minimised = minimised
    }
}

/// On Wayland, toolkits report accessible extents relative to their own
/// window (GTK 3 and Qt call them "screen" extents, GTK 4 window ones), and
/// nothing in AT-SPI says where that window is. The compositor's companion
/// does: each accessible window is matched to a compositor window of the same
/// process (by title when the process has several, then by size), and its
/// elements are offset by that window's surface origin, which is where a
/// toolkit's (0, 0) is, client-side shadow margins included. Windows without a
/// match are left out: their extents cannot be placed.
public enum CompositorPlacement {
    /// The snapshot in global logical px (window frames become the
    /// compositor's frames) and the stack for TargetLayout, bottom to top.
    public static func place(_ snapshot: AccessibilitySnapshot, on windows: [CompositorWindow])
        -> (snapshot: AccessibilitySnapshot, stack: [ScreenWindow])
    {
        var placed = snapshot
        var offsets: [Int: Point] = [:]
        var taken = Set<Int>()
        for (i, w) in snapshot.windows.enumerated() {
            guard let match = self.match(w, in: windows, excluding: taken) else { continue }
            taken.insert(match)
            let c = windows[match]
            offsets[i] = Point(x: c.buffer.minX, y: c.buffer.minY)
            placed.windows[i].frame = c.frame
            placed.windows[i].minimised = w.minimised || c.minimised
        }
        placed.elements = snapshot.elements.compactMap { e in
            guard let o = offsets[e.window] else { return nil }
            var moved = e
            moved.frame = Rect(
                x: e.frame.minX + o.x, y: e.frame.minY + o.y, width: e.frame.width, height: e.frame.height)
            if case .text(let single, let top, let height) = e.kind {
                moved.kind = .text(singleLine: single, firstLineTop: top.map { $0 + o.y }, lineHeight: height)
            }
            return moved
        }
        let stack = windows.filter { !$0.minimised }.map { ScreenWindow(frame: $0.frame) }
        // TargetLayout matches each placed window to the stack by containment;
        // its frame is exactly one stack frame now.
        return (placed, stack)
    }

    /// The compositor window showing `window`: same process; among several,
    /// the same title, then the closest size (the accessible window's extents
    /// span the frame or the whole surface).
    static func match(_ window: AccessibleWindow, in windows: [CompositorWindow], excluding taken: Set<Int>) -> Int? {
        let candidates = windows.indices.filter { !taken.contains($0) && windows[$0].processID == window.processID }
        guard candidates.count > 1 else { return candidates.first }
        let titled = candidates.filter { window.title != nil && windows[$0].title == window.title }
        let pool = titled.isEmpty ? candidates : titled
        func misfit(_ i: Int) -> Double {
            let w = window.frame.size
            return min(
                abs(windows[i].frame.width - w.width) + abs(windows[i].frame.height - w.height),
                abs(windows[i].buffer.width - w.width) + abs(windows[i].buffer.height - w.height))
        }
        // The topmost among equals: the one the user sees.
        return pool.min { misfit($0) < misfit($1) || (misfit($0) == misfit($1) && $0 > $1) }
    }
}
