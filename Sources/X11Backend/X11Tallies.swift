/// Counts for `--stats` and canvas ids.
struct X11Tallies {
    /// Canvases made so far: the next one's id is this plus one.
    var canvasesMade = 0
    /// Copies made for Expose events.
    var exposedCopies = 0
    /// Bounding shapes of painted frames: sent, and the same as shown (not sent again).
    var shapesSent = 0
    var shapesUnchanged = 0
}
