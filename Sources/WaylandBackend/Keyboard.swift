import CLinuxHost
import CWaylandClient
import CXKBCommon
import PointerCore
import XKBKeys

#if canImport(Glibc)
    import Glibc
#endif

/// wl_keyboard → the set of held modifier keys (E27), read with xkbcommon
/// from the compositor's keymap. Key events are ignored except Escape (which
/// closes a context menu): the overlay never looks at, or records, what is typed.
final class Keyboard {
    private let proxy: OpaquePointer
    private let version: UInt32
    private unowned let overlay: WaylandOverlay
    private let context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var held: Set<ModifierKey> = []

    init(proxy: OpaquePointer, version: UInt32, overlay: WaylandOverlay) {
        self.proxy = proxy
        self.version = version
        self.overlay = overlay
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        wl_keyboard_add_listener(proxy, keyboardListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
        if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    /// Compiles the keymap the compositor sent and replaces the old one: the
    /// fd is closed on every path, the old keymap and state unreffed.
    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context, size > 0 else { return }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            overlay.log(
                "keyboard: cannot map the keymap (\(String(cString: strerror(errno)))); modifier shapes are off")
            return
        }
        defer { munmap(map, Int(size)) }
        let text = map.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        guard
            let newKeymap = xkb_keymap_new_from_buffer(
                context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        else {
            overlay.log("keyboard: the compositor's keymap does not compile; modifier shapes are off")
            return
        }
        guard let newState = xkb_state_new(newKeymap) else {
            xkb_keymap_unref(newKeymap)
            return
        }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = newState
    }

    fileprivate func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        publish(XKBKeys.modifiers(in: state))
    }

    /// Only Escape is passed on (it closes an open context menu, E26, and with
    /// Ctrl+Alt ends a stage); every other key is dropped here, unread.
    fileprivate func pressed(_ key: UInt32) {
        guard let state, let name = XKBKeys.reportedKeyName(in: state, keycode: key + 8) else { return }
        overlay.input(.key(name))
    }

    /// Focus left our surfaces: from our point of view nothing is held.
    fileprivate func leave() { publish([]) }

    private func publish(_ keys: Set<ModifierKey>) {
        guard keys != held else { return }
        held = keys
        overlay.input(.modifiers(keys))
    }
}

private func keyboard(_ data: UnsafeMutableRawPointer?) -> Keyboard? {
    data.map { Unmanaged<Keyboard>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
    let p = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                if let k = keyboard(data) { k.keymap(format: format, fd: fd, size: size) } else { close(fd) }
            },
            enter: { _, _, _, _, _ in },
            leave: { data, _, _, _ in keyboard(data)?.leave() },
            key: { data, _, _, _, key, state in
                if state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue { keyboard(data)?.pressed(key) }
            },
            modifiers: { data, _, _, dep, lat, lock, group in
                keyboard(data)?.modifiers(depressed: dep, latched: lat, locked: lock, group: group)
            },
            repeat_info: { _, _, _, _ in }))
    return p
}()
