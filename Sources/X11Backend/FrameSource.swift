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
    func handle(_ event: InputEvent)
    /// Draws the frame for `time` into `target`; returns the damaged areas in canvas pt
    /// (empty when nothing changed).
    func draw(at time: Double, into target: CanvasTarget) -> [Rect]
    /// When the next frame is needed without input, or nil to sleep.
    func nextWakeTime(after time: Double) -> Double?
    func drainHostRequests() -> [HostRequest]
    /// The area (canvas pt) whose background the material wants, and what it
    /// covers itself; nil when no sample is needed.
    func backgroundSampleArea() -> (area: Rect, drawn: Rect)?
    /// The real screen's colour there (overlay mode).
    func setBackground(_ color: RGBA)
}

extension FrameSource {
    public func backgroundSampleArea() -> (area: Rect, drawn: Rect)? { nil }
    public func setBackground(_ color: RGBA) {}
}
