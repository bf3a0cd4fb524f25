/// What Expose events still need copied. A shaped window gets one for each
/// piece its new bounding shape uncovers, often a dozen rows a pixel high per
/// frame, and copying each was as many uploads again as the frames made. A
/// piece that the newest frame's upload covered, sent after the server
/// generated the Expose, needs nothing; the rest is copied once, as one
/// rectangle, when the series ends (count 0).
struct ExposedArea {
    /// The newest frame's upload: the sequence number of its first request and
    /// the window pixels it covered.
    private var upload: (sequence: UInt32, rects: [PixelRect])?
    private var pending = PixelRect.zero

    mutating func uploaded(_ rects: [PixelRect], firstSequence: UInt32) {
        upload = (firstSequence, rects)
    }

    /// An Expose of `rect`, generated after the server handled the request
    /// whose sequence number ends in `sequence`, with `remaining` more in its
    /// series: what to copy now (nil: nothing, or not yet).
    mutating func exposed(_ rect: PixelRect, sequence: UInt16, remaining: UInt16) -> PixelRect? {
        if !answered(rect, sequence: sequence) { pending = pending.union(rect) }
        guard remaining == 0, !pending.isEmpty else { return nil }
        defer { pending = .zero }
        return pending
    }

    /// Whether the newest upload came after the Expose and covers `rect`.
    func answered(_ rect: PixelRect, sequence: UInt16) -> Bool {
        guard let upload else { return false }
        // Sequence numbers wrap at 16 bits in events: "after" is less than half the circle ahead.
        let ahead = UInt16(truncatingIfNeeded: upload.sequence) &- sequence
        return ahead != 0 && ahead < 0x8000 && upload.rects.contains { $0.contains(rect) }
    }
}
