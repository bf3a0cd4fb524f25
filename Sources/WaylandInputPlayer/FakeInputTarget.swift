import WaylandBackend

/// KWin: its fake-input protocol. It has no frames, no scroll source and no
/// time stamps; KWin stamps events as they arrive.
final class FakeInputTarget: InputTarget {
    private let input: KWinFakeInput
    private var held: Set<String> = []

    init(_ input: KWinFakeInput) throws {
        guard input.canMoveAbsolutely, input.version >= 4 else {
            throw PlayerError(
                "KWin's fake input is version \(input.version); the player needs 4 (absolute moves and keys)")
        }
        self.input = input
    }

    func moveTo(x: Double, y: Double, time: UInt32) { input.moveTo(x: x, y: y) }
    func move(dx: Double, dy: Double, time: UInt32) { input.move(dx: dx, dy: dy) }
    func button(_ name: String, pressed: Bool, time: UInt32) { input.button(InputCodes.button(name), pressed: pressed) }
    func scroll(dx: Double, dy: Double, finger: Bool, time: UInt32) {
        if dy != 0 { input.axis(0, value: dy) }
        if dx != 0 { input.axis(1, value: dx) }
    }

    func hold(_ keys: Set<String>, time: UInt32) {
        for key in held.subtracting(keys) {
            if let code = InputCodes.modifiers[key] { input.key(code, pressed: false) }
        }
        for key in keys.subtracting(held) { if let code = InputCodes.modifiers[key] { input.key(code, pressed: true) } }
        held = keys.filter { InputCodes.modifiers[$0] != nil }
    }

    func tap(_ key: String, time: UInt32) -> Bool {
        guard let code = InputCodes.taps[key] else { return false }
        input.key(code, pressed: true)
        input.key(code, pressed: false)
        return true
    }
}
