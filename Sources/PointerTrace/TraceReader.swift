import Foundation
import PointerCore
import SceneFormat

/// Reads a trace (JSON Lines, docs/trace-format.md) into input events, as strictly as
/// the scene loader reads scenes: each line is one JSON object with the keys of its
/// event type and no others (an unknown key gets the closest known one as a hint),
/// no key twice. LF or CRLF line ends; blank lines are skipped. Any malformed line is
/// an error naming file:line:column (1-based), and nothing is returned for a trace
/// with an error. Size limits: `SceneLimits` (file, line, event count, event time).
public enum TraceReader {
    /// The keys each event type may have besides `t` and `type`.
    static let keysByType: [(type: String, keys: [String])] = [
        ("position", ["x", "y"]),
        ("motion", ["dx", "dy"]),
        ("lift", []),
        ("hold", ["phase"]),
        ("button", ["button", "state"]),
        ("scroll", ["dx", "dy", "source", "phase"]),
        ("pinch", ["phase", "scale", "rotation"]),
        ("swipe", ["phase", "fingers", "dx", "dy"]),
        ("modifiers", ["keys"]),
        ("key", ["key"]),
        ("acceleration", ["curve"]),
        ("device", ["device", "lifts"]),
        ("leave", []),
    ]
    static let types = keysByType.map(\.type)

    public static func read(path: String) throws -> [InputEvent] {
        var events: [InputEvent] = []
        try read(path: path) { events.append($0) }
        return events
    }

    /// Reads the trace at `path` a piece at a time and hands each event to `body` in
    /// order, so memory stays flat however long the trace is. On an error (a
    /// `TraceError` naming the file) some events may already have been handed over:
    /// callers that must not act on a bad trace read it once to check it first.
    /// An error `body` throws (a limit of the caller's) ends the reading, with the file named.
    public static func read(path: String, _ body: (InputEvent) throws(TraceError) -> Void) throws(TraceError) {
        let stream: InputFile.Stream
        do {
            stream = try InputFile.Stream(path, limit: SceneLimits.traceFileBytes)
        } catch {
            throw TraceError(file: path, line: 0, message: "cannot read the trace file: \(readHint(error.reason))")
        }
        var scanner = TraceScanner()
        while true {
            let piece: ArraySlice<UInt8>
            do { piece = try stream.next() } catch {
                throw TraceError(file: path, line: 0, message: "cannot read the trace file: \(readHint(error.reason))")
            }
            do { try scanner.feed(piece, final: piece.isEmpty, body) } catch {
                var e = error
                e.file = path
                throw e
            }
            if piece.isEmpty { return }
        }
    }

    public static func parse(_ text: String) throws -> [InputEvent] {
        try parse(bytes: Array(text.utf8))
    }

    public static func parse(bytes: [UInt8]) throws(TraceError) -> [InputEvent] {
        var events: [InputEvent] = []
        var scanner = TraceScanner()
        try scanner.feed(bytes[...], final: true) { events.append($0) }
        return events
    }

    public static func parseLine(_ line: String, number lineNumber: Int) throws -> InputEvent {
        try parseLine(Array(line.utf8)[...], number: lineNumber)
    }

    static func parseLine(_ line: ArraySlice<UInt8>, number lineNumber: Int) throws(TraceError) -> InputEvent {
        if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
            throw TraceError(line: lineNumber, column: 0, message: "not UTF-8 text; save the trace as UTF-8 JSON Lines")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(line))
        } catch {
            var message = "invalid JSON: \(error.message)"
            if let expected = error.expected { message += "; expected \(expected)" }
            throw TraceError(
                line: lineNumber, column: Int(error.position.column),
                message: message + "; each line must be one JSON object like {\"t\":0,\"type\":\"lift\"}")
        }
        return try TraceLineDecoder(line: lineNumber).event(root)
    }

    /// The reason a trace file cannot be read, with what to do.
    static func readHint(_ reason: String) -> String {
        switch reason {
        case "no such file": return "no such file; check the path"
        case let r where r.hasPrefix("it is a directory"): return "it is a directory; give the path of a .jsonl file"
        default: return reason
        }
    }
}

/// Turns one parsed trace line into an event, reporting the first problem at its column.
private struct TraceLineDecoder {
    let line: Int

    func fail(_ at: JSONValue, _ message: String) -> TraceError {
        TraceError(line: line, column: Int(at.position.column), message: message)
    }

