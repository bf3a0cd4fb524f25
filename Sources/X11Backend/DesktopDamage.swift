import CXCB

/// Where the desktop changed, from the DAMAGE extension on the root window,
/// while the shaped overlay follows the hand: the desktop around the pointer
/// is captured again only when something drew there, not on every move.
///
/// Watched only while the hand moves (`start`/`stop`): damage events at rest
/// would wake an idle overlay whenever any application draws.
///
/// The root's damage includes our own window's: the server copies its pixels
/// when it moves and repaints what it uncovered. `KeptCapture` tells those
/// apart by where they lie (the window's own rects). BoundingBox level: an
/// event each time the damaged area grows; `reset` after each change of ours,
/// so the next application's drawing reports a box of its own.
final class DesktopDamage {
    private let connection: XCBConnection
    private var damage: xcb_damage_damage_t = 0

    /// Nil when the server has no DAMAGE extension.
    init?(connection: XCBConnection) {
        guard connection.damageAvailable else { return nil }
        self.connection = connection
    }

    var watching: Bool { damage != 0 }

    func start() {
        guard damage == 0 else { return }
        damage = xcb_generate_id(connection.raw)
        xcb_damage_create(connection.raw, damage, connection.root, UInt8(XCB_DAMAGE_REPORT_LEVEL_BOUNDING_BOX.rawValue))
    }

    func stop() {
        guard damage != 0 else { return }
        xcb_damage_destroy(connection.raw, damage)
        damage = 0
    }

    /// After our own window moved or was painted: the damaged area starts empty again.
    func reset() {
        guard damage != 0 else { return }
        xcb_damage_subtract(connection.raw, damage, 0, 0)
    }

    func isEvent(_ e: UnsafePointer<xcb_generic_event_t>) -> Bool {
        (e.pointee.response_type & 0x7f) == connection.damageFirstEvent + UInt8(XCB_DAMAGE_NOTIFY)
    }

    /// The root pixels an event says were drawn (nil: from a damage no longer watched).
    func damagedRect(_ e: UnsafePointer<xcb_generic_event_t>) -> PixelRect? {
        let n = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_damage_notify_event_t.self).pointee
        guard damage != 0, n.damage == damage else { return nil }
        return PixelRect(
            x: Int(n.area.x) + Int(n.geometry.x), y: Int(n.area.y) + Int(n.geometry.y),
            width: Int(n.area.width), height: Int(n.area.height))
    }
}
