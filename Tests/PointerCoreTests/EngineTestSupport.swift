import Foundation

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat

/// SplitMix64: a tiny deterministic RNG so property tests are reproducible.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum EngineFixture {
    /// Loads a scene from JSON text with the real loader.
    static func scene(_ json: String) throws -> Scene {
        try SceneLoader.load(text: json, file: "test-scene.json")
    }

    /// Replays `trace` (JSON Lines) against `sceneJSON`, sampling at `fps`.
    static func replay(_ sceneJSON: String, _ trace: String, fps: Double = 120) throws -> [PointerFrame] {
        let scene = try scene(sceneJSON)
        let events = try TraceReader.parse(trace)
        var frames: [PointerFrame] = []
        Replay.frames(scene: scene, events: events, fps: fps) { frames.append($0) }
        return frames
    }

    /// Like `replay`, also collecting host requests with the time they were drained.
    static func run(_ sceneJSON: String, _ trace: String, fps: Double = 120) throws
        -> (frames: [PointerFrame], requests: [(time: Double, request: HostRequest)])
    {
        let scene = try scene(sceneJSON)
        let events = try TraceReader.parse(trace)
        let engine = PointerEngine(scene: scene)
        var frames: [PointerFrame] = []
        var requests: [(time: Double, request: HostRequest)] = []
        var next = 0
        var k = 0
        let last = events.last?.time ?? 0
        while true {
            let t = Double(k) / fps
            while next < events.count && events[next].time <= t {
                engine.handle(events[next])
                next += 1
            }
            frames.append(engine.frame(at: t))
            requests += engine.drainHostRequests().map { (t, $0) }
            if next == events.count && t >= last && (engine.nextWakeTime(after: t) == nil || t > last + 10) { break }
            k += 1
        }
        return (frames, requests)
    }

    /// A canvas scene wrapper around region JSON.
    static func sceneJSON(_ regions: String, pointer: String = "", modifiers: String = "") -> String {
        var s = "{\"version\":1,\"canvas\":{\"size\":[1280,800]},\"regions\":[\(regions)]"
        if !pointer.isEmpty { s += ",\"pointer\":{\(pointer)}" }
        if !modifiers.isEmpty { s += ",\"modifiers\":[\(modifiers)]" }
        return s + "}"
    }

    /// Trace lines moving the pointer from `from` to `to` with `position` events
    /// every `dt` seconds starting at `t0`; returns the lines and the end time.
    static func glidePositions(from: Point, to: Point, steps: Int, t0: Double, dt: Double = 1.0 / 120) -> (
        String, Double
    ) {
        var lines = ""
        for i in 0...steps {
            let p = from.interpolated(to: to, Double(i) / Double(steps))
            lines += "{\"t\":\(t0 + Double(i) * dt),\"type\":\"position\",\"x\":\(p.x),\"y\":\(p.y)}\n"
        }
        return (lines, t0 + Double(steps) * dt)
    }
}

extension Array where Element == PointerFrame {
    /// The last frame at or before `t`.
    func at(_ t: Double) -> PointerFrame {
        last(where: { $0.time <= t + 1e-9 }) ?? self[0]
    }

    func between(_ a: Double, _ b: Double) -> [PointerFrame] {
        filter { $0.time >= a - 1e-9 && $0.time <= b + 1e-9 }
    }
}
