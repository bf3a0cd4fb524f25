import PointerCore

/// Whether a frame looks exactly like the previous one moved as a whole: the
/// drawn pointer moved and nothing else changed (shape, press, fade, target,
/// effect, highlighted regions, menu). Such a frame needs no repaint on a
/// canvas that can move what it shows (the X11 overlay's pointer-sized window).
enum FrameTranslation {
    /// The offset (canvas pt) from `old` to `new`, or nil when the look changed.
    static func offset(from old: PointerFrame, to new: PointerFrame) -> Point? {
        // Highlighted regions and menus stay put while the pointer moves (and a
        // lifted region's specular follows it): not a translation.
        guard !old.hidden, !new.hidden, old.menuShown == nil, new.menuShown == nil,
            old.regions.isEmpty, new.regions.isEmpty
        else { return nil }
        let offset = new.visible.frame.origin - old.visible.frame.origin
        var moved = new
        moved.time = old.time
        moved.pointer = old.pointer
        moved.visible.frame.origin = old.visible.frame.origin
        guard moved == old, offset != .zero else { return nil }
        return offset
    }
}
