import CXCB
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Owns the xcb connection: the default screen, interned atoms and the
/// extensions the backend needs (their versions and event bases).
public final class XCBConnection {
    let raw: OpaquePointer
    let screen: xcb_screen_t
    /// Points into the setup data (valid while connected): visuals follow the struct.
    let screenPointer: UnsafeMutablePointer<xcb_screen_t>
    let screenNumber: Int32
    var root: xcb_window_t { screen.root }

    private(set) var xinputOpcode: UInt8 = 0
    private(set) var xinputMinor: UInt16 = 0
    private(set) var randrFirstEvent: UInt8 = 0
    private(set) var xfixesFirstEvent: UInt8 = 0
    private(set) var shmAvailable = false
    private(set) var shmFirstEvent: UInt8 = 0
    private(set) var shapeAvailable = false
    private(set) var damageAvailable = false
    private(set) var damageFirstEvent: UInt8 = 0

    private var atomCache: [String: xcb_atom_t] = [:]

    public init(display: String? = nil) throws {
        let (connected, screenNumber) = try BoundedConnect.connect(display, shownAs: display ?? ProcessInfo.displayName)
        guard let c = connected else {
            throw X11Error.cannotConnect(display: display ?? "", code: -1)
        }
        let err = xcb_connection_has_error(c)
        if err != 0 {
            xcb_disconnect(c)
            throw X11Error.cannotConnect(display: display ?? ProcessInfo.displayName, code: err)
        }
        raw = c
        self.screenNumber = screenNumber
        var it = xcb_setup_roots_iterator(xcb_get_setup(c))
        for _ in 0..<screenNumber where it.rem > 0 { xcb_screen_next(&it) }
        guard let s = it.data else {
            xcb_disconnect(c)
            throw X11Error.cannotConnect(display: display ?? ProcessInfo.displayName, code: -2)
        }
        screen = s.pointee
        screenPointer = s
        try queryExtensions()
    }

    deinit {
        xcb_disconnect(raw)
    }

    var fileDescriptor: Int32 { xcb_get_file_descriptor(raw) }

    func flush() { xcb_flush(raw) }

    /// Non-nil when the connection died (server gone or protocol error).
    var failure: X11Error? {
        let err = xcb_connection_has_error(raw)
        return err == 0 ? nil : .connectionLost(code: err)
    }

    private func queryExtensions() throws {
        // XInput 2.2+ for raw events everywhere; ask for 2.4 (gestures).
        guard let xi = ap_extension_data(raw, AP_EXTENSION_INPUT), xi.pointee.present != 0 else {
            throw X11Error.missingExtension("XInputExtension", need: "2.2")
        }
        xinputOpcode = xi.pointee.major_opcode
        if let reply = xcb_input_xi_query_version_reply(raw, xcb_input_xi_query_version(raw, 2, 4), nil) {
            let major = reply.pointee.major_version
            let minor = reply.pointee.minor_version
            free(reply)
            guard major > 2 || (major == 2 && minor >= 2) else {
                throw X11Error.missingExtension("XInputExtension", need: "2.2, server has \(major).\(minor)")
            }
            xinputMinor = minor
        }
        guard let fx = ap_extension_data(raw, AP_EXTENSION_XFIXES), fx.pointee.present != 0 else {
            throw X11Error.missingExtension("XFIXES", need: "4.0")
        }
        xfixesFirstEvent = fx.pointee.first_event
        if let reply = xcb_xfixes_query_version_reply(raw, xcb_xfixes_query_version(raw, 5, 0), nil) {
            free(reply)
        }
        guard let rr = ap_extension_data(raw, AP_EXTENSION_RANDR), rr.pointee.present != 0 else {
            throw X11Error.missingExtension("RANDR", need: "1.5")
        }
        randrFirstEvent = rr.pointee.first_event
        if let reply = xcb_randr_query_version_reply(raw, xcb_randr_query_version(raw, 1, 5), nil) {
            free(reply)
        }
        if let sh = ap_extension_data(raw, AP_EXTENSION_SHAPE), sh.pointee.present != 0 {
            shapeAvailable = true
        }
        if let shm = ap_extension_data(raw, AP_EXTENSION_SHM), shm.pointee.present != 0,
            let reply = xcb_shm_query_version_reply(raw, xcb_shm_query_version(raw), nil)
        {
            free(reply)
            shmAvailable = true
            shmFirstEvent = shm.pointee.first_event
        }
        // DAMAGE 1.1: where the desktop changed, so the shaped overlay captures it only then.
        if let dm = ap_extension_data(raw, AP_EXTENSION_DAMAGE), dm.pointee.present != 0,
            let reply = xcb_damage_query_version_reply(raw, xcb_damage_query_version(raw, 1, 1), nil)
        {
            free(reply)
            damageAvailable = true
            damageFirstEvent = dm.pointee.first_event
        }
    }

    /// Interns (and caches) an atom.
    func atom(_ name: String) -> xcb_atom_t {
        if let a = atomCache[name] { return a }
        let cookie = xcb_intern_atom(raw, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(raw, cookie, nil) else { return xcb_atom_t(XCB_ATOM_NONE.rawValue) }
        let a = reply.pointee.atom
        free(reply)
        atomCache[name] = a
        return a
    }

    /// The atom for `name` if some client or driver has made it, without making it.
    func existingAtom(_ name: String) -> xcb_atom_t? {
        let cookie = xcb_intern_atom(raw, 1, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(raw, cookie, nil) else { return nil }
        defer { free(reply) }
        return reply.pointee.atom == xcb_atom_t(XCB_ATOM_NONE.rawValue) ? nil : reply.pointee.atom
    }

    /// Sends a checked request and turns an X error into a typed error.
    func check(_ cookie: xcb_void_cookie_t, _ what: String) throws {
        if let err = xcb_request_check(raw, cookie) {
            let code = err.pointee.error_code
            free(err)
            throw X11Error.requestFailed(what, code: code)
        }
    }

    /// A string-valued property of a window (e.g. RESOURCE_MANAGER on the root).
    func stringProperty(_ window: xcb_window_t, _ name: String) -> String? {
        let cookie = xcb_get_property(raw, 0, window, atom(name), xcb_atom_t(XCB_ATOM_STRING.rawValue), 0, 1 << 20)
        guard let reply = xcb_get_property_reply(raw, cookie, nil) else { return nil }
        defer { free(reply) }
        let len = Int(xcb_get_property_value_length(reply))
        guard len > 0, let value = xcb_get_property_value(reply) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: value, count: len)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Owner of a selection, or 0.
    func selectionOwner(_ name: String) -> xcb_window_t {
        guard let reply = xcb_get_selection_owner_reply(raw, xcb_get_selection_owner(raw, atom(name)), nil) else {
            return 0
        }
        defer { free(reply) }
        return reply.pointee.owner
    }

    /// Absolute pointer position on the root window (one round trip).
    func queryPointer() -> (x: Int, y: Int, mask: UInt16)? {
        guard let reply = xcb_query_pointer_reply(raw, xcb_query_pointer(raw, root), nil) else { return nil }
        defer { free(reply) }
        return (Int(reply.pointee.root_x), Int(reply.pointee.root_y), reply.pointee.mask)
    }

    func warpPointer(toRootX x: Int, y: Int) {
        xcb_warp_pointer(raw, 0, root, 0, 0, 0, 0, Int16(clamping: x), Int16(clamping: y))
        xcb_flush(raw)
    }
}

extension ProcessInfo {
    static var displayName: String { ProcessInfo.processInfo.environment["DISPLAY"] ?? "" }
}
