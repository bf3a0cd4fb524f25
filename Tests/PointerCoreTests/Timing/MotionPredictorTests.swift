import Foundation
import Testing

@testable import PointerCore

/// Prediction (issue: "a pointer that keeps up"): a freely moving pointer is
/// drawn where the hand will be at present time, and never past a stop.
@Suite struct MotionPredictorTests {
    /// Reports every 8 ms (a 125 Hz mouse) along `path`, up to `until`.
    static func feed(_ p: inout MotionPredictor, from t0: Double = 0, until: Double, _ path: (Double) -> Point) {
        var t = t0
        while t <= until + 1e-9 {
            p.add(path(t), at: t)
            t += 0.008
        }
    }

    @Test("steady motion is drawn ahead by speed × time to present")
    func steady() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.2) { Point(x: 100 + 800 * $0, y: 300) }
        let ahead = p.offset(now: 0.201, presentAt: 0.216)
        // 800 pt/s for 16 ms: 12.8 pt.
        #expect(abs(ahead.x - 12.8) < 0.5, "predicted \(ahead)")
        #expect(abs(ahead.y) < 0.1)
    }

    @Test("never further than the longest horizon, however late the repaint")
    func horizon() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.2) { Point(x: 800 * $0, y: 0) }
        let far = p.offset(now: 0.2, presentAt: 0.5)
        #expect(far.x <= 800 * p.tuning.maxHorizon + 0.01)
    }

    @Test("a hand braking to a stop is never drawn past where it stops")
    func braking() {
        // A minimum-jerk stroke of 400 pt in 0.45 s: bell-shaped speed, peak 1330 pt/s.
        func stroke(_ t: Double) -> Point {
            let u = min(max(t / 0.45, 0), 1)
            return Point(x: 100 + 400 * u * u * u * (10 - 15 * u + 6 * u * u), y: 200)
        }
        var p = MotionPredictor()
        var t = 0.0
        var worst = -Double.infinity
        while t < 0.7 {
            p.add(Point(x: stroke(t).x.rounded(), y: 200), at: t)
            for lead in [0.004, 0.012, 0.020, 0.030] {
                let drawn = p.predicted(now: t + 0.002, presentAt: t + 0.002 + lead)!
                worst = max(worst, drawn.x - 500)
            }
            t += 0.008
        }
        #expect(worst <= 0.5, "drawn \(worst) pt past the stop")
    }

    @Test("a reversal: once the newest step turns back, nothing is predicted")
    func reversal() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.1) { Point(x: 1000 * $0, y: 0) }
        p.add(Point(x: 96, y: 0), at: 0.108)
        #expect(p.offset(now: 0.109, presentAt: 0.125) == .zero)
    }

    @Test("a dead stop: without new reports the prediction fades to nothing within two report intervals")
    func silence() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.2) { Point(x: 600 * $0, y: 0) }
        #expect(p.offset(now: 0.205, presentAt: 0.22).x > 5)
        #expect(p.offset(now: 0.2 + 0.0175, presentAt: 0.235).x < p.offset(now: 0.205, presentAt: 0.22).x)
        #expect(p.offset(now: 0.2 + 0.021, presentAt: 0.24) == .zero)
    }

    @Test("slow motion gains little and is barely predicted; a pointer at rest not at all")
    func slow() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.2) { Point(x: 30 * $0, y: 0) }
        #expect(p.offset(now: 0.201, presentAt: 0.217) == .zero)
        var q = MotionPredictor()
        Self.feed(&q, until: 0.2) { _ in Point(x: 5, y: 5) }
        #expect(q.offset(now: 0.201, presentAt: 0.217) == .zero)
    }

    @Test("reports read together count as one; reset forgets the motion")
    func batchesAndReset() {
        var p = MotionPredictor()
        Self.feed(&p, until: 0.1) { Point(x: 500 * $0, y: 0) }
        // Two reports delivered in one read, microseconds apart: no velocity spike.
        p.add(Point(x: 54, y: 0), at: 0.108)
        p.add(Point(x: 58, y: 0), at: 0.10801)
        let step = p.offset(now: 0.109, presentAt: 0.125)
        #expect(step.x > 0 && step.x < 20, "\(step)")
        p.reset()
        #expect(p.latest == nil)
        #expect(p.offset(now: 0.11, presentAt: 0.13) == .zero)
    }
}
