import CXKBCommon
import PointerCore

/// What the overlay reads from an xkb state, the same on Wayland and X11:
/// which modifiers are held (E27) and whether a key is one the engine reacts
/// to. Everything else that is typed is never looked at.
public enum XKBKeys {
    private static let modifierNames: [(String, ModifierKey)] = [
        (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .ctrl), (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .super),
    ]

    /// The modifiers in effect (held, latched or locked) in `state`.
    public static func modifiers(in state: OpaquePointer) -> Set<ModifierKey> {
        var held: Set<ModifierKey> = []
        for (name, key) in modifierNames where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            held.insert(key)
        }
        return held
    }

    /// The name of a pressed key the engine reacts to (only `escape`: it closes
    /// a context menu, and with Ctrl+Alt ends a stage); nil for every other key.
    /// `keycode` is an xkb keycode (evdev code + 8).
    public static func reportedKeyName(in state: OpaquePointer, keycode: UInt32) -> String? {
        xkb_state_key_get_one_sym(state, keycode) == UInt32(XKB_KEY_Escape) ? "escape" : nil
    }
}
