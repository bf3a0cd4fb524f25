/// The context menu (E26): the one open, the control it belongs to, and the one
/// drawn while it opens or closes.
struct ContextMenuState: Sendable {
    var open: ContextMenu?
    /// The control the pointer was on when its menu opened: it stays the target
    /// (the pointer behind its glyph, C14) until the pointer leaves it (E26).
    var owner: Int?
    /// The menu drawn (open, or closing) and the point it opens from.
    var shown: (menu: ContextMenu, anchor: Point)?
    /// 0 → 1 as the menu opens, back to 0 as it closes.
    var appearance = Spring(0, parameters: SpringTuning.menu)

    mutating func step(_ dt: Double) {
        appearance.step(dt)
        if appearance.isAtRest && appearance.value == 0 { shown = nil }
    }

    var isAtRest: Bool { appearance.isAtRest }

    /// The menu as drawn: scaled about the point it opened from and faded, by
    /// how far it has opened.
    var asDrawn: ContextMenu? {
        guard let (menu, anchor) = shown else { return nil }
        var m = menu
        let p = Swift.min(Swift.max(appearance.value, 0), 1)
        guard p < 1 else { return m }
        m.scale = ContextMenuLayout.closedScale + (1 - ContextMenuLayout.closedScale) * p
        m.scaleAnchor = anchor
        m.opacity = p
        return m
    }
}
