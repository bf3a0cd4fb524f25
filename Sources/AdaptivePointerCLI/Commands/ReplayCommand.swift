import ArgumentParser
import Foundation
import PointerCore

/// `adaptive-pointer replay SCENE TRACE --fps N --states FILE|-`: feeds a trace to
/// the engine and writes one frame-dump JSON object per line (TRACE-FORMAT.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an input trace against a scene and dump the pointer frames.",
        discussion: "Frames are sampled at 0, 1/N, 2/N, … until the last event has been handled and nothing animates any more (at most 10 s later). A malformed trace is reported with its line number and nothing is written.")

    @Argument(help: "Scene file (JSON, SCENE-FORMAT.md).")
    var scene: String

    @Argument(help: "Trace file (JSON Lines, TRACE-FORMAT.md).")
    var trace: String

    @Option(help: "Frames per second to sample.")
    var fps: Double = 60

    @Option(help: "Where to write the frame dump: a file, or - for standard output.")
    var states: String = "-"

    /// A guard against traces with absolute clock times (hours of frames).
    static let maxFrames = 5_000_000.0

    func validate() throws {
        guard fps > 0, fps <= 10_000 else { throw ValidationError("--fps must be between 0 and 10000 (got \(fps))") }
    }

    func run() throws {
        let loaded: Scene
        do {
            loaded = try SceneLoader.load(path: scene)
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
            FileHandle.standardError.write(Data("\(trace): the trace spans \(Int(span)) s; at \(fps) fps that is more than \(Int(Self.maxFrames)) frames. Lower --fps or shorten the trace (times are seconds from the start).\n".utf8))
            throw ExitCode(1)
        }
        let text = Replay.dump(scene: loaded, events: events, fps: fps)
        if states == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
        } else {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: states))
            } catch {
                FileHandle.standardError.write(Data("cannot write \(states): \(error.localizedDescription)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
