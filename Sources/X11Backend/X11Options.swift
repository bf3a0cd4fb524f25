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

    public init(mode: WindowMode = .stage, output: String? = nil, scale: Double? = nil,
                display: String? = nil, title: String = "AdaptivePointer") {
        self.mode = mode
        self.output = output
        self.scale = scale
        self.display = display
        self.title = title
    }
}
