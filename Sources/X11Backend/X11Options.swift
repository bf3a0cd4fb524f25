import PointerCore

/// What `run --backend x11` was asked for.
public struct X11Options: Sendable {
    public var mode: WindowMode
    /// RandR monitor name (`--output`); nil = every monitor.
    public var output: String?
    /// nil = Xft.dpi / 96, else 1.
    public var scale: Double?
    /// nil = $DISPLAY.
    public var display: String?
    public var title: String
    /// `run --pointing-device`: the kind of device the user says moves the
    /// pointer; nil = read it from each device (unknown devices are mice).
    public var pointingDevice: PointingDevice.Kind?

    public init(
        mode: WindowMode = .stage, output: String? = nil, scale: Double? = nil,
        display: String? = nil, title: String = "AdaptivePointer", pointingDevice: PointingDevice.Kind? = nil
    ) {
        self.pointingDevice = pointingDevice
        self.mode = mode
        self.output = output
        self.scale = scale
        self.display = display
        self.title = title
    }
}
