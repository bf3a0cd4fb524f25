import CXCB
import Foundation

/// Whether a compositing manager runs (owns `_NET_WM_CM_S<screen>`), and
/// notification when that changes (XFixes selection-owner events).
final class CompositorWatch {
    private let connection: XCBConnection
    let selection: String

    init(connection: XCBConnection) {
        self.connection = connection
        selection = "_NET_WM_CM_S\(connection.screenNumber)"
        let mask =
            XCB_XFIXES_SELECTION_EVENT_MASK_SET_SELECTION_OWNER.rawValue
            | XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_WINDOW_DESTROY.rawValue
            | XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_CLIENT_CLOSE.rawValue
        xcb_xfixes_select_selection_input(connection.raw, connection.root, connection.atom(selection), mask)
    }

    var isComposited: Bool { connection.selectionOwner(selection) != 0 }

    /// True when `event` says the compositor selection changed hands.
    func isOwnerChange(_ event: UnsafePointer<xcb_generic_event_t>) -> Bool {
        (event.pointee.response_type & 0x7f) == connection.xfixesFirstEvent + UInt8(XCB_XFIXES_SELECTION_NOTIFY)
    }
}
