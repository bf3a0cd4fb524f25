import CXCB
import Foundation

/// How the window is shown.
public enum WindowMode: String, Sendable, CaseIterable {
    /// Fullscreen on a monitor, input captured: the scene is the stage.
    case stage
    /// Transparent, input-transparent, always on top: the pointer over real applications.
    case overlay
}

/// One top-level window covering a monitor. In overlay mode it is
/// override-redirect, ARGB, has an empty input shape (clicks pass through),
/// and without a compositing manager a bounding shape around what is drawn,
/// so the rest of the screen is never covered by black.
final class X11Window {
    let connection: XCBConnection
    let id: xcb_window_t
    let mode: WindowMode
    let depth: UInt8
    /// The window's visual (EGL picks a config matching it).
    let visual: xcb_visualid_t
    private let gc: xcb_gcontext_t
    private var colormap: xcb_colormap_t = 0
    private(set) var frame: Monitor
    /// Without a compositor: the bounding shape follows the drawn pixels.
    private(set) var shaped: Bool
    /// The bounding shape last set (window pixels): a frame whose shape is the
    /// same sends none, which spares the server a new clip and its exposures.
    private var shapeSet: [xcb_rectangle_t]?
    /// Bounds of the pixels inside that shape: where the next frame's shape is looked for.
    private var contentBounds: PixelRect {
        (shapeSet ?? []).reduce(PixelRect.zero) {
            $0.union(PixelRect(x: Int($1.x), y: Int($1.y), width: Int($1.width), height: Int($1.height)))
        }
    }
    /// After each frame's shape: whether it was sent (false: the same as shown).
    var onFrameShape: ((_ sent: Bool) -> Void)?
    private var exposedArea = ExposedArea()

    /// Pixels at least this opaque are inside the shaped window (low enough for
    /// a highlight platter over a real control, about 15 % opaque).
    static let shapeAlphaThreshold: UInt32 = 0x10

