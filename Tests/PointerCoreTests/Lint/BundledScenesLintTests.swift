import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat
@testable import SceneLint

/// The scenes we ship are the examples designers copy: they load and are lint-clean.
@Suite struct BundledScenesLintTests {
    static let scenes: [URL] = {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/Scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }()

    @Test("C18 D22 every bundled scene is lint-clean (no errors, no warnings)")
    func lintClean() throws {
        #expect(!Self.scenes.isEmpty)
        for url in Self.scenes {
            let scene = try SceneLoader.load(path: url.path)
            let findings = SceneLinter.lint(scene)
            #expect(findings.isEmpty, "\(url.lastPathComponent): \(findings.map { "[\($0.rule)] \($0.message)" })")
        }
    }

    @Test("every bundled scene has a demo trace with the same base name")
    func tracesExist() {
        for url in Self.scenes {
            let trace = url.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Traces/" + url.deletingPathExtension().lastPathComponent + ".jsonl")
            #expect(FileManager.default.fileExists(atPath: trace.path), "missing \(trace.lastPathComponent)")
        }
    }

    @Test(
        "every demo trace reads, is realistic (motion about every 8 ms, lifts, clicks) and visits the scene's controls")
    func tracesAreRealistic() throws {
        for url in Self.scenes {
            let name = url.deletingPathExtension().lastPathComponent
            let trace = url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Traces/\(name).jsonl")
            guard FileManager.default.fileExists(atPath: trace.path) else { continue }
            let events = try TraceReader.read(path: trace.path)
            #expect(events.count > 100, "\(name): only \(events.count) events")
            let motionTimes = events.compactMap { e -> Double? in
                switch e.kind {
                case .motion, .position: return e.time
                default: return nil
                }
            }
            let steps = zip(motionTimes.dropFirst(), motionTimes).map { $0 - $1 }.filter { $0 > 0 && $0 < 0.05 }
                .sorted()
            let median = steps.isEmpty ? 0 : steps[steps.count / 2]
            #expect(median > 0.006 && median < 0.018, "\(name): median motion interval \(median) s")
            let lifts = events.filter { if case .lift = $0.kind { return true } else { return false } }.count
            #expect(lifts > 0 || name == "demo", "\(name): no lifts")
            // The pointer meets at least one control (a target) during the demo.
            let scene = try SceneLoader.load(path: url.path)
            guard !scene.regions.isEmpty else { continue }
            let engine = PointerEngine(scene: scene)
            var targets = Set<String>()
            for e in events {
                engine.handle(e)
                if let t = engine.frame(at: e.time).target { targets.insert(t) }
            }
            #expect(targets.count >= 3, "\(name): visits only \(targets.sorted())")
        }
    }
}
