import PointerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seeded hand motion for `bench latency`, as absolute device reports (whole
/// points, report times jittered by ±0.5 ms) on an empty 1600×1000 canvas:
///
/// - `strokes`: minimum-jerk strokes (a hand's bell-shaped speed, peaking at
///   300–2000 pt/s) between random points, resting 80–400 ms between them;
/// - `zigzag`: back and forth at 1.5–3 Hz, a reversal every 170–330 ms;
/// - `circles`: round and round, one turn per second;
/// - `halts`: constant speed, then a dead stop with no braking (the worst case
///   for any prediction: nothing in the motion announces the stop).
public enum SyntheticMotion: String, Sendable, CaseIterable {
    case strokes, zigzag, circles, halts

    /// An empty canvas: the pointer always follows freely.
    public static let sceneJSON = """
        {"version":1,"name":"latency","canvas":{"size":[1600,1000],"color":"#F2F2F7"},
         "pointer":{"autoHideDelay":0,"inertia":false,"magnetism":{"radius":0}},"regions":[]}
        """

    public func events(seed: UInt64, duration: Double = 8) -> [InputEvent] {
        let noise = SeededNoise(seed: seed &+ UInt64(SyntheticMotion.allCases.firstIndex(of: self) ?? 0) &* 1000)
        let rate: Double = self == .zigzag ? 250 : 125
        var out: [InputEvent] = [InputEvent(time: 0, .position(Point(x: 800, y: 500)))]
        var k = 1
        var last = Point(x: 800, y: 500)
        func report(_ t: Double, _ p: Point) {
            let q = Point(x: p.x.rounded(), y: p.y.rounded())
            let time = t + 0.0005 * noise.signed(k, stream: 9)
            if q != last, time > (out.last?.time ?? 0) {
                out.append(InputEvent(time: time, .position(q)))
                last = q
            }
            k += 1
        }
        switch self {
        case .strokes:
            var t = 0.3
            var at = Point(x: 800, y: 500)
            var n = 0
            while t < duration {
                let angle = noise.unit(n, stream: 1) * 2 * Double.pi
                let distance = 80 + 520 * noise.unit(n, stream: 2)
                var to = at + Point(x: cos(angle), y: sin(angle)) * distance
                to = Point(x: Swift.min(Swift.max(to.x, 100), 1500), y: Swift.min(Swift.max(to.y, 100), 900))
                let length = (to - at).length
                let span = 0.15 + length / 900
                var s = 0.0
                while s < span {
                    let u = s / span
                    let shape = u * u * u * (10 - 15 * u + 6 * u * u)
                    report(t + s, at.interpolated(to: to, shape))
                    s += 1 / rate
                }
                report(t + span, to)
                at = to
                t += span + 0.08 + 0.32 * noise.unit(n, stream: 3)
                n += 1
            }
        case .zigzag:
            var t = 0.3
            var phase = 0.0
            var n = 0
            var frequency = 2.0
            // Past `duration`, carry on to the next turning point: the hand ends at rest.
            while t < duration || cos(phase) * cos(phase + 2 * Double.pi * frequency / rate) > 0 {
                if Int(t * 2) != n, t < duration {
                    n = Int(t * 2)
                    frequency = 1.5 + 1.5 * noise.unit(n, stream: 4)
                }
                phase += 2 * Double.pi * frequency / rate
                report(t, Point(x: 800 + 260 * sin(phase), y: 500 + 60 * sin(phase * 0.23)))
                t += 1 / rate
            }
        case .circles:
            // One turn per second, easing in and out over the first and last half second.
            var t = 0.3
            let span = duration - 0.3
            while t <= duration {
                let u = t - 0.3
                let ramp = 0.5
                var turns = u
                if u < ramp {
                    turns = u * u / (2 * ramp)
                } else if u > span - ramp {
                    let r = span - u
                    turns = span - ramp - r * r / (2 * ramp)
                } else {
                    turns = u - ramp / 2
                }
                let a = 2 * Double.pi * turns
                report(t, Point(x: 800 + 220 * cos(a) - 220, y: 500 + 220 * sin(a)))
                t += 1 / rate
            }
        case .halts:
            var t = 0.3
            var at = Point(x: 800, y: 500)
            var n = 0
            while t < duration {
                let angle = noise.unit(n, stream: 5) * 2 * Double.pi
                let speed = 400 + 800 * noise.unit(n, stream: 6)
                var v = Point(x: cos(angle), y: sin(angle)) * speed
                if (at + v * 0.3).x < 100 || (at + v * 0.3).x > 1500 { v.x = -v.x }
                if (at + v * 0.3).y < 100 || (at + v * 0.3).y > 900 { v.y = -v.y }
                var s = 0.0
                while s <= 0.3 {
                    report(t + s, at + v * s)
                    s += 1 / rate
                }
                at = at + v * 0.3
                t += 0.3 + 0.25
                n += 1
            }
        }
        return out
    }
}
