import Foundation
import Testing
@testable import PointerCore

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
}
