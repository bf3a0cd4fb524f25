import PointerCore

/// Where the real pointer is and the motion on its way to the session: the
/// canvas it is on, steps converted to points, and motion coalesced until the
/// next frame (X11Overlay+Coalescing).
struct X11MotionIntake {
    /// The canvas the real pointer is on.
    var pointerCanvas: X11Canvas?
    var steps: HostPointerSteps
    /// Motion coalesced until the next frame.
    var pendingMotion: X11Overlay.PendingMotion?
    /// When the newest motion the engine has was sampled (monotonic s).
    var lastMotionDelivered: Double?
    /// The last frame followed motion: read the connection once per frame.
    var followingMotion = false
    /// Events read in one go are being handled: motion among them waits for the last.
    var readingBatch = false
    /// Relative steps read since the engine's last sample (a late batch keeps its speed).
    var rawSteps = RawMotionSteps()
    /// Event times from the server, on the monotonic clock (motion is timed when it happened).
    var serverClock = ServerClock()

    init(steps: HostPointerSteps) { self.steps = steps }
}
