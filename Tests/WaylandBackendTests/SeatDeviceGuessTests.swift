import PointerCore
import Testing

@testable import WaylandBackend

/// B12 on Wayland: the seat names no device, so what only a touchpad (or a
/// mouse) sends says which one is moving the pointer.
@Suite("Wayland device guess")
struct SeatDeviceGuessTests {
    @Test(
        "B12 finger scrolling and touchpad gestures show a touchpad, wheel scrolling a mouse; motion and buttons show nothing"
    )
    func guesses() {
        var guess = SeatDeviceGuess()
        #expect(guess.kind == .unknown)
        #expect(guess.update(for: .motion(dx: 5, dy: 0)) == nil)
        #expect(guess.update(for: .button(.primary, .pressed)) == nil)
        #expect(guess.update(for: .scroll(dx: 0, dy: 3, source: .finger, phase: nil)) == .touchpad)
        #expect(guess.update(for: .scroll(dx: 0, dy: 3, source: .finger, phase: nil)) == nil, "reported once")
        #expect(guess.update(for: .scroll(dx: 0, dy: 15, source: .wheel, phase: nil)) == .mouse)
        #expect(guess.update(for: .hold(.begin)) == .touchpad)
        #expect(guess.update(for: .scroll(dx: 0, dy: 15, source: .wheel, phase: nil)) == .mouse)
        #expect(guess.update(for: .pinch(phase: .begin, scale: 1, rotation: 0)) == .touchpad)
    }
}
