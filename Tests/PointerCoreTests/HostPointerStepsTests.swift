import Testing

@testable import PointerCore

/// Hosts that report accelerated absolute positions (X11, Wayland without
/// relative-pointer) still feed the engine motion, so a flick glides (B12).
@Suite struct HostPointerStepsTests {
    @Test("B12 steps between absolute positions become motion; the first and a jump are placements")
    func stepsAndPlacements() {
        var steps = HostPointerSteps()
        #expect(steps.event(at: Point(x: 100, y: 100)) == .position(Point(x: 100, y: 100)))
        #expect(steps.event(at: Point(x: 114, y: 103)) == .motion(dx: 14, dy: 3))
        #expect(steps.event(at: Point(x: 114, y: 103)) == nil, "no movement, no event")
        #expect(steps.event(at: Point(x: 900, y: 700)) == .position(Point(x: 900, y: 700)), "a warp by another client")
        steps.placed(at: Point(x: 50, y: 50))
        #expect(steps.event(at: Point(x: 52, y: 50)) == .motion(dx: 2, dy: 0), "a step from where we warped to")
        steps.reset()
        #expect(steps.event(at: Point(x: 60, y: 50)) == .position(Point(x: 60, y: 50)), "after leaving, a placement")
    }

    @Test("B12 a flick of host-accelerated positions glides on after the hand stops")
    func flickGlides() {
        let engine = PointerEngine(scene: Scene(canvas: Canvas(size: Size(width: 1280, height: 800))))
        engine.acceleration = .hostAccelerated
        var steps = HostPointerSteps()
        for i in 0...10 {
            if let e = steps.event(at: Point(x: 300 + 14 * Double(i), y: 400)) {
                engine.handle(InputEvent(time: Double(i) * 0.008, e))
            }
        }
        engine.handle(InputEvent(time: 0.2, .lift))
        var last = engine.frame(at: 0.2)
        var t = 0.2
        while t < 3 {
            t += 1.0 / 60
            last = engine.frame(at: t)
        }
        #expect(last.pointer.x > 500, "stopped at \(last.pointer.x): no glide from 1:1 steps")
    }
}

extension HostPointerStepsTests {
    @Test("B6 steps of a device that places the pointer (tablet, touchscreen, warp) are placements: they never glide")
    func absoluteStepsArePlacements() {
        var steps = HostPointerSteps()
        #expect(steps.event(at: Point(x: 100, y: 100), absolute: true) == .position(Point(x: 100, y: 100)))
        #expect(steps.event(at: Point(x: 114, y: 103), absolute: true) == .position(Point(x: 114, y: 103)))
        #expect(steps.event(at: Point(x: 114, y: 103), absolute: true) == nil, "no movement, no event")
        #expect(steps.event(at: Point(x: 120, y: 103)) == .motion(dx: 6, dy: 0), "a mouse step after a pen step")
        // A fast pen sweep, then nothing: the pointer stays where the pen left it.
        let engine = PointerEngine(scene: Scene(canvas: Canvas(size: Size(width: 1280, height: 800))))
        engine.acceleration = .hostAccelerated
        var pen = HostPointerSteps()
        for i in 0...10 {
            if let e = pen.event(at: Point(x: 300 + 14 * Double(i), y: 400), absolute: true) {
                engine.handle(InputEvent(time: Double(i) * 0.008, e))
            }
        }
        var t = 0.08
        while t < 3 {
            t += 1.0 / 60
            _ = engine.frame(at: t)
        }
        #expect(engine.frame(at: 3).pointer == Point(x: 440, y: 400))
    }
}
