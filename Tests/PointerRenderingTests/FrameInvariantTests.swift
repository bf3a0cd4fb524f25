import Foundation
import PointerCore
import PointerTrace
import SceneFormat
import Testing

@testable import PointerRendering

/// Every frame of every bundled scene's demo trace, and of the test fixtures
/// (their own trace, else a generated sweep over their controls), meets the
/// four frame invariants (see `FrameInvariantChecker`): content over pointer,
/// a contrasting circle without outline, no effect while hidden, no jumps.
@Suite struct FrameInvariantTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Frames per second sampled: the `render` command's default.
    static let fps = 30.0

    struct Session: CustomStringConvertible, Sendable {
        let name: String
        let scenePath: String?
        let tracePath: String?
        var description: String { name }
    }

    static var sessions: [Session] {
        var out: [Session] = []
        let fm = FileManager.default
        func jsons(_ dir: String) -> [String] {
            let d = root.appendingPathComponent(dir)
            return ((try? fm.contentsOfDirectory(atPath: d.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                .map { d.appendingPathComponent($0).path }
        }
        for scene in jsons("Assets/Scenes") {
            let base = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let trace = root.appendingPathComponent("Assets/Traces/\(base).jsonl").path
            out.append(Session(name: base, scenePath: scene, tracePath: fm.fileExists(atPath: trace) ? trace : nil))
        }
        let fixtureDirs = [
            "Tests/PointerCoreTests/Fixtures", "Tests/WaylandBackendTests/Fixtures",
            "Tests/X11BackendTests/Fixtures", "Tests/Fixtures/SchemaCases/good",
        ]
        for dir in fixtureDirs {
            for scene in jsons(dir) {
                let trace = String(scene.dropLast(".json".count)) + ".jsonl"
                let name = "fixture " + URL(fileURLWithPath: scene).lastPathComponent
                out.append(Session(name: name, scenePath: scene, tracePath: fm.fileExists(atPath: trace) ? trace : nil))
            }
        }
        out.append(Session(name: "fixture stage (rendering tests)", scenePath: nil, tracePath: nil))
        return out
    }

    @Test("frame invariants hold on every frame", arguments: sessions)
    func invariants(_ session: Session) throws {
        let scene = try session.scenePath.map { try SceneLoader.load(path: $0) } ?? Fixtures.stage
        let checker = try FrameInvariantChecker(name: session.name, scene: scene)
        let events =
            try session.tracePath.map { try TraceReader.read(path: $0) }
            ?? SweepTrace.events(for: scene, canvas: checker.renderer.canvasSize)
        var failure: Error?
        Replay.frames(scene: scene, events: events, fps: Self.fps) { frame in
            guard failure == nil else { return }
            do { try checker.check(frame) } catch { failure = error }
        }
        if let failure { throw failure }
        print("frame invariants — \(checker.summary)")
        let report = "\(checker.summary)\n" + checker.findings.map { "  \($0)" }.joined(separator: "\n")
        #expect(checker.findings.isEmpty, "\(report)")
    }
}
