import PointerCore

/// Where a frame is drawn: the window's pixels (Cairo ARGB32, premultiplied).
/// Canvas point (x, y) is pixel (x · scale, y · scale).
public struct CanvasTarget {
    public let data: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let stride: Int
    public let scale: Double
    public let mode: WindowMode
}

/// What the X11 backend drives: engine + renderer behind one interface, so the
/// backend stays a translator (input in, pixels out) with no pointer logic.
public protocol FrameSource: AnyObject {
    /// `event.time` is monotonic seconds.
    func handle(_ event: InputEvent)
    /// Draws the frame for `time` into `target`; returns the damaged areas in canvas pt
    /// (empty when nothing changed).
    func draw(at time: Double, into target: CanvasTarget) throws -> [Rect]
    /// When the next frame is needed without input (monotonic s), or nil to sleep.
    func nextWakeTime(after time: Double) -> Double?
    func drainHostRequests() -> [HostRequest]
    /// The canvas area whose real-screen colours the material will ask for when
    /// drawing the frame for `time` (overlay mode), or nil.
    func backgroundSampleArea(at time: Double) -> Rect?
    /// Answers the material's "what colour is under this canvas rect?" from the screen.
    func useScreenSampler(_ sample: @escaping (Rect) -> RGBA)
}
