import CXCB
import CXKBCommon
import Foundation
import PointerCore
import XKBKeys

/// Modifier state through xkbcommon-x11: the keymap comes from the core keyboard
/// device, the state from XkbStateNotify, which the server sends whichever
/// window has the focus — so the overlay sees modifiers held over other apps.
final class Keyboard {
    private let connection: XCBConnection
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private let deviceID: Int32
    let firstEvent: UInt8
    private(set) var modifiers: Set<ModifierKey> = []
    private var reported: Set<ModifierKey> = []

    init?(connection c: XCBConnection) {
        connection = c
        var major: UInt16 = 0
        var minor: UInt16 = 0
        var base: UInt8 = 0
        var error: UInt8 = 0
        guard
            xkb_x11_setup_xkb_extension(
                c.raw, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, &base, &error) == 1,
            let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        else { return nil }
        context = ctx
        firstEvent = base
        deviceID = xkb_x11_get_core_keyboard_device_id(c.raw)
        guard deviceID >= 0 else {
            xkb_context_unref(ctx)
            return nil
        }
        reloadKeymap()
        selectEvents()
    }

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// Replaces keymap and state together (new keyboard or layout change).
    private func reloadKeymap() {
        guard
            let newKeymap = xkb_x11_keymap_new_from_device(
                context, connection.raw, deviceID, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        guard let newState = xkb_x11_state_new_from_device(newKeymap, connection.raw, deviceID) else {
            xkb_keymap_unref(newKeymap)
            return
        }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = newState
        modifiers = currentModifiers()
    }

    private func selectEvents() {
        let events = UInt16(
            XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY.rawValue | XCB_XKB_EVENT_TYPE_MAP_NOTIFY.rawValue
                | XCB_XKB_EVENT_TYPE_STATE_NOTIFY.rawValue)
        let nkn = UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue)
        let stateDetails = UInt16(
            XCB_XKB_STATE_PART_MODIFIER_BASE.rawValue | XCB_XKB_STATE_PART_MODIFIER_LATCH.rawValue
                | XCB_XKB_STATE_PART_MODIFIER_LOCK.rawValue | XCB_XKB_STATE_PART_GROUP_BASE.rawValue
                | XCB_XKB_STATE_PART_GROUP_LATCH.rawValue | XCB_XKB_STATE_PART_GROUP_LOCK.rawValue)
        let mapParts = UInt16(
            XCB_XKB_MAP_PART_KEY_TYPES.rawValue | XCB_XKB_MAP_PART_KEY_SYMS.rawValue
                | XCB_XKB_MAP_PART_MODIFIER_MAP.rawValue | XCB_XKB_MAP_PART_EXPLICIT_COMPONENTS.rawValue
                | XCB_XKB_MAP_PART_KEY_ACTIONS.rawValue | XCB_XKB_MAP_PART_VIRTUAL_MODS.rawValue
                | XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP.rawValue)
        var details = xcb_xkb_select_events_details_t()
        details.affectNewKeyboard = nkn
        details.newKeyboardDetails = nkn
        details.affectState = stateDetails
        details.stateDetails = stateDetails
        _ = xcb_xkb_select_events_aux(
            connection.raw, xcb_xkb_device_spec_t(deviceID), events, 0, 0,
            mapParts, mapParts, &details)
    }

    /// Handles an XKB event; returns the new modifier set when it changed.
    func handle(_ event: UnsafePointer<xcb_generic_event_t>) -> Set<ModifierKey>? {
        switch Int(ap_xkb_event_type(event)) {
        case Int(XCB_XKB_NEW_KEYBOARD_NOTIFY), Int(XCB_XKB_MAP_NOTIFY):
            reloadKeymap()
        case Int(XCB_XKB_STATE_NOTIFY):
            let e = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_xkb_state_notify_event_t.self).pointee
            guard let state else { return nil }
            xkb_state_update_mask(
                state, xkb_mod_mask_t(e.baseMods), xkb_mod_mask_t(e.latchedMods), xkb_mod_mask_t(e.lockedMods),
                xkb_layout_index_t(bitPattern: Int32(e.baseGroup)),
                xkb_layout_index_t(bitPattern: Int32(e.latchedGroup)),
                xkb_layout_index_t(e.lockedGroup))
        default:
            return nil
        }
        // Compare with what was last reported: a keymap reload (xdotool switching
        // the XTEST keyboard in) may already carry the new state.
        let now = currentModifiers()
        guard now != reported else { return nil }
        reported = now
        modifiers = now
        return now
    }

    /// The name of a pressed key the engine reacts to (only `escape`, which
    /// closes a context menu); other keys are not reported, so the overlay
    /// never sees what is typed into other applications.
    func reportedKeyName(keycode: UInt32) -> String? {
        guard let state else { return nil }
        return XKBKeys.reportedKeyName(in: state, keycode: keycode)
    }

    /// The set at start-up, reported once.
    func initialModifiers() -> Set<ModifierKey> {
        reported = modifiers
        return modifiers
    }

    func isEvent(_ event: UnsafePointer<xcb_generic_event_t>) -> Bool {
        (event.pointee.response_type & 0x7f) == firstEvent
    }

    private func currentModifiers() -> Set<ModifierKey> {
        guard let state else { return [] }
        return XKBKeys.modifiers(in: state)
    }
}
