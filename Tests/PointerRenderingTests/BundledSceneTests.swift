import Foundation
import PointerCore
import PointerTrace
import SceneFormat
import Testing

@testable import PointerRendering

/// The bundled scenes (Assets/Scenes) render with their demo traces.
@Suite struct BundledSceneTests {
    static let assets = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets")

    static var sceneFiles: [URL] {
        let dir = assets.appendingPathComponent("Scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test("every symbol a bundled scene names is in the built-in set")
    func symbolsExist() throws {
        for file in Self.sceneFiles {
            let scene = try SceneLoader.load(path: file.path)
            func visit(_ r: Region) {
                if let s = r.content?.symbol {
                    #expect(SymbolSet.contains(s), "\(file.lastPathComponent): \(r.id) uses unknown symbol '\(s)'")
                }
                r.regions.forEach(visit)
            }
            scene.regions.forEach(visit)
        }
    }

    @Test("every bundled scene renders its demo trace mid-way, with the pointer visible on a stage")
    func scenesRender() throws {
        for file in Self.sceneFiles {
            let scene = try SceneLoader.load(path: file.path)
            let trace = Self.assets.appendingPathComponent("Traces")
                .appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".jsonl")
            let events =
                FileManager.default.fileExists(atPath: trace.path) ? try TraceReader.read(path: trace.path) : []
            let engine = PointerEngine(scene: scene)
            let t = (events.last?.time ?? 0) / 2
            for e in events where e.time <= t { engine.handle(e) }
            let frame = engine.frame(at: t)
            let renderer = try SceneRenderer(scene: scene, scale: 1)
            let image = try renderer.render(frame: frame)
            #expect(image.width == renderer.pixelWidth, "\(file.lastPathComponent)")
        }
    }
}