    func event(_ root: JSONValue) throws(TraceError) -> InputEvent {
        guard case .object(let members) = root.kind else {
            throw fail(root, "expected a JSON object like {\"t\":0,\"type\":\"motion\",...}, found \(root.kindName)")
        }
        var fields: [String: JSONValue] = [:]
        for m in members {
            if fields[m.key] != nil {
                throw TraceError(
                    line: line, column: Int(m.keyPosition.column),
                    message: "duplicate key \(TerminalText.quoted(m.key)); keep only one of them")
            }
            fields[m.key] = m.value
        }
        func value(_ key: String) throws(TraceError) -> JSONValue {
            guard let v = fields[key] else { throw fail(root, "missing \"\(key)\"") }
            return v
        }
        func number(_ key: String) throws(TraceError) -> Double {
            let v = try value(key)
            guard case .number(let n) = v.kind else {
                throw fail(v, "\"\(key)\" must be a number, found \(v.kindName)")
            }
            return n
        }
        func optionalNumber(_ key: String, default d: Double) throws(TraceError) -> Double {
            fields[key] == nil ? d : try number(key)
        }
        func string(_ key: String) throws(TraceError) -> String {
            let v = try value(key)
            guard case .string(let s) = v.kind else {
                throw fail(v, "\"\(key)\" must be a string, found \(v.kindName)")
            }
            return s
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws(TraceError) -> T
        where T.RawValue == String {
            let s = try string(key)
            guard let v = T(rawValue: s) else {
                let names = T.allCases.map(\.rawValue)
                let options = names.map { "\"\($0)\"" }.joined(separator: ", ")
                let hint = KeySuggestion.closest(to: s, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fail(
                    try value(key),
                    "\"\(key)\": \(TerminalText.quoted(s)) is not one of \(options)\(hint)")
            }
            return v
        }

        let t = try number("t")
        guard t >= 0 else { throw fail(try value("t"), "\"t\" must be ≥ 0 (seconds from the start of the trace)") }
        guard t <= SceneLimits.traceTime else {
            throw fail(
                try value("t"),
                "\"t\" \(SceneLimits.past(t, limit: SceneLimits.traceTime, rounded: JSONText.number)) is beyond the \(SceneLimits.points(SceneLimits.traceTime)) s (24 h) limit; times are seconds from the start of the trace"
            )
        }
        let type = try string("type")
        guard let known = TraceReader.keysByType.first(where: { $0.type == type })?.keys else {
            let hint =
                KeySuggestion.closest(to: type, among: TraceReader.types).map { "did you mean \"\($0)\"? " } ?? ""
            throw fail(
                try value("type"),
                "unknown \"type\" \(TerminalText.quoted(type)); \(hint)expected "
                    + TraceReader.types.dropLast().joined(separator: ", ") + " or " + (TraceReader.types.last ?? ""))
        }
        let allowed = ["t", "type"] + known
        for m in members where !allowed.contains(m.key) {
            let hint =
                KeySuggestion.closest(to: m.key, among: allowed).map { "; did you mean \"\($0)\"?" }
                ?? "; a \(type) event has "
                + (known.isEmpty ? "only \"t\" and \"type\"" : known.map { "\"\($0)\"" }.joined(separator: ", "))
            throw TraceError(
                line: line, column: Int(m.keyPosition.column),
                message: "unknown key \(TerminalText.quoted(m.key)) in a \(type) event\(hint)")
        }
        func phase() throws(TraceError) -> GesturePhase { try choice("phase", GesturePhase.self) }

        let kind: InputEvent.Kind
        switch type {
        case "position":
            kind = .position(Point(x: try number("x"), y: try number("y")))
        case "motion":
            kind = .motion(dx: try number("dx"), dy: try number("dy"))
        case "lift":
            kind = .lift
        case "hold":
            kind = .hold(try phase())
        case "button":
            kind = .button(try choice("button", PointerButton.self), try choice("state", ButtonState.self))
        case "scroll":
            let source = fields["source"] == nil ? ScrollSource.finger : try choice("source", ScrollSource.self)
            let p = fields["phase"] == nil ? nil : try phase()
            kind = .scroll(
                dx: try optionalNumber("dx", default: 0), dy: try optionalNumber("dy", default: 0),
                source: source, phase: p)
        case "pinch":
            kind = .pinch(
                phase: try phase(), scale: try optionalNumber("scale", default: 1),
                rotation: try optionalNumber("rotation", default: 0))
        case "swipe":
            var fingers = 3
            if fields["fingers"] != nil {
                let f = try number("fingers")
                guard f == f.rounded(), f >= 0, f <= 10 else {
                    throw fail(try value("fingers"), "\"fingers\" must be a whole number from 0 to 10")
                }
                fingers = Int(f)
            }
            kind = .swipe(
                phase: try phase(), fingers: fingers, dx: try optionalNumber("dx", default: 0),
                dy: try optionalNumber("dy", default: 0))
        case "modifiers":
            let v = try value("keys")
            guard case .array(let items) = v.kind else {
                throw fail(v, "\"keys\" must be an array like [\"ctrl\", \"shift\"]")
            }
            var set = Set<ModifierKey>()
            for item in items {
                guard case .string(let s) = item.kind, let key = ModifierKey(rawValue: s) else {
                    let shown: String
                    if case .string(let s) = item.kind { shown = TerminalText.quoted(s) } else { shown = item.kindName }
                    throw fail(item, "\"keys\": \(shown) is not one of \"shift\", \"ctrl\", \"alt\", \"super\"")
                }
                set.insert(key)
            }
            kind = .modifiers(set)
        case "key":
            kind = .key(try string("key"))
        case "acceleration":
            kind = .acceleration(try choice("curve", MotionAcceleration.self))
        case "device":
            let device = try choice("device", PointingDevice.Kind.self)
            var lifts = false
            if let v = fields["lifts"] {
                guard case .bool(let b) = v.kind else {
                    throw fail(v, "\"lifts\" must be true or false, found \(v.kindName)")
                }
                guard !b || device == .touchpad else {
                    throw fail(
                        v,
                        "\"lifts\": only a touchpad reports finger lifts; remove \"lifts\" or use \"device\":\"touchpad\""
                    )
                }
                lifts = b
            }
            kind = .device(PointingDevice(device, reportsLift: lifts))
        default:
            kind = .leave
        }
        return InputEvent(time: t, kind)
    }
}
