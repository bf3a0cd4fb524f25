import PointerCore

/// Motion on its way from the seat (or the companion) to the session: steps
/// converted to points, what the device seems to be, and absolute motion
/// coalesced per dispatched batch.
struct WaylandMotionIntake {
    /// Absolute positions on our surface → motion or placement (absolute-pointer mode).
    var steps = HostPointerSteps()
    var deviceGuess = SeatDeviceGuess()
    /// Absolute motion not yet handed to the engine, and where the pointer was when it began.
    var pendingMotion: Point?
    var motionFrom: Point?
}
