import PointerCore
import Testing

@testable import WaylandBackend

/// wl_pointer axis sequences → one scroll per frame.
@Suite struct AxisAccumulatorTests {
    @Test("E25 two-finger scroll: one scroll per frame, begin/update/end from axis_stop")
    func fingerScrollPhases() {
        var a = AxisAccumulator()
        // Axis values are the device's (down = +); the scroll is the content's movement.
        a.setSource(.finger)
        a.axis(vertical: true, value: 3)
        a.axis(vertical: false, value: -1)
        #expect(a.frame() == .scroll(dx: 1, dy: -3, source: .finger, phase: .begin))
        a.setSource(.finger)
        a.axis(vertical: true, value: 5)
        #expect(a.frame() == .scroll(dx: 0, dy: -5, source: .finger, phase: .update))
        a.setSource(.finger)
        a.stop()
        #expect(a.frame() == .scroll(dx: 0, dy: 0, source: .finger, phase: .end))
        #expect(a.frame() == nil, "a frame without axis events scrolls nothing")
    }

    @Test("E25 a mouse wheel scrolls without phases; wheel-down brings later content up")
    func wheel() {
        var a = AxisAccumulator()
        a.setSource(.wheel)
        a.axis(vertical: true, value: 15)
        #expect(a.frame() == .scroll(dx: 0, dy: -15, source: .wheel, phase: nil))
    }
}
