import PointerCore

/// Where the hand really was, for judging drawn pointers: the exact model
/// pointer after every motion event of a trace, joined by straight lines
/// between reports that follow each other closely (the hand moves between
/// reports too), and the points where it stopped or turned back.
public struct MotionTruth: Sendable {
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var point: Point
    }

    /// A stop or a reversal: the hand was at `point` at `time`, arriving along `direction` (unit).
    public struct Turn: Sendable, Equatable {
        public var time: Double
        public var point: Point
        public var direction: Point
        /// The next motion after a stop; the window in which going past `point` is an overshoot ends there.
        public var until: Double
        public var isReversal: Bool
    }

    public private(set) var samples: [Sample] = []
    /// The model pointer 0.1 and 0.25 s after each motion (it may glide or be recentred).
    private var probes: [Sample] = []
    /// Reports further apart than this (s) are not joined: the hand rested between them.
    public static let joinGap = 0.03
    /// Quiet this long (s) after motion: a stop.
    public static let stopGap = 0.06

    /// Replays `events` through a fresh engine and records the model pointer after each motion.
    public init(scene: Scene, events: [InputEvent]) {
        let engine = PointerEngine(scene: scene)
        var due: [Double] = []
        func probe(until t: Double) {
            while let first = due.first, first < t {
                due.removeFirst()
                probes.append(Sample(time: first, point: engine.frame(at: first).pointer))
            }
        }
        for e in events {
            probe(until: e.time)
            engine.handle(e)
            switch e.kind {
            case .motion, .position:
                samples.append(Sample(time: e.time, point: engine.modelPointer))
                due = [e.time + 0.1, e.time + 0.25]
            default: break
            }
        }
        probe(until: .infinity)
    }

    /// The model pointer stayed at `point` from `time` until `until` (or 0.25 s):
    /// the hand stopped and so did the pointer (no glide, no recentering).
    private func pointerStayed(at point: Point, from time: Double, until: Double) -> Bool {
        probes.allSatisfy { $0.time <= time || $0.time > until || $0.point.distance(to: point) < 0.5 }
    }

    /// Motion was reported within `window` seconds before `t`.
    public func isMoving(at t: Double, window: Double = 0.05) -> Bool {
        guard let i = lastIndex(atOrBefore: t) else { return false }
        return t - samples[i].time <= window
    }

    /// The hand's position at `t`.
    public func position(at t: Double) -> Point? {
        guard let i = lastIndex(atOrBefore: t) else { return nil }
        let a = samples[i]
        guard i + 1 < samples.count else { return a.point }
        let b = samples[i + 1]
        guard b.time - a.time <= Self.joinGap, b.time > a.time else { return a.point }
        return a.point.interpolated(to: b.point, (t - a.time) / (b.time - a.time))
    }

    private func lastIndex(atOrBefore t: Double) -> Int? {
        var lo = 0
        var hi = samples.count - 1
        guard hi >= 0, samples[0].time <= t else { return nil }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if samples[mid].time <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Stops (quiet for `stopGap` after motion, the pointer staying put: a flick
    /// that glides on is no stop) and reversals (the motion over
    /// the next 24 ms turns back on the motion over the last 24 ms), each where
    /// the hand had moved at least a point on its way in.
    public func turns() -> [Turn] {
        var out: [Turn] = []
        let span = 0.024
        for (i, s) in samples.enumerated() {
            guard let before = position(at: s.time - span) else { continue }
            let arriving = s.point - before
            guard arriving.length >= 1 else { continue }
            let direction = arriving / arriving.length
            let next = i + 1 < samples.count ? samples[i + 1].time : Double.infinity
            if next - s.time >= Self.stopGap {
                guard pointerStayed(at: s.point, from: s.time, until: Swift.min(next, s.time + 0.25)) else { continue }
                out.append(Turn(time: s.time, point: s.point, direction: direction, until: next, isReversal: false))
                continue
            }
            guard let after = position(at: s.time + span) else { continue }
            let leaving = after - s.point
            guard leaving.length >= 1, leaving.dot(direction) < -0.7 * leaving.length else { continue }
            // The extreme along the way in, once per turn.
            let here = s.point.dot(direction)
            let extreme = samples[Swift.max(0, i - 3)...Swift.min(samples.count - 1, i + 3)]
                .allSatisfy { $0.point.dot(direction) <= here + 1e-9 }
            if extreme, out.last.map({ s.time - $0.time > 0.05 }) ?? true {
                out.append(
                    Turn(time: s.time, point: s.point, direction: direction, until: s.time + 0.06, isReversal: true))
            }
        }
        return out
    }
}
