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

    public static func frames(scene: Scene, events: [InputEvent], fps: Double,
                              _ body: (PointerFrame) -> Void) {
        var player = Player(scene: scene, events: events)
        let lastTime = events.last?.time ?? 0
        let rate = fps > 0 ? fps : 60
        var k = 0
        while true {
            let t = Double(k) / rate
            body(player.frame(at: t))
            if player.finished && t >= lastTime
                && (player.engine.nextWakeTime(after: t) == nil || t >= lastTime + maxSettle) {
                break
            }
            k += 1
        }
    }

    /// All frames as dump lines, newline-terminated.
    public static func dump(scene: Scene, events: [InputEvent], fps: Double) -> String {
        var out = ""
        frames(scene: scene, events: events, fps: fps) { out += FrameDumpWriter.line($0) + "\n" }
        return out
    }
}
