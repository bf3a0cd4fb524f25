/// Which part of a capture of the desktop still shows it as it is, while the
/// shaped overlay moves (root pixels). What DAMAGE reports inside what our own
/// window showed since the capture is our window's doing (the server copying
/// it, repainting what it uncovered, an application redrawing that on Expose),
/// not the desktop changing. Anything else drawn on it, windows rearranged, or
/// too many moves, and the next move captures again.
struct KeptCapture {
    /// The captured area nothing drew on since (empty: none kept).
    private(set) var fresh = PixelRect.zero
    /// What our window showed at each move or paint since the capture, each
    /// joined with the one before (a move damages both places).
    private var trail: [PixelRect] = []
    private var shown = PixelRect.zero
    /// After this many moves or paints the desktop is captured again, whatever DAMAGE said.
    static let maxTrail = 32

    /// Whether the kept capture answers for `area` (already clipped to the screen).
    func answers(_ area: PixelRect) -> Bool { !fresh.isEmpty && fresh.contains(area) }

    /// `area` was captured while our window showed `window`.
    mutating func captured(_ area: PixelRect, window: PixelRect) {
        fresh = area
        trail = [window.union(shown)]
        shown = window
    }

    /// Our window now shows `window`, moved or painted.
    mutating func windowShown(_ window: PixelRect) {
        defer { shown = window }
        // Nothing kept: the trail excuses nothing until the next capture starts it again.
        guard !fresh.isEmpty else { return }
        trail.append(window.union(shown))
        if trail.count > Self.maxTrail { fresh = .zero }
    }

    /// Something drew in `r` (a DAMAGE box).
    mutating func damaged(_ r: PixelRect) {
        guard !r.intersection(fresh).isEmpty, !trail.contains(where: { $0.contains(r) }) else { return }
        fresh = .zero
    }

    /// Windows were rearranged, or a new capture is being taken: nothing is kept.
    mutating func drop() { fresh = .zero }

    /// The hand rests (the desktop is no longer watched): forget our window's places too.
    mutating func forget() { self = KeptCapture() }
}
