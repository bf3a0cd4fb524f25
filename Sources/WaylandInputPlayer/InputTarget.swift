/// What a script's input lines are played into: wlroots' virtual devices, or
/// KWin's fake input.
protocol InputTarget {
    func moveTo(x: Double, y: Double, time: UInt32)
    func move(dx: Double, dy: Double, time: UInt32)
    func button(_ name: String, pressed: Bool, time: UInt32)
    func scroll(dx: Double, dy: Double, finger: Bool, time: UInt32)
    /// Makes exactly `keys` held ("shift", "ctrl", "alt", "super").
    func hold(_ keys: Set<String>, time: UInt32)
    /// Presses and releases one key; false for a key the player does not know.
    func tap(_ key: String, time: UInt32) -> Bool
}

/// evdev codes, shared by both targets.
enum InputCodes {
    static func button(_ name: String) -> UInt32 { name == "secondary" ? 0x111 : name == "middle" ? 0x112 : 0x110 }
    static let modifiers: [String: UInt32] = ["shift": 42, "ctrl": 29, "alt": 56, "super": 125]
    static let taps: [String: UInt32] = ["escape": 1]
}

/// sway and other wlroots compositors.
struct WlrInput: InputTarget {
    let pointer: VirtualPointer
    let keyboard: VirtualKeyboard

    func moveTo(x: Double, y: Double, time: UInt32) { pointer.moveTo(x: x, y: y, time: time) }
    func move(dx: Double, dy: Double, time: UInt32) { pointer.move(dx: dx, dy: dy, time: time) }
    func button(_ name: String, pressed: Bool, time: UInt32) { pointer.button(name, pressed: pressed, time: time) }
    func scroll(dx: Double, dy: Double, finger: Bool, time: UInt32) {
        pointer.scroll(dx: dx, dy: dy, finger: finger, time: time)
    }
    func hold(_ keys: Set<String>, time: UInt32) { keyboard.hold(keys, time: time) }
    func tap(_ key: String, time: UInt32) -> Bool { keyboard.tap(key, time: time) }
}
