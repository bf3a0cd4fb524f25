import PointerCore
import SceneFormat

/// Replays a trace through a fresh engine and samples frames at a fixed rate
/// (docs/trace-format.md "Frame dumps"): times 0, 1/fps, 2/fps, … until the last
/// event has been handled and the engine has settled (nothing animates and no
/// timer such as auto-hide is pending), at most `maxSettle` seconds later.
public enum Replay {
    /// Longest time sampled after the last event (s): covers auto-hide (1.5 s by
    /// default) and any glide, and bounds a scene that would never settle.
    public static let maxSettle = 10.0

    /// Feeds a trace to one engine in time order: `frame(at:)` first hands the
    /// engine every event up to that time. Times asked for must not decrease.
    public struct Player {
        public let engine: PointerEngine
        private let events: [InputEvent]
        private var next = 0

        public init(scene: Scene, events: [InputEvent]) {
            engine = PointerEngine(scene: scene)
            self.events = events
        }

        /// Every event has been handed to the engine.
        public var finished: Bool { next == events.count }

        public mutating func frame(at t: Double) -> PointerFrame {
            while next < events.count && events[next].time <= t {
                engine.handle(events[next])
                next += 1
            }
            return engine.frame(at: t)
        }
    }

    /// Samples frames while events arrive one at a time, so a trace of any length
    /// is replayed without holding it: `feed` each event in time order (it first
    /// samples every frame before the event's time), then `finish`.
    public struct Sampler {
        public let engine: PointerEngine
        private let rate: Double
        private var k = 0
        private var lastTime = 0.0

        public init(scene: Scene, fps: Double) {
            engine = PointerEngine(scene: scene)
            rate = fps > 0 ? fps : 60
        }

        /// The time of the next frame.
        private var t: Double { Double(k) / rate }

        public mutating func feed(_ event: InputEvent, _ body: (PointerFrame) -> Void) {
            while t < event.time {
                body(engine.frame(at: t))
                k += 1
            }
            engine.handle(event)
            lastTime = event.time
        }

        /// Frames after the last event, until the engine settles (at most `maxSettle` later).
        public mutating func finish(_ body: (PointerFrame) -> Void) {
            while true {
                let t = self.t
                body(engine.frame(at: t))
                k += 1
                if t >= lastTime && (engine.nextWakeTime(after: t) == nil || t >= lastTime + maxSettle) { return }
            }
        }
    }

    public static func frames(
        scene: Scene, events: [InputEvent], fps: Double,
        _ body: (PointerFrame) -> Void
    ) {
        var sampler = Sampler(scene: scene, fps: fps)
        for event in events { sampler.feed(event, body) }
        sampler.finish(body)
    }

    /// All frames as dump lines, newline-terminated.
    public static func dump(scene: Scene, events: [InputEvent], fps: Double) -> String {
        var out = ""
        frames(scene: scene, events: events, fps: fps) { out += FrameDumpWriter.line($0) + "\n" }
        return out
    }
}
