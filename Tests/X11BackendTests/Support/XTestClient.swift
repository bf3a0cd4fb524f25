import CCairo
import CXCB
import Foundation

/// The tests' own X client: screenshots (GetImage of the root), a plain
/// window that records the clicks it receives (an "application under the
/// overlay"), pointer position and selection queries.
final class XTestClient {
    let connection: OpaquePointer
    let root: xcb_window_t
    let width: Int
    let height: Int
    private var windows: [xcb_window_t] = []

    init(display: String) throws {
        var screenNumber: Int32 = 0
        guard let c = xcb_connect(display, &screenNumber), xcb_connection_has_error(c) == 0 else {
            throw XvfbError.didNotStart(log: "cannot connect to \(display)")
        }
        connection = c
        let screen = xcb_setup_roots_iterator(xcb_get_setup(c)).data.pointee
        root = screen.root
        width = Int(screen.width_in_pixels)
        height = Int(screen.height_in_pixels)
    }

    deinit {
        for w in windows { xcb_destroy_window(connection, w) }
        xcb_disconnect(connection)
    }

    func atom(_ name: String) -> xcb_atom_t {
        guard
            let r = xcb_intern_atom_reply(
                connection, xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name), nil)
        else { return 0 }
        defer { free(r) }
        return r.pointee.atom
    }

    func selectionOwned(_ name: String) -> Bool {
        guard let r = xcb_get_selection_owner_reply(connection, xcb_get_selection_owner(connection, atom(name)), nil)
        else { return false }
        defer { free(r) }
        return r.pointee.owner != 0
    }

    /// A plain opaque window filled with `color` (0xRRGGBB) that listens for clicks.
    /// `tracksMotion`: select pointer motion, as real applications do; device
    /// motion then stops at this window and the overlay sees only raw motion.
    @discardableResult
    func openWindow(x: Int, y: Int, width: Int, height: Int, color: UInt32, tracksMotion: Bool = false) -> xcb_window_t
    {
        let w = xcb_generate_id(connection)
        let motion = tracksMotion ? XCB_EVENT_MASK_POINTER_MOTION.rawValue : 0
        let values: [UInt32] = [
            color,
            XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
                | XCB_EVENT_MASK_EXPOSURE.rawValue | motion,
        ]
        let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data.pointee
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), w, root, Int16(x), Int16(y), UInt16(width), UInt16(height), 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.root_visual,
            XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        xcb_map_window(connection, w)
        xcb_flush(connection)
        windows.append(w)
        sync()
        return w
    }

    /// Repaints our windows' backgrounds (a compositor that started after they
    /// were mapped only shows them once they are damaged).
    func repaint() {
        for w in windows { xcb_clear_area(connection, 0, w, 0, 0, 0, 0) }
        xcb_flush(connection)
        sync()
    }

    /// Round trip: everything sent so far has been processed.
    func sync() {
        if let r = xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil) { free(r) }
    }

    struct Click: Equatable {
        var button: Int
        var x: Int
        var y: Int
        var state: UInt16
    }

    /// ButtonPress events our windows received within `timeout` seconds.
    func clicks(timeout: Double, until count: Int = 1) -> [Click] {
        var out: [Click] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && out.count < count {
            while let e = xcb_poll_for_event(connection) {
                if e.pointee.response_type & 0x7f == UInt8(XCB_BUTTON_PRESS) {
                    let b = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_button_press_event_t.self).pointee
                    out.append(Click(button: Int(b.detail), x: Int(b.root_x), y: Int(b.root_y), state: b.state))
                }
                free(e)
            }
            usleep(10_000)
        }
        return out
    }

    func pointer() -> (x: Int, y: Int)? {
        guard let r = xcb_query_pointer_reply(connection, xcb_query_pointer(connection, root), nil) else { return nil }
        defer { free(r) }
        return (Int(r.pointee.root_x), Int(r.pointee.root_y))
    }

    /// A top-level window's place on the root (root pixels).
    func geometry(of window: xcb_window_t) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let g = xcb_get_geometry_reply(connection, xcb_get_geometry(connection, window), nil) else { return nil }
        defer { free(g) }
        return (Int(g.pointee.x), Int(g.pointee.y), Int(g.pointee.width), Int(g.pointee.height))
    }

    /// Top-level windows with an override-redirect flag set and mapped (the overlay).
    func mappedOverrideRedirectWindows() -> [xcb_window_t] {
        guard let tree = xcb_query_tree_reply(connection, xcb_query_tree(connection, root), nil) else { return [] }
        defer { free(tree) }
        let n = Int(xcb_query_tree_children_length(tree))
        let children = xcb_query_tree_children(tree)!
        var out: [xcb_window_t] = []
        for i in 0..<n {
            guard
                let a = xcb_get_window_attributes_reply(
                    connection, xcb_get_window_attributes(connection, children[i]), nil)
            else { continue }
            if a.pointee.override_redirect != 0 && a.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue) {
                out.append(children[i])
            }
            free(a)
        }
        return out
    }

    /// Screenshots every 100 ms until `ok` holds or `timeout` passes; returns the
    /// first that satisfies it, else the last one (so the caller's expectations
    /// report what was on screen). Waiting for a state instead of sleeping a
    /// fixed time keeps the tests steady on a loaded machine.
    func screenshot(within timeout: Double = 5, until ok: (Screenshot) -> Bool) -> Screenshot? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Screenshot?
        repeat {
            if let shot = screenshot() {
                if ok(shot) { return shot }
                last = shot
            }
            usleep(100_000)
        } while Date() < deadline
        return last
    }

    /// The screen once it has stopped changing: after `minimum` seconds (time for
    /// the input to reach the overlay), screenshots 100 ms apart until two agree,
    /// so an animation still running on a loaded machine is waited out rather
    /// than caught half way. After `timeout`, the last one.
    func settledScreenshot(after minimum: Double, within timeout: Double = 5) -> Screenshot? {
        usleep(useconds_t(minimum * 1e6))
        var previous = screenshot()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(100_000)
            let shot = screenshot()
            if let shot, let p = previous, shot.pixels == p.pixels { return shot }
            previous = shot ?? previous
        }
        return previous
    }

    /// The whole root window at its current size (RandR may have changed it).
    func screenshot() -> Screenshot? {
        guard let g = xcb_get_geometry_reply(connection, xcb_get_geometry(connection, root), nil) else { return nil }
        let width = Int(g.pointee.width)
        let height = Int(g.pointee.height)
        free(g)
        let cookie = xcb_get_image(
            connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), root, 0, 0, UInt16(width), UInt16(height), UInt32.max
        )
        guard let r = xcb_get_image_reply(connection, cookie, nil) else { return nil }
        defer { free(r) }
        let n = width * height
        guard Int(xcb_get_image_data_length(r)) >= n * 4, let data = xcb_get_image_data(r) else { return nil }
        let pixels = Array(
            UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), count: n))
        return Screenshot(width: width, height: height, pixels: pixels.map { $0 & 0xFFFFFF })
    }
}