    init(connection c: XCBConnection, monitor: Monitor, mode: WindowMode, composited: Bool, title: String) throws {
        connection = c
        self.mode = mode
        frame = monitor
        // The overlay is ARGB even without a compositor, so it can switch to the
        // composited look when one starts; the stage only when one runs.
        let argb = (mode == .overlay || composited) ? Visuals.argb(c) : nil
        if mode == .overlay && argb == nil && composited { throw X11Error.noARGBVisual }
        shaped = mode == .overlay && !composited
        depth = argb != nil ? 32 : c.screen.root_depth
        id = xcb_generate_id(c.raw)
        var mask: UInt32 = XCB_CW_BACK_PIXEL.rawValue | XCB_CW_BORDER_PIXEL.rawValue
        var values: [UInt32] = [0, 0]
        if mode == .overlay {
            // Resized to cover what is drawn, the window keeps its pixels where
            // they are on screen until the next frame replaces them (the default
            // forgets them: a shaped window showed a black platter meanwhile).
            mask |= XCB_CW_BIT_GRAVITY.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue
            values += [XCB_GRAVITY_STATIC.rawValue, 1]
        }
        mask |= XCB_CW_EVENT_MASK.rawValue
        // The overlay moves every frame: the root's SubstructureNotify already
        // reports that, so its own StructureNotify would be a second event each time.
        values.append(
            XCB_EVENT_MASK_EXPOSURE.rawValue | (mode == .overlay ? 0 : XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue))
        var visual = c.screen.root_visual
        if let argb {
            visual = argb
            colormap = xcb_generate_id(c.raw)
            xcb_create_colormap(c.raw, UInt8(XCB_COLORMAP_ALLOC_NONE.rawValue), colormap, c.root, argb)
            mask |= XCB_CW_COLORMAP.rawValue
            values.append(colormap)
        }
        self.visual = visual
        try c.check(
            xcb_create_window_checked(
                c.raw, depth, id, c.root, Int16(monitor.x), Int16(monitor.y),
                UInt16(monitor.width), UInt16(monitor.height), 0,
                UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), visual, mask, values),
            "creating the \(mode.rawValue) window")
        gc = xcb_generate_id(c.raw)
        xcb_create_gc(c.raw, gc, id, 0, nil)
        setTitle(title)
        if mode == .overlay {
            ap_input_passthrough(c.raw, id)
            setAtomProperty("_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_NOTIFICATION"])
            setAtomProperty("_NET_WM_STATE", ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STAYS_ON_TOP"])
            // picom and friends: never draw a shadow around the whole overlay.
            setCardinalProperty("_COMPTON_SHADOW", 0)
            if shaped { setBoundingShape([]) }
        } else {
            setAtomProperty("_NET_WM_STATE", ["_NET_WM_STATE_FULLSCREEN"])
            hideCursorOverWindow()
        }
        placement = bounds
        xcb_map_window(c.raw, id)
        c.flush()
    }

    deinit {
        xcb_free_gc(connection.raw, gc)
        xcb_destroy_window(connection.raw, id)
        if colormap != 0 { xcb_free_colormap(connection.raw, colormap) }
        connection.flush()
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: frame.width, height: frame.height) }

    /// Follows a monitor that moved or changed size.
    func move(to monitor: Monitor) {
        guard monitor != frame else { return }
        frame = monitor
        let values: [UInt32] = [
            UInt32(bitPattern: Int32(monitor.x)), UInt32(bitPattern: Int32(monitor.y)),
            UInt32(monitor.width), UInt32(monitor.height),
        ]
        xcb_configure_window(
            connection.raw, id,
            UInt16(
                XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue
                    | XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue), values)
        placement = bounds
        if shaped { setBoundingShape([]) }
    }

    /// The monitor pixels the window covers (all of the monitor unless placed).
    private(set) var placement = PixelRect.zero

    /// Overlay: covers only `rect` (monitor pixels), moved with what is drawn.
    /// Moved, the window's pixels and shape go with it. Resized, its pixels stay
    /// where they are on screen (static bit gravity), so the shape is moved back
    /// under them: until the next frame, the screen shows what it showed.
    func place(_ rect: PixelRect) {
        guard rect != placement, !rect.isEmpty else { return }
        var mask = XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue
        var values: [UInt32] = [
            UInt32(bitPattern: Int32(frame.x + rect.x)), UInt32(bitPattern: Int32(frame.y + rect.y)),
        ]
        let resized = rect.width != placement.width || rect.height != placement.height
        if resized {
            mask |= XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue
            values += [UInt32(rect.width), UInt32(rect.height)]
        }
        xcb_configure_window(connection.raw, id, UInt16(mask), values)
        if resized && shaped {
            let dx = placement.x - rect.x
            let dy = placement.y - rect.y
            xcb_shape_offset(connection.raw, UInt8(XCB_SHAPE_SK_BOUNDING.rawValue), id, Int16(dx), Int16(dy))
            shapeSet = shapeSet?.map {
                xcb_rectangle_t(x: $0.x + Int16(dx), y: $0.y + Int16(dy), width: $0.width, height: $0.height)
            }
        }
        placement = rect
    }

    /// Keeps the overlay above windows mapped or raised after it.
    func raise() {
        let values: [UInt32] = [XCB_STACK_MODE_ABOVE.rawValue]
        xcb_configure_window(connection.raw, id, UInt16(XCB_CONFIG_WINDOW_STACK_MODE.rawValue), values)
    }

    /// Shows the damaged rectangles of `buffer`, which holds the whole window.
    func present(_ buffer: ImageBuffer, damage: [PixelRect]) {
        let bounds = damage.reduce(PixelRect.zero) { $0.union($1) }
        guard !bounds.isEmpty else { return }
        if shaped { updateShape(buffer, scanning: bounds) }
        var first: UInt32?
        for r in damage where !r.isEmpty {
            let sequence = buffer.upload(r, to: id, gc: gc, depth: depth)
            if first == nil { first = sequence }
        }
        if let first { exposedArea.uploaded(damage, firstSequence: first) }
        connection.flush()
    }

    /// An Expose of `rect` (window pixels): copies what `buffer`, the frame
    /// shown, has there, unless the frame's own upload already did; a series
    /// is copied as one rectangle at its end. Nothing is redrawn. Returns
    /// whether it copied.
    func exposed(_ rect: PixelRect, sequence: UInt16, remaining: UInt16, showing buffer: ImageBuffer) -> Bool {
        guard let area = exposedArea.exposed(rect, sequence: sequence, remaining: remaining) else { return false }
        buffer.upload(area, to: id, gc: gc, depth: depth, notify: false)
        return true
    }

    /// Switches between the ARGB-composited look and the shaped fallback when a
    /// compositing manager starts or stops (only for depth-32 windows). The
    /// caller repaints everything afterwards.
    func setComposited(_ composited: Bool) {
        guard mode == .overlay, depth == 32 else { return }
        let wantShape = !composited
        guard wantShape != shaped else { return }
        shaped = wantShape
        shapeSet = nil
        if shaped {
            setBoundingShape([])
        } else {
            xcb_shape_mask(
                connection.raw, UInt8(XCB_SHAPE_SO_SET.rawValue), UInt8(XCB_SHAPE_SK_BOUNDING.rawValue), id, 0, 0, 0)
        }
        connection.flush()
    }

    // MARK: - Shape fallback

    /// Rebuilds the bounding shape from the pixels that are not (nearly) transparent,
    /// scanning what was drawn before plus the new damage; one rectangle per run.
    private func updateShape(_ buffer: ImageBuffer, scanning damage: PixelRect) {
        // The window may be smaller than the monitor (it covers what is drawn).
        let area = contentBounds.union(damage).intersection(
            PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        var rects: [xcb_rectangle_t] = []
        let pixels = buffer.data.assumingMemoryBound(to: UInt32.self)
        let rowPixels = buffer.stride / 4
        if !area.isEmpty {
            for y in area.y..<(area.y + area.height) {
                let row = pixels + y * rowPixels
                var x = area.x
                let end = area.x + area.width
                while x < end {
                    while x < end && (row[x] >> 24) < Self.shapeAlphaThreshold { x += 1 }
                    let start = x
                    while x < end && (row[x] >> 24) >= Self.shapeAlphaThreshold { x += 1 }
                    if x > start {
                        rects.append(xcb_rectangle_t(x: Int16(start), y: Int16(y), width: UInt16(x - start), height: 1))
                    }
                }
            }
        }
        onFrameShape?(setBoundingShape(rects))
    }

    /// Returns whether a request was sent.
    @discardableResult
    private func setBoundingShape(_ rects: [xcb_rectangle_t]) -> Bool {
        if let shapeSet, shapeSet.elementsEqual(rects, by: Self.sameRectangle) { return false }
        shapeSet = rects
        xcb_shape_rectangles(
            connection.raw, UInt8(XCB_SHAPE_SO_SET.rawValue), UInt8(XCB_SHAPE_SK_BOUNDING.rawValue),
            UInt8(XCB_CLIP_ORDERING_YX_BANDED.rawValue), id, 0, 0, UInt32(rects.count), rects)
        return true
    }

    private static func sameRectangle(_ a: xcb_rectangle_t, _ b: xcb_rectangle_t) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }

    // MARK: - Properties

    private func setTitle(_ title: String) {
        xcb_change_property(
            connection.raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, connection.atom("_NET_WM_NAME"),
            connection.atom("UTF8_STRING"), 8, UInt32(title.utf8.count), title)
        xcb_change_property(
            connection.raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, xcb_atom_t(XCB_ATOM_WM_NAME.rawValue),
            xcb_atom_t(XCB_ATOM_STRING.rawValue), 8, UInt32(title.utf8.count), title)
        let wmClass = "adaptive-pointer\0AdaptivePointer\0"
        xcb_change_property(
            connection.raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, xcb_atom_t(XCB_ATOM_WM_CLASS.rawValue),
            xcb_atom_t(XCB_ATOM_STRING.rawValue), 8, UInt32(wmClass.utf8.count), wmClass)
    }

    private func setAtomProperty(_ name: String, _ atoms: [String]) {
        let values = atoms.map { connection.atom($0) }
        xcb_change_property(
            connection.raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, connection.atom(name),
            xcb_atom_t(XCB_ATOM_ATOM.rawValue), 32, UInt32(values.count), values)
    }

    private func setCardinalProperty(_ name: String, _ value: UInt32) {
        var v = value
        xcb_change_property(
            connection.raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, connection.atom(name),
            xcb_atom_t(XCB_ATOM_CARDINAL.rawValue), 32, 1, &v)
    }

    /// Stage: an empty cursor over the window (the drawn pointer replaces it);
    /// it reverts by itself when the pointer leaves the window or we exit.
    private func hideCursorOverWindow() {
        let pixmap = xcb_generate_id(connection.raw)
        xcb_create_pixmap(connection.raw, 1, pixmap, id, 1, 1)
        let cursor = xcb_generate_id(connection.raw)
        xcb_create_cursor(connection.raw, cursor, pixmap, pixmap, 0, 0, 0, 0, 0, 0, 0, 0)
        var value = cursor
        xcb_change_window_attributes(connection.raw, id, XCB_CW_CURSOR.rawValue, &value)
        xcb_free_cursor(connection.raw, cursor)
        xcb_free_pixmap(connection.raw, pixmap)
    }
}

enum Visuals {
    /// A 32-bit TrueColor visual (ARGB), if the screen has one.
    static func argb(_ c: XCBConnection) -> xcb_visualid_t? {
        var depths = xcb_screen_allowed_depths_iterator(c.screenPointer)
        while depths.rem > 0, let d = depths.data {
            if d.pointee.depth == 32 {
                var visuals = xcb_depth_visuals_iterator(d)
                while visuals.rem > 0, let v = visuals.data {
                    if v.pointee._class == UInt8(XCB_VISUAL_CLASS_TRUE_COLOR.rawValue) { return v.pointee.visual_id }
                    xcb_visualtype_next(&visuals)
                }
            }
            xcb_depth_next(&depths)
        }
        return nil
    }
}
