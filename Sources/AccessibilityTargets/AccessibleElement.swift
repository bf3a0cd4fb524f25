import PointerCore

/// One thing in an application that the pointer can target, as the
/// accessibility tree reports it: a role, a screen rectangle and, for text,
/// line geometry. Never any text content.
public struct AccessibleElement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Buttons, check boxes, menu items, tabs, links, combo boxes, sliders…
        case control
        /// Text the I-beam snaps to: the first line's top and the line height
        /// (screen px, as reported), when the Text interface gives them.
        case text(singleLine: Bool, firstLineTop: Double?, lineHeight: Double?)
    }

    /// Stable while the layout is (the path of child indexes): the engine keeps
    /// effects and snapping across updates by id.
    public var id: String
    public var kind: Kind
    /// As reported (screen coordinates, possibly logical under scaling).
    public var frame: Rect
    /// Elements of one contiguous row (a tool bar, a row of buttons) share it.
    public var group: String?
    /// Index of its top-level window in the snapshot.
    public var window: Int

    public init(id: String, kind: Kind, frame: Rect, group: String? = nil, window: Int) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.group = group
        self.window = window
    }
}

/// A top-level window (AT-SPI frame, dialog, window role) of an application.
/// Its frame is in screen coordinates on X11, and relative to the window on
/// Wayland (placed by CompositorPlacement).
public struct AccessibleWindow: Sendable, Equatable {
    public var frame: Rect
    public var processID: Int32
    public var minimised: Bool
    /// Its accessible name: the title, kept to find the compositor's window
    /// that shows it on Wayland (CompositorPlacement).
    public var title: String?

    public init(frame: Rect, processID: Int32, minimised: Bool = false, title: String? = nil) {
        self.frame = frame
        self.processID = processID
        self.minimised = minimised
        self.title = title
    }
}

/// What one scan of the accessibility tree found.
public struct AccessibilitySnapshot: Sendable, Equatable {
    public var windows: [AccessibleWindow]
    public var elements: [AccessibleElement]
    /// Nodes visited and the time the scan took (for the figures `--stats` prints).
    public var nodesVisited: Int
    public var scanSeconds: Double
    /// When the first accessibility event behind this update arrived
    /// (CLOCK_MONOTONIC seconds); nil for the first scan and X11-driven updates.
    public var eventTime: Double?

    public init(
        windows: [AccessibleWindow] = [], elements: [AccessibleElement] = [], nodesVisited: Int = 0,
        scanSeconds: Double = 0
    ) {
        self.windows = windows
        self.elements = elements
        self.nodesVisited = nodesVisited
        self.scanSeconds = scanSeconds
    }
}

/// A top-level window on the X screen, bottom to top, in root pixels.
public struct ScreenWindow: Sendable, Equatable {
    public var frame: Rect
    public init(frame: Rect) { self.frame = frame }
}
