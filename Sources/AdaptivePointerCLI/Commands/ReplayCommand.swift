import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PointerCore
import PointerHost

/// `adaptive-pointer replay SCENE TRACE --fps N --states FILE|-`: feeds a trace to
/// the engine and writes one frame-dump JSON object per line (docs/trace-format.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an input trace against a scene and dump the pointer frames.",
        discussion: "Frames are sampled at 0, 1/N, 2/N, … until the last event has been handled and nothing animates any more (at most 10 s later). A malformed trace is reported with its line number and nothing is written. Each line is a frame-dump object, described with its transform semantics in docs/trace-format.md (\"Frame dumps\").")

    @Argument(help: "Scene file (JSON; the format: docs/scene-format.md).")
    var scene: String

    @Argument(help: "Trace file (JSON Lines; the format: docs/trace-format.md).")
    var trace: String

    @Option(help: "Frames per second to sample.")
    var fps: Double = 60

    @Option(help: "Where to write the frame dump: a file, or - for standard output.")
    var states: String = "-"

    /// A guard against traces with absolute clock times (hours of frames).
    static let maxFrames = 5_000_000.0

    func validate() throws {
        guard fps > 0, fps <= 10_000 else {
            throw ValidationError("--fps must be greater than 0 and at most 10000 (got \(fps)); 60 matches most displays")
        }
    }

    /// Writes all of `text` to `fd`; nil on success, else the system's reason
    /// ("No space left on device").
    static func writeAll(_ fd: Int32, _ text: String) -> String? {
        var failure: String?
        var copy = text
        copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let n = Glibc.write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        return failure
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(1)
    }

    func run() throws {
        let loaded: Scene
        do {
            loaded = try SceneLoader.load(path: (try? AssetLocator.resolveScene(scene)) ?? scene)
        } catch {
            for d in error.diagnostics { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            throw ExitCode(1)
        }
        let events: [InputEvent]
        do {
            events = try TraceReader.read(path: trace)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
        let span = (events.last?.time ?? 0) + Replay.maxSettle
        if span * fps > Self.maxFrames {
            // `span` can be as large as 1e308 here: print it without converting to Int (which would trap).
            let seconds = span < 1e12 ? String(Int(span)) : String(span)
            FileHandle.standardError.write(Data("\(trace): the trace spans \(seconds) s; at \(fps) fps that is more than \(Int(Self.maxFrames)) frames. Lower --fps or shorten the trace (times are seconds from the start).\n".utf8))
            throw ExitCode(1)
        }
        // Opened only now that scene and trace are known good: a bad input writes
        // nothing. POSIX calls, so a failure names the system's reason ("Is a
        // directory") rather than Foundation's "error 512".
        let fd: Int32
        if states == "-" {
            fd = STDOUT_FILENO
        } else {
            fd = open(states, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw Self.fail("cannot write \(states): \(String(cString: strerror(errno))); pass a writable file path for --states, or - for standard output")
            }
        }
        defer { if fd != STDOUT_FILENO { close(fd) } }
        // Streamed in 1 MiB chunks: a long recorded session is millions of frames.
        var chunk = ""
        var failure: String?
        Replay.frames(scene: loaded, events: events, fps: fps) { frame in
            guard failure == nil else { return }
            chunk += FrameDumpWriter.line(frame)
            chunk += "\n"
            if chunk.utf8.count >= 1 << 20 {
                failure = Self.writeAll(fd, chunk)
                chunk = ""
            }
        }
        if failure == nil, !chunk.isEmpty { failure = Self.writeAll(fd, chunk) }
        if let failure {
            throw Self.fail("cannot write \(states == "-" ? "standard output" : states): \(failure)")
        }
    }
}
