/// Where a context menu opens (behaviour E26): right beside the pointer,
/// flipped to stay on the canvas. Sizes follow a desktop menu: 28 pt rows,
/// 6 pt vertical padding, width from the longest item (~7 pt per character at
/// 13 pt text, plus 32 pt of insets), between 160 and 320 pt.
public enum ContextMenuLayout {
    public static let rowHeight = 28.0
    public static let verticalPadding = 6.0
    static let gap = 4.0
    /// A row's highlight: the row inset by this much, with this corner radius.
    public static let rowInset = Point(x: 6, y: 1)
    public static let rowCornerRadius = 6.0
    /// The scale a menu opens from and closes to, about the pointer.
    static let closedScale = 0.6

    static func frame(at pointer: Point, items: [String], canvas: Size?) -> Rect {
        let longest = items.map(\.count).max() ?? 0
        let width = Swift.min(Swift.max(Double(longest) * 7 + 32, 160), 320)
        let height = Double(items.count) * rowHeight + 2 * verticalPadding
        var origin = Point(x: pointer.x + gap, y: pointer.y + gap)
        if let canvas {
            if origin.x + width > canvas.width { origin.x = pointer.x - gap - width }
            if origin.y + height > canvas.height { origin.y = pointer.y - gap - height }
            origin.x = Swift.max(0, Swift.min(origin.x, canvas.width - width))
            origin.y = Swift.max(0, Swift.min(origin.y, canvas.height - height))
        }
        return Rect(origin: origin, size: Size(width: width, height: height))
    }
}
