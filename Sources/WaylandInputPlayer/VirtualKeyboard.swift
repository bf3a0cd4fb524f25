import CLinuxHost
import CWaylandClient
import CWaylandProtocols
import CXKBCommon

#if canImport(Glibc)
    import Glibc
#endif

/// A zwp_virtual_keyboard_v1 with a US keymap compiled by xkbcommon and sent
/// as an fd. Holds and releases modifier keys; keeps its own xkb_state so the
/// modifier masks it sends match the keys it pressed.
final class VirtualKeyboard {
    private let proxy: OpaquePointer
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private var held: Set<String> = []

    /// evdev key codes of the left-hand modifier keys.
    static let keycodes = InputCodes.modifiers

    init(manager: OpaquePointer, seat: OpaquePointer) throws {
        guard let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw PlayerError("xkb_context_new failed") }
        var names = xkb_rule_names(rules: nil, model: nil, layout: nil, variant: nil, options: nil)
        guard let map = xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(ctx)
            throw PlayerError("cannot compile the default keymap (is xkb-data installed?)")
        }
        guard let st = xkb_state_new(map), let text = xkb_keymap_get_as_string(map, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            xkb_keymap_unref(map)
            xkb_context_unref(ctx)
            throw PlayerError("cannot serialise the keymap")
        }
        defer { free(text) }
        guard let p = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat) else {
            throw PlayerError("cannot create a virtual keyboard")
        }
        proxy = p
        context = ctx
        keymap = map
        state = st
        let size = strlen(text) + 1
        let fd = ap_memfd_create("player-keymap", AP_MFD_CLOEXEC)
        guard fd >= 0 else { throw PlayerError("memfd_create failed") }
        defer { close(fd) }
        guard write(fd, text, size) == size else { throw PlayerError("cannot write the keymap") }
        zwp_virtual_keyboard_v1_keymap(p, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(size))
    }

    deinit {
        for key in held { press(key, down: false, time: 0) }
        zwp_virtual_keyboard_v1_destroy(proxy)
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// evdev key codes of the other keys a script may tap.
    static let tapKeycodes = InputCodes.taps

    /// Presses and releases one key (the held modifiers stay held).
    func tap(_ key: String, time: UInt32) -> Bool {
        guard let code = Self.tapKeycodes[key] else { return false }
        zwp_virtual_keyboard_v1_key(proxy, time, code, 1)
        zwp_virtual_keyboard_v1_key(proxy, time, code, 0)
        return true
    }

    /// Makes exactly `keys` held.
    func hold(_ keys: Set<String>, time: UInt32) {
        for key in held.subtracting(keys) { press(key, down: false, time: time) }
        for key in keys.subtracting(held) { press(key, down: true, time: time) }
        held = keys.filter { Self.keycodes[$0] != nil }
    }

    private func press(_ key: String, down: Bool, time: UInt32) {
        guard let code = Self.keycodes[key] else { return }
        zwp_virtual_keyboard_v1_key(proxy, time, code, down ? 1 : 0)
        xkb_state_update_key(state, code + 8, down ? XKB_KEY_DOWN : XKB_KEY_UP)
        zwp_virtual_keyboard_v1_modifiers(
            proxy,
            xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
            xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
            xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
            xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }
}
