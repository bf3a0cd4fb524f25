/// What prediction may touch: only a pointer that follows the hand one to one.
extension PointerEngine {
    /// Where input put the pointer (before snapping or animation): what prediction extrapolates.
    public var modelPointer: Point { hand.position }

    /// The drawn pointer follows the model pointer exactly right now: no snap
    /// or held axis, no parallax, no jump or morph animating, no glide or
    /// pinch. Only such a pointer may be drawn ahead of the input (prediction);
    /// snapped, morphing and gliding pointers stay exact.
    public var followsFreely: Bool {
        hand.hasPosition && hand.glide == nil && interaction.pinch == nil && !interaction.left
            && aim.placement.x == .follow && aim.placement.y == .follow && aim.placement.parallaxCenter == nil
            && look.isSettled
    }

    /// `frame` with the pointer moved by `offset` (kept on the canvas), both the
    /// model point it reports and what is drawn; `frame` itself when the pointer
    /// does not follow freely.
    public func predicted(_ frame: PointerFrame, by offset: Point) -> PointerFrame {
        guard followsFreely, offset != .zero, offset.x.isFinite, offset.y.isFinite else { return frame }
        let moved = clampToCanvas(frame.pointer + offset)
        let shift = moved - frame.pointer
        var f = frame
        f.pointer = moved
        f.visible.frame = frame.visible.frame.offsetBy(shift)
        return f
    }
}
