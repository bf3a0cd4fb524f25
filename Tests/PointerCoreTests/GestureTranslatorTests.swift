import PointerCore
import Testing

/// The rules both backends follow to turn touchpad gesture sequences into
/// engine events (touchpad gestures cannot be injected into headless sway or
/// Xvfb, so their mapping is tested here).
@Suite struct GestureTranslatorTests {
    @Test("E25 a two-finger pinch reaches the stage with cumulative scale and summed rotation")
    func twoFingerPinch() {
        var t = GestureTranslator()
        #expect(t.pinchBegin(fingers: 2) == .pinch(phase: .begin, scale: 1, rotation: 0))
        #expect(
            t.pinchUpdate(dx: 0, dy: 0, scale: 1.2, rotationDelta: 5) == .pinch(phase: .update, scale: 1.2, rotation: 5)
        )
        #expect(
            t.pinchUpdate(dx: 0, dy: 0, scale: 1.3, rotationDelta: 7)
                == .pinch(phase: .update, scale: 1.3, rotation: 12))
        #expect(t.pinchEnd(cancelled: false) == .pinch(phase: .end, scale: 1.3, rotation: 12))
    }

    @Test("E25 three-finger gestures belong to the system: they arrive as swipe, never as pinch")
    func threeFingerPinchIsSystem() {
        var t = GestureTranslator()
        #expect(t.pinchBegin(fingers: 3) == .swipe(phase: .begin, fingers: 3, dx: 0, dy: 0))
        #expect(
            t.pinchUpdate(dx: 4, dy: 1, scale: 0.8, rotationDelta: 3)
                == .swipe(phase: .update, fingers: 3, dx: 4, dy: 1))
        #expect(t.pinchEnd(cancelled: true) == .swipe(phase: .cancel, fingers: 3, dx: 4, dy: 1))
        #expect(t.swipeBegin(fingers: 4) == .swipe(phase: .begin, fingers: 4, dx: 0, dy: 0))
        #expect(t.swipeUpdate(dx: 10, dy: 0) == .swipe(phase: .update, fingers: 4, dx: 10, dy: 0))
        #expect(t.swipeUpdate(dx: 5, dy: 2) == .swipe(phase: .update, fingers: 4, dx: 15, dy: 2))
    }

    @Test("B12 resting fingers (hold) stop inertia; a hold broken by motion is cancelled")
    func hold() {
        let t = GestureTranslator()
        #expect(t.holdBegin() == .hold(.begin))
        #expect(t.holdEnd(cancelled: false) == .hold(.end))
        #expect(t.holdEnd(cancelled: true) == .hold(.cancel))
    }
}
