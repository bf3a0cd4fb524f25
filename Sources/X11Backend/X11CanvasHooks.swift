import PointerCore

/// What the overlay hears from, and is asked by, one of its canvases.
struct X11CanvasHooks {
    /// Called when the session starts drawing a frame into the canvas.
    var willDraw: () -> Void = {}
    /// Called with the window-pixel damage of a buffer about to be shown.
    var beforePresent: (ImageBuffer, [PixelRect]) -> Void = { _, _ in }
    /// Asked before a move without repaint: has the desktop under the material
    /// changed for what was painted, moved by this much (canvas pt)?
    /// nil: not looked at (sampled at a bounded rate).
    var backdropUnchanged: (Point) -> Bool? = { _ in true }
    /// Shaped, asked before every move: would the material, moved by this much
    /// (canvas pt), and the shown pixels, moved by this many window pixels, be
    /// over the same desktop?
    var shapedMoveUnchanged: (Point, Int, Int) -> Bool = { _, _, _ in false }
    /// The window now shows its content somewhere else or anew (moved or painted).
    var didShow: () -> Void = {}
}
