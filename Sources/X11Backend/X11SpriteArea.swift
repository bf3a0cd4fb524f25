import PointerCore

/// A composited overlay's window covers only what is drawn and moves with it
/// (X11Canvas+Sprite): where it is, what of it is painted, and how far it moved.
struct X11SpriteArea {
    /// The monitor pixels the window and its buffers cover.
    var rect = PixelRect.zero
    /// Monitor pixels holding the shown frame's non-transparent pixels.
    var content = PixelRect.zero
    /// Sub-pixel part of moves not yet applied to the window (pixels).
    var moveResidual = Point.zero
    /// Canvas pt the shown frame moved since it was painted (for the backdrop check).
    var movedSincePaint = Point.zero
}
