/// What the engine asks of the host; backends carry these out (or ignore what
/// their mode cannot do, e.g. a stage never needs to warp a real cursor).
public enum HostRequest: Sendable, Equatable {
    /// Move the real pointer so a click lands where the drawn one is
    /// (recentering, magnetism, constrained axes).
    case warpPointer(to: Point)
    case openMenu(ContextMenu)
    case closeMenu
}
