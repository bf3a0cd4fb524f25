import PointerCore

/// What each committed frame showed, until the display says it was shown:
/// the inputs it was the first to show (for motion→present per input), the
/// repaint it was drawn for (to learn the deadline margin), and where it drew
/// a freely moving pointer (for drawn-vs-true).
struct FrameLedger {
    struct Entry {
        let id: Int
        let canvas: Int
        let committedAt: Double
        /// Arrival times (monotonic s) of the inputs this frame shows first.
        let inputs: [Double]
        /// The repaint it was drawn for (deadline pacing), monotonic s.
        let aimedAt: Double?
        /// The freely moving pointer as drawn (canvas pt); nil when snapped, morphing, hidden.
        let drawn: Point?
        var frameDone = false
        var presented = false
    }

    private var entries: [Entry] = []
    private var nextID = 0

    /// Records a commit; returns the id to hand to the canvas.
    mutating func add(canvas: Int, at time: Double, inputs: [Double], aimedAt: Double?, drawn: Point?) -> Int {
        nextID += 1
        entries.append(
            Entry(id: nextID, canvas: canvas, committedAt: time, inputs: inputs, aimedAt: aimedAt, drawn: drawn))
        // Reports that never come (a surface destroyed, discarded feedback) must not pile up.
        if entries.count > 256 { entries.removeFirst(entries.count - 256) }
        return nextID
    }

    /// The frame-done report for `id`: the entry, once (nil when unknown or already reported).
    mutating func frameDone(_ id: Int) -> Entry? { take(id, \.frameDone) }

    /// The presentation report for `id`, once.
    mutating func presented(_ id: Int) -> Entry? { take(id, \.presented) }

    private mutating func take(_ id: Int, _ flag: WritableKeyPath<Entry, Bool>) -> Entry? {
        guard let i = entries.firstIndex(where: { $0.id == id }), !entries[i][keyPath: flag] else { return nil }
        entries[i][keyPath: flag] = true
        let e = entries[i]
        if e.frameDone && e.presented { entries.remove(at: i) }
        return e
    }

    /// Drops what a removed canvas committed.
    mutating func remove(canvas: Int) { entries.removeAll { $0.canvas == canvas } }
}
