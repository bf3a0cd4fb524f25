import PointerCore

/// Which frames a contact sheet shows and what part of each: the moments a
/// reviewer cares about (the pointer settling on a new target, shape, menu,
/// press or fade, and the middle of leaving a control, where layering and
/// material mistakes show), filled with evenly spaced frames, each cropped to a
/// window around the pointer so the morph is visible at a readable size.
public struct SheetPlan: Sendable {
    public struct Cell: Sendable, Equatable {
        public var frameIndex: Int
        /// Canvas pt.
        public var window: Rect
        public var note: String
    }

    public let cells: [Cell]
    /// Canvas pt size of every window.
    public let windowSize: Size

    /// Frames settle for this long after a change before they are shown.
    static let settle = 0.25
    /// Leaving a control is shown this long after the target drops: mid-morph.
    static let exitMoment = 0.067
    public static let maxCells = 32

    public init(frames: [PointerFrame], canvas: Size, window requested: Size = Size(width: 360, height: 225)) {
        let window = Size(width: min(requested.width, canvas.width), height: min(requested.height, canvas.height))
        windowSize = window
        guard !frames.isEmpty else {
            cells = []
            return
        }
        var picks: [Int] = [0]
        func signature(_ f: PointerFrame) -> String {
            "\(f.target ?? "-")|\(f.visible.kind.rawValue)|\(f.visible.name ?? "")|\(f.menu != nil)|\(f.hidden)|\(f.pressed)"
        }
        let dt = frames.count > 1 ? max(frames[1].time - frames[0].time, 1e-6) : 1
        let settleFrames = Int((Self.settle / dt).rounded())
        let exitFrames = max(1, Int((Self.exitMoment / dt).rounded()))
        // Frame index → the control being left at that moment.
        var leaving: [Int: String] = [:]
        for i in 1..<frames.count where signature(frames[i]) != signature(frames[i - 1]) {
            picks.append(min(frames.count - 1, i + settleFrames))
            if let left = frames[i - 1].target, frames[i].target != left {
                let k = min(frames.count - 1, i + exitFrames - 1)
                picks.append(k)
                leaving[k] = left
            }
        }
        // Fill quiet stretches so the sheet still tells the whole story.
        let target = min(Self.maxCells, frames.count)
        if picks.count < target {
            let step = Double(frames.count - 1) / Double(max(target - picks.count, 1))
            var t = 0.0
            while picks.count < target && t <= Double(frames.count - 1) {
                picks.append(Int(t.rounded()))
                t += step
            }
        }
        // Moments closer than half the settle time show the same thing: keep one.
        var unique: [Int] = []
        for i in Array(Set(picks)).sorted() {
            if let last = unique.last, i - last < max(1, settleFrames / 2) {
                // Keep an exit moment over a nearby ordinary one.
                if leaving[i] != nil && leaving[last] == nil { unique[unique.count - 1] = i }
                continue
            }
            unique.append(i)
        }
        if unique.count > Self.maxCells {
            // Too many moments: keep the exits first, then spread the rest evenly.
            let exits = unique.filter { leaving[$0] != nil }.prefix(Self.maxCells / 2)
            let others = unique.filter { leaving[$0] == nil }
            let room = Self.maxCells - exits.count
            let stride = Double(others.count) / Double(max(room, 1))
            let spread = others.count > room ? (0..<room).map { others[Int(Double($0) * stride)] } : others
            unique = (Array(exits) + spread).sorted()
        }
        cells = unique.map { i in
            let f = frames[i]
            var focus = f.visible.frame.center
            if let menu = f.menu { focus = menu.frame.union(f.visible.frame).center }
            let x = min(max(focus.x - window.width / 2, 0), max(canvas.width - window.width, 0))
            let y = min(max(focus.y - window.height / 2, 0), max(canvas.height - window.height, 0))
            var parts: [String] = []
            if let left = leaving[i] { parts.append("leaving \(left)") }
            parts.append(f.target.map { "\($0) · \(f.effect?.name ?? "none")" } ?? "no target")
            parts.append(f.visible.name ?? f.visible.kind.rawValue)
            if f.pressed { parts.append("pressed") }
            if f.menu != nil { parts.append("menu") }
            if f.hidden { parts.append("hidden") }
            if !f.modifiers.isEmpty { parts.append(f.modifiers.sorted().map(\.rawValue).joined(separator: "+")) }
            return Cell(
                frameIndex: i, window: Rect(x: x, y: y, width: window.width, height: window.height),
                note: parts.joined(separator: " · "))
        }
    }
}
