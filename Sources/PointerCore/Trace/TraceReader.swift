import Foundation

/// Reads a trace (JSON Lines, docs/trace-format.md) into input events. Blank lines
/// are skipped; any malformed line is an error naming its line number, and
/// nothing is returned for a trace with an error.
public enum TraceReader {
    public static func read(path: String) throws -> [InputEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(file: path, line: 0, message: "cannot read the trace file: \(unreadableReason(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(file: path, line: firstNonUTF8Line(data),
                             message: "not UTF-8 text; save the trace as UTF-8 JSON Lines")
        }
        do {
            return try parse(text)
        } catch var e as TraceError {
            e.file = path
            throw e
        }
    }

    public static func parse(_ text: String) throws -> [InputEvent] {
        var events: [InputEvent] = []
        var lastTime = -Double.infinity
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let event = try parseLine(line, number: lineNumber)
            if event.time < lastTime {
                throw TraceError(line: lineNumber, message: "t \(event.time) is earlier than the previous event's \(lastTime); times must not decrease")
            }
            lastTime = event.time
            events.append(event)
        }
        return events
    }

    public static func parseLine(_ line: String, number lineNumber: Int) throws -> InputEvent {
        func fail(_ message: String) -> TraceError { TraceError(line: lineNumber, message: message) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [])
        } catch {
            throw fail("invalid JSON: \(jsonErrorSummary(error)); each line must be one JSON object like {\"t\":0,\"type\":\"lift\"}")
        }
        guard let o = object as? [String: Any] else { throw fail("expected a JSON object like {\"t\":0,\"type\":\"motion\",...}") }

        func number(_ key: String) throws -> Double {
            guard let v = o[key] else { throw fail("missing \"\(key)\"") }
            // JSON booleans arrive as NSNumber with type "c"; they are not numbers.
            guard let n = v as? NSNumber, String(cString: n.objCType) != "c" else {
                throw fail("\"\(key)\" must be a number")
            }
            let d = n.doubleValue
            guard d.isFinite else { throw fail("\"\(key)\" must be a finite number") }
            return d
        }
        func string(_ key: String) throws -> String {
            guard let v = o[key] else { throw fail("missing \"\(key)\"") }
            guard let s = v as? String else { throw fail("\"\(key)\" must be a string") }
            return s
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws -> T where T.RawValue == String {
            let s = try string(key)
            guard let v = T(rawValue: s) else {
                let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw fail("\"\(key)\": \"\(s)\" is not one of \(options)")
            }
            return v
        }
        func phase() throws -> GesturePhase { try choice("phase", GesturePhase.self) }

        let t = try number("t")
        guard t >= 0 else { throw fail("\"t\" must be ≥ 0 (seconds)") }
        let type = try string("type")
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
            let source = o["source"] == nil ? ScrollSource.finger : try choice("source", ScrollSource.self)
            let p = o["phase"] == nil ? nil : try phase()
            kind = .scroll(dx: o["dx"] == nil ? 0 : try number("dx"), dy: o["dy"] == nil ? 0 : try number("dy"),
                           source: source, phase: p)
        case "pinch":
            kind = .pinch(phase: try phase(), scale: o["scale"] == nil ? 1 : try number("scale"),
                          rotation: o["rotation"] == nil ? 0 : try number("rotation"))
        case "swipe":
            var fingers = 3
            if o["fingers"] != nil {
                let f = try number("fingers")
                guard f == f.rounded(), f >= 0, f <= 10 else { throw fail("\"fingers\" must be a whole number from 0 to 10") }
                fingers = Int(f)
            }
            kind = .swipe(phase: try phase(), fingers: fingers, dx: o["dx"] == nil ? 0 : try number("dx"),
                          dy: o["dy"] == nil ? 0 : try number("dy"))
        case "modifiers":
            guard let keys = o["keys"] as? [Any] else { throw fail("\"keys\" must be an array like [\"ctrl\", \"shift\"]") }
            var set = Set<ModifierKey>()
            for k in keys {
                guard let s = k as? String, let key = ModifierKey(rawValue: s) else {
                    throw fail("\"keys\": \(k) is not one of \"shift\", \"ctrl\", \"alt\", \"super\"")
                }
                set.insert(key)
            }
            kind = .modifiers(set)
        case "leave":
            kind = .leave
        case "key":
            kind = .key(try string("key"))
        case "acceleration":
            kind = .acceleration(try choice("curve", MotionAcceleration.self))
        default:
            throw fail("unknown \"type\" \"\(type)\"; expected position, motion, lift, hold, button, scroll, pinch, swipe, modifiers, key, acceleration or leave")
        }
        return InputEvent(time: t, kind)
    }

    static func unreadableReason(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file; check the path" }
        if isDirectory.boolValue { return "it is a directory; give the path of a .jsonl file" }
        return "permission denied"
    }

    /// The 1-based line holding the first byte sequence that is not UTF-8.
    static func firstNonUTF8Line(_ data: Data) -> Int {
        var line = 1
        for raw in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: raw, as: UTF8.self) == nil { return line }
            line += 1
        }
        return 0
    }

    private static func jsonErrorSummary(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "malformed JSON"
    }
}
