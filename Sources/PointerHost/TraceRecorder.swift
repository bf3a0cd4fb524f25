import Foundation
import PointerCore

/// `run --record FILE`: appends every InputEvent the session receives to FILE
/// as a trace (TRACE-FORMAT.md), times relative to the session start. Only
/// modifier *sets* are ever written; key symbols never reach this type.
public final class TraceRecorder {
    public enum RecordError: Error, CustomStringConvertible {
        case cannotOpen(path: String, reason: String)
        public var description: String {
            switch self {
            case .cannotOpen(let path, let reason):
                return "cannot write the trace to \(path): \(reason). Check the directory exists and is writable."
            }
        }
    }

    private let handle: FileHandle
    public let path: String
    private var buffer = ""

    public init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RecordError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        guard let h = FileHandle(forWritingAtPath: path) else {
            throw RecordError.cannotOpen(path: path, reason: "open failed")
        }
        handle = h
    }

    deinit { flush(); try? handle.close() }

    public func record(_ event: InputEvent) {
        buffer += TraceRecorder.line(for: event) + "\n"
        if buffer.utf8.count > 16_384 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    /// One trace line for an event (keys in the order TRACE-FORMAT.md shows them).
    public static func line(for event: InputEvent) -> String {
        var fields: [(String, String)] = [("t", number(event.time, places: 4))]
        func str(_ s: String) -> String { "\"\(s)\"" }
        switch event.kind {
        case .position(let p):
            fields += [("type", str("position")), ("x", number(p.x)), ("y", number(p.y))]
        case .motion(let dx, let dy):
            fields += [("type", str("motion")), ("dx", number(dx)), ("dy", number(dy))]
        case .lift:
            fields += [("type", str("lift"))]
        case .hold(let phase):
            fields += [("type", str("hold")), ("phase", str(phase.rawValue))]
        case .button(let button, let state):
            fields += [("type", str("button")), ("button", str(button.rawValue)), ("state", str(state.rawValue))]
        case .scroll(let dx, let dy, let source, let phase):
            fields += [("type", str("scroll")), ("dx", number(dx)), ("dy", number(dy)), ("source", str(source.rawValue))]
            if let phase { fields.append(("phase", str(phase.rawValue))) }
        case .pinch(let phase, let scale, let rotation):
            fields += [("type", str("pinch")), ("phase", str(phase.rawValue)),
                       ("scale", number(scale)), ("rotation", number(rotation))]
        case .swipe(let phase, let fingers, let dx, let dy):
            fields += [("type", str("swipe")), ("phase", str(phase.rawValue)), ("fingers", String(fingers)),
                       ("dx", number(dx)), ("dy", number(dy))]
        case .modifiers(let keys):
            let list = keys.sorted().map { str($0.rawValue) }.joined(separator: ",")
            fields += [("type", str("modifiers")), ("keys", "[\(list)]")]
        case .leave:
            fields += [("type", str("leave"))]
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// Shortest decimal with at most `places` decimals ("400", "6.5", "0.008").
    static func number(_ v: Double, places: Int = 3) -> String {
        guard v.isFinite else { return "0" }
        var s = String(format: "%.\(places)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
