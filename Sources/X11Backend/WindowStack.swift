import CXCB
import Foundation

/// A top-level window on the X screen (root pixels), for telling which
/// application windows are on top of which.
public struct StackedWindow: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
}

extension XCBConnection {
    /// The root's viewable children, bottom to top (X stacking order), except
    /// `excluding` (the overlay's own windows). Requests go out together, then
    /// the replies are read, so this costs about one round trip.
    func stackedWindows(excluding: Set<xcb_window_t>) -> [StackedWindow] {
        guard let tree = xcb_query_tree_reply(raw, xcb_query_tree(raw, root), nil) else { return [] }
        defer { free(tree) }
        let n = Int(xcb_query_tree_children_length(tree))
        guard n > 0, let children = xcb_query_tree_children(tree) else { return [] }
        let ids = (0..<n).map { children[$0] }.filter { !excluding.contains($0) }
        let attributes = ids.map { xcb_get_window_attributes(raw, $0) }
        let geometries = ids.map { xcb_get_geometry(raw, $0) }
        var out: [StackedWindow] = []
        for i in ids.indices {
            let a = xcb_get_window_attributes_reply(raw, attributes[i], nil)
            let g = xcb_get_geometry_reply(raw, geometries[i], nil)
            defer {
                free(a)
                free(g)
            }
            guard let a, let g, a.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue),
                a.pointee._class == UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue)
            else { continue }
            let border = Int(g.pointee.border_width)
            out.append(
                StackedWindow(
                    x: Int(g.pointee.x), y: Int(g.pointee.y),
                    width: Int(g.pointee.width) + 2 * border, height: Int(g.pointee.height) + 2 * border))
        }
        return out
    }
}
