import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import PointerTrace
import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// `adaptive-pointer replay SCENE TRACE --fps N --states FILE|-`: feeds a trace to
/// the engine and writes one frame-dump JSON object per line (docs/trace-format.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an input trace against a scene and dump the pointer frames.",
        discussion:
            "Frames are sampled at 0, 1/N, 2/N, … until the last event has been handled and nothing animates any more (at most 10 s later). A malformed trace is reported with its line number and nothing is written. Each line is a frame-dump object, described with its transform semantics in docs/trace-format.md (\"Frame dumps\")."
    )

    @Argument(help: "Scene file (JSON; the format: docs/scene-format.md).")
    var scene: String

    @Argument(help: "Trace file (JSON Lines; the format: docs/trace-format.md).")
    var trace: String

    // `.unconditional`: `--fps -1` is refused with the reason, not "Missing value".
    @Option(parsing: .unconditional, help: "Frames per second to sample.")
    var fps: Double = 60

    @Option(help: "Where to write the frame dump: a file (replaced only once complete), or - for standard output.")
    var states: String = "-"

    /// A guard against traces with absolute clock times (hours of frames): `SceneLimits.replayFrames`.
    static let maxFrames = Double(SceneLimits.replayFrames)

    func validate() throws {
        guard fps > 0, fps <= 10_000 else {
            throw ValidationError(
                "--fps must be greater than 0 and at most 10000 (got \(fps)); 60 matches most displays")
        }
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((TerminalText.escaped(message) + "\n").utf8))
        return ExitCode(.failure)
    }

    func run() throws {
        let loaded: Scene
        do {
            loaded = try SceneLoader.load(path: (try? AssetLocator.resolveScene(scene)) ?? scene)
        } catch {
            for d in error.diagnostics { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            throw ExitCode(.failure)
        }
        // Never over an input. A file is written aside and renamed over --states at the
        // end, so a full disk or a bad trace found halfway leaves the old file whole.
        let output: OutputFile?
        if states == "-" {
            output = nil
        } else {
            do {
                output = try OutputFile(path: states, inputs: [(scene, "the scene file"), (trace, "the trace file")])
            } catch {
                throw Self.fail(
                    error.code == nil
                        ? "\(error)" : "\(error); pass a writable file path for --states, or - for standard output")
            }
        }
        // The trace is read a piece at a time, so memory stays flat however long it is.
        // Standard output or a device cannot take back what it got: there the whole
        // trace is checked first (a bad trace writes nothing), then read again.
        let checkFirst = output?.writesInPlace ?? true
        if checkFirst {
            do {
                try TraceReader.read(path: trace) { event throws(TraceError) in try checkSpan(upTo: event.time) }
            } catch {
                output?.abort()
                throw Self.fail("\(error)")
            }
        }
        // Streamed in 1 MiB chunks: a long recorded session is millions of frames.
        var chunk = ""
        var failure: String?
        func flush() {
            if let output {
                do { try output.write(chunk) } catch { failure = error.description }
            } else if let e = Self.writeAll(STDOUT_FILENO, chunk) {
                failure = "cannot write standard output: \(e)"
            }
            chunk = ""
        }
        func emit(_ frame: PointerFrame) {
            guard failure == nil else { return }
            chunk += FrameDumpWriter.line(frame)
            chunk += "\n"
            if chunk.utf8.count >= 1 << 20 { flush() }
        }
        var sampler = Replay.Sampler(scene: loaded, fps: fps)
        do {
            try TraceReader.read(path: trace) { event throws(TraceError) in
                // Before any frame up to the event: the work stays within the frame limit.
                try checkSpan(upTo: event.time)
                sampler.feed(event, emit)
                // A write failed (a full disk): stop reading; the failure is reported below.
                if failure != nil { throw TraceError(line: 0, message: "stopped") }
            }
            sampler.finish(emit)
        } catch {
            if failure == nil {
                output?.abort()
                throw Self.fail("\(error)")
            }
        }
        if failure == nil, !chunk.isEmpty { flush() }
        if failure == nil, let output {
            do { try output.commit() } catch { failure = error.description }
        }
        if let failure {
            output?.abort()
            throw Self.fail(failure)
        }
    }

    /// The frame limit (`SceneLimits.replayFrames`): a trace with absolute clock times
    /// would be hours of frames. Checked as each event arrives.
    private func checkSpan(upTo time: Double) throws(TraceError) {
        let span = time + Replay.maxSettle
        guard span * fps > Self.maxFrames else { return }
        // `span` is at most a day here (the trace time limit), but print it without converting a huge value to Int.
        let seconds = span < 1e12 ? String(Int(span)) : String(span)
        throw TraceError(
            line: 0,
            message:
                "the trace spans \(seconds) s; at \(fps) fps that is more than \(Int(Self.maxFrames)) frames. Lower --fps or shorten the trace (times are seconds from the start)."
        )
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
}
