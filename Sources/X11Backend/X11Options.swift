/// What `run --backend x11` was asked for.
public struct X11Options: Sendable {
    public var mode: WindowMode
    /// RandR monitor name (`--output`); nil = the monitor holding the pointer.
    public var output: String?
    /// nil = Xft.dpi / 96, else 1.
    public var scale: Double?
    /// nil = $DISPLAY.
    public var display: String?
    /// Print event-to-draw latency and CPU figures at exit (`--stats`).
    public var stats: Bool
    public var title: String

    public init(mode: WindowMode = .stage, output: String? = nil, scale: Double? = nil,
                display: String? = nil, stats: Bool = false, title: String = "AdaptivePointer") {
        self.mode = mode
        self.output = output
        self.scale = scale
        self.display = display
        self.stats = stats
        self.title = title
    }
}
