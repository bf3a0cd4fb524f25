/// What the pointer is on and the shape and placement that follow from it
/// (A2, B7, C14–C16); `refresh` recomputes it after every change.
struct Aim: Sendable {
    var target: Int?
    /// The target a pause (an inferred lift) last recentred on, this visit.
    var recentredOnPause: Int?
    var effect: PointerEffect?
    var shape: ResolvedShape
    var placement = Placement.free

    init(shape: ResolvedShape) { self.shape = shape }
}
