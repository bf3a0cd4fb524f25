import PointerCore
import SceneFormat

/// Writes input events as trace lines (docs/trace-format.md), the inverse of
/// `TraceReader`: `run --record FILE` appends one line per event.
public enum TraceWriter {
    public static func line(_ event: InputEvent) -> String {
        let n = JSONText.number
        var fields = ["\"t\":\(n(event.time))"]
        func add(_ key: String, _ value: String) { fields.append("\"\(key)\":\(value)") }
        func type(_ name: String) { add("type", JSONText.string(name)) }
        switch event.kind {
        case .position(let p):
            type("position")
            add("x", n(p.x))
            add("y", n(p.y))
        case .motion(let dx, let dy):
            type("motion")
            add("dx", n(dx))
            add("dy", n(dy))
        case .lift:
            type("lift")
        case .hold(let phase):
            type("hold")
            add("phase", JSONText.string(phase.rawValue))
        case .button(let button, let state):
            type("button")
            add("button", JSONText.string(button.rawValue))
            add("state", JSONText.string(state.rawValue))
        case .scroll(let dx, let dy, let source, let phase):
            type("scroll")
            add("dx", n(dx))
            add("dy", n(dy))
            add("source", JSONText.string(source.rawValue))
            if let phase { add("phase", JSONText.string(phase.rawValue)) }
        case .pinch(let phase, let scale, let rotation):
            type("pinch")
            add("phase", JSONText.string(phase.rawValue))
            add("scale", n(scale))
            add("rotation", n(rotation))
        case .swipe(let phase, let fingers, let dx, let dy):
            type("swipe")
            add("phase", JSONText.string(phase.rawValue))
            add("fingers", String(fingers))
            add("dx", n(dx))
            add("dy", n(dy))
        case .modifiers(let keys):
            type("modifiers")
            add("keys", "[" + keys.sorted().map { JSONText.string($0.rawValue) }.joined(separator: ",") + "]")
        case .key(let name):
            type("key")
            add("key", JSONText.string(name))
        case .leave:
            type("leave")
        case .acceleration(let by):
            type("acceleration")
            add("curve", JSONText.string(by.rawValue))
        case .device(let device):
            type("device")
            add("device", JSONText.string(device.kind.rawValue))
            if device.reportsLift { add("lifts", "true") }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A whole trace, one line per event, newline-terminated.
    public static func text(_ events: [InputEvent]) -> String {
        events.map { line($0) + "\n" }.joined()
    }
}
