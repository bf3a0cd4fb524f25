/// Which accessibility roles become targets, and how. Names are AT-SPI's role
/// names (`atspi_role_get_name`), so the mapping is tested without a bus.
public enum RoleMap {
    public enum Target: Sendable, Equatable {
        /// Snaps and morphs, with the automatic effect.
        case control
        /// Gets the I-beam on its lines.
        case text
        /// Its control children form one group (contiguous hit areas).
        case toolBar
        /// A top-level window.
        case window
        /// Not a target; its children may be.
        case container
        /// Not a target, and nothing inside it is (it is not an interface part).
        case skip
    }

    static let controls: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "menu item", "check menu item",
        "radio menu item", "page tab", "link", "combo box", "spin button", "push button menu",
        // Sliders and scroll bars take a grab: snapping onto the thumb track helps aim.
        "slider", "scroll bar",
        "menu", "list item", "tree item", "table cell", "icon",
    ]
    static let texts: Set<String> = ["text", "entry", "password text", "terminal", "document text", "editbar"]
    static let windows: Set<String> = ["frame", "dialog", "window", "alert", "file chooser"]
    /// Parts never worth descending into (decorations, images, separators).
    static let skipped: Set<String> = ["separator", "image", "redundant object", "invalid", "unknown"]

    public static func target(forRole role: String) -> Target {
        if controls.contains(role) { return .control }
        if texts.contains(role) { return .text }
        if role == "tool bar" { return .toolBar }
        if windows.contains(role) { return .window }
        if skipped.contains(role) { return .skip }
        return .container
    }
}
