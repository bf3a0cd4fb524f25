/// What an `OverlaySurface` tells its overlay.
struct OverlaySurfaceEvents {
    /// Something changed that may let the session draw (configure, frame done, release).
    var onReady: () -> Void = {}
    /// The whole canvas must be repainted (resize, scale change).
    var onInvalidated: () -> Void = {}
    /// Frame `frameID` was presented at `at` (monotonic s) on a display refreshing every `refresh` s (0: unknown).
    var onPresented: (_ frameID: Int, _ at: Double, _ refresh: Double) -> Void = { _, _, _ in }
    /// The compositor used frame `frameID` (its frame callback), at our clock.
    var onFrameDone: (_ frameID: Int, _ at: Double) -> Void = { _, _ in }
    /// Frame `frameID` was never presented (a later commit replaced it).
    var onDiscarded: (_ frameID: Int) -> Void = { _ in }
    var onClosed: () -> Void = {}
    /// The still stage was drawn: whether it is split from the pointer's layer.
    var onSplit: (Bool) -> Void = { _ in }
}
