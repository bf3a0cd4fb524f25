import Foundation
import PointerCore
import PointerTrace
import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// `run --record FILE`: appends every InputEvent the session receives to FILE
/// as a trace (docs/trace-format.md), times relative to the session start. Only
/// modifier *sets* are ever written; key symbols never reach this type.
public final class TraceRecorder {
    public enum RecordError: Error, CustomStringConvertible {
        case cannotOpen(path: String, reason: String)
        /// FILE is the scene (however spelt: a symlink, a hard link, another path).
        case isInput(path: String, what: String)
        public var description: String {
            switch self {
            case .cannotOpen(let path, let reason):
                return TerminalText.escaped(
                    "cannot write the trace to \(path): \(TerminalText.clause(reason)). Check the directory exists and is writable."
                )
            case .isInput(let path, let what):
                return TerminalText.escaped(
                    "not recording to \(path): it is \(what) this command reads (the same file, "
                        + "through a link or another path), and recording there would destroy it. Give --record another file name."
                )
            }
        }
    }

    private let handle: FileHandle
    public let path: String
    /// A device, a named pipe or a socket: written into as it is, never replaced.
    public let writesInPlace: Bool
    private var buffer = ""
    /// Set when a write failed (a full disk): recording stops, the session goes on.
    public private(set) var failure: String?
    /// Told once when recording stops because of a write failure.
    public var log: (String) -> Void = { _ in }

    /// `inputs` are files the session reads (the scene): recording over one is refused.
    /// A regular file (or a new one) is truncated and written; a character device, a
    /// named pipe or a socket is written into directly, so `--record /dev/null` never
    /// replaces /dev/null with a regular file. A pipe nobody reads is refused, not waited on.
    public init(path: String, inputs: [String] = []) throws {
        self.path = path
        if inputs.contains(where: { OutputFile.sameFile($0, path) }) {
            throw RecordError.isInput(path: path, what: "the scene file")
        }
        var info = stat()
        let exists = stat(path, &info) == 0
        let kind = exists ? info.st_mode & S_IFMT : S_IFREG
        if kind == S_IFDIR {
            throw RecordError.cannotOpen(path: path, reason: "it is a directory; give a file path")
        }
        let special = exists && kind != S_IFREG
        let flags =
            special
            ? O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
            : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            let e = errno
            switch e {
            case ENXIO where kind == S_IFIFO:
                throw RecordError.cannotOpen(
                    path: path, reason: "it is a named pipe that no program is reading; start the reader first")
            case ENXIO where kind == S_IFSOCK:
                throw RecordError.cannotOpen(path: path, reason: "it is a socket, which cannot be opened as a file")
            default:
                throw RecordError.cannotOpen(path: path, reason: InputFile.reason(openErrno: e))
            }
        }
        if kind == S_IFIFO {
            // A reader that goes away is a write error (EPIPE) to report, not a signal that ends the session.
            signal(SIGPIPE, SIG_IGN)
        }
        if special {
            // Opened without blocking only so a pipe with no reader is refused; writes block as usual.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        writesInPlace = special
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    deinit {
        flush()
        try? handle.close()
    }

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
            let reason =
                e == ENOSPC
                ? "no space left on device (the disk is full)"
                : e == EPIPE ? "the program reading the pipe went away" : InputFile.systemMessage(e)
            failure = reason
            log(TerminalText.escaped("recording to \(path) stopped: \(reason); the session goes on"))
        }
    }

    /// One trace line for an event (TraceWriter's format).
    public static func line(for event: InputEvent) -> String { TraceWriter.line(event) }
}
