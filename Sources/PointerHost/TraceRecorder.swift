#if canImport(Glibc)
import Glibc
#endif
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
                return TerminalText.escaped("cannot write the trace to \(path): \(TerminalText.clause(reason)). Check the directory exists and is writable.")
            }
        }
    }

    private let handle: FileHandle
    public let path: String
    private var buffer = ""
    /// Set when a write failed (a full disk): recording stops, the session goes on.
    public private(set) var failure: String?
    /// Told once when recording stops because of a write failure.
    public var log: (String) -> Void = { _ in }

    /// `inputs` are files the session reads (the scene): recording over one is refused.
    public init(path: String, inputs: [String] = []) throws {
        self.path = path
        if inputs.contains(where: { OutputFile.sameFile($0, path) }) {
            throw RecordError.cannotOpen(path: path, reason: "it is the scene file this command reads; recording there would destroy it")
        }
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
        guard failure == nil else { return }
        buffer += TraceRecorder.line(for: event) + "\n"
        if buffer.utf8.count > 16_384 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty, failure == nil else { return }
        // POSIX write, so a full disk is an error number to report (FileHandle.write traps).
        var failed: Int32?
        var text = buffer
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let n = Glibc.write(handle.fileDescriptor, base + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += n
            }
        }
        buffer = ""
        if let e = failed {
            let reason = e == ENOSPC ? "no space left on device (the disk is full)" : String(cString: strerror(e))
            failure = reason
            log(TerminalText.escaped("recording to \(path) stopped: \(reason); the session goes on"))
        }
    }

    /// One trace line for an event (TraceWriter's format).
    public static func line(for event: InputEvent) -> String { TraceWriter.line(event) }
}
