import CXCB

/// Hides the real cursor everywhere (XFixes HideCursor) while the drawn pointer
/// is shown. XFixes ties hiding to the client connection: when the connection
/// closes for any reason — clean exit, SIGTERM, SIGKILL or a crash — the server
/// undoes this client's hides, so the cursor can never stay hidden after we die.
/// `show()` on the normal and signal paths just makes it immediate.
final class CursorHider {
    private let connection: XCBConnection
    private(set) var hidden = false

    init(connection: XCBConnection) { self.connection = connection }

    func hide() {
        guard !hidden else { return }
        xcb_xfixes_hide_cursor(connection.raw, connection.root)
        connection.flush()
        hidden = true
    }

    func show() {
        guard hidden else { return }
        xcb_xfixes_show_cursor(connection.raw, connection.root)
        connection.flush()
        hidden = false
    }

    deinit { show() }
}
