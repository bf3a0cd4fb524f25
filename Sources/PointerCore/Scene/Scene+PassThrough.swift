extension Scene {
    /// A scene with nothing to point at and nothing painted on the canvas (the
    /// bundled `desktop` scene): it is the pointer alone, over whatever is on
    /// screen. Such a scene must never capture input, so hosts run it as a
    /// pass-through overlay, never as a stage.
    public var isPassThrough: Bool {
        regions.isEmpty && canvas.color == nil && canvas.image == nil
    }
}