/// Root-window pixels, 0xRRGGBB.
struct Screenshot {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    func at(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Pixels inside `rect` that differ from `background` by more than `tolerance` per channel.
    func changedPixels(x: Int, y: Int, width w: Int, height h: Int, from background: UInt32, tolerance: Int = 8) -> [(
        Int, Int
    )] {
        var out: [(Int, Int)] = []
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) where Screenshot.distance(at(xx, yy), background) > tolerance {
                out.append((xx, yy))
            }
        }
        return out
    }

    /// Bounding box of the pixels in the area that differ from `background`.
    func changedBounds(x: Int, y: Int, width w: Int, height h: Int, from background: UInt32, tolerance: Int = 8) -> (
        x: Int, y: Int, width: Int, height: Int
    )? {
        let px = changedPixels(x: x, y: y, width: w, height: h, from: background, tolerance: tolerance)
        guard !px.isEmpty else { return nil }
        let xs = px.map(\.0)
        let ys = px.map(\.1)
        return (xs.min()!, ys.min()!, xs.max()! - xs.min()! + 1, ys.max()! - ys.min()! + 1)
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = abs(Int((a >> 16) & 0xff) - Int((b >> 16) & 0xff))
        let dg = abs(Int((a >> 8) & 0xff) - Int((b >> 8) & 0xff))
        let db = abs(Int(a & 0xff) - Int(b & 0xff))
        return max(dr, dg, db)
    }

    /// Writes a PNG (for humans looking at a failure) via Cairo.
    func writePNG(to path: String) {
        var copy = pixels.map { $0 | 0xFF00_0000 }
        copy.withUnsafeMutableBytes { buf in
            guard
                let s = cairo_image_surface_create_for_data(
                    buf.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                    Int32(width), Int32(height), Int32(width * 4))
            else { return }
            cairo_surface_write_to_png(s, path)
            cairo_surface_destroy(s)
        }
    }
}
