import Foundation
import PointerCore

/// `run --record FILE`: appends every InputEvent the session receives to FILE
/// as a trace (docs/trace-format.md), times relative to the session start. Only
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
        // Key presses (e.g. escape) reach the engine but never the file: a
        // recording holds modifier sets only, never what was typed.
        if case .key = event.kind { return }
        buffer += TraceRecorder.line(for: event) + "\n"
        if buffer.utf8.count > 16_384 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    /// One trace line for an event (TraceWriter's format).
    public static func line(for event: InputEvent) -> String { TraceWriter.line(event) }
}
