import Foundation
import Testing
import PointerCore
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
                if let s = r.content?.symbol { #expect(SymbolSet.contains(s), "\(file.lastPathComponent): \(r.id) uses unknown symbol '\(s)'") }
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
            let events = FileManager.default.fileExists(atPath: trace.path) ? try TraceReader.read(path: trace.path) : []
            let engine = PointerEngine(scene: scene)
            let t = (events.last?.time ?? 0) / 2
            for e in events where e.time <= t { engine.handle(e) }
            let frame = engine.frame(at: t)
            let renderer = try SceneRenderer(scene: scene, scale: 1)
            let image = try renderer.render(frame: frame)
            #expect(image.width == renderer.pixelWidth, "\(file.lastPathComponent)")
        }
    }

    /// A flicker is a colour change the motion doesn't explain: between two 60 fps
    /// frames the fill (as seen over mid-grey) may change by 0.03 plus 0.2 per
    /// pointer diameter travelled — crossing a hard edge at 1 pt per frame allows
    /// ~0.04, a fast sweep across a busy quilt more.
    @Test("D20 along every bundled demo trace the pointer's colour never jumps more than its motion explains")
    func materialNeverFlickers() throws {
        for file in Self.sceneFiles {
            let scene = try SceneLoader.load(path: file.path)
            let trace = Self.assets.appendingPathComponent("Traces")
                .appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".jsonl")
            guard FileManager.default.fileExists(atPath: trace.path) else { continue }
            let events = try TraceReader.read(path: trace.path)
            let renderer = try SceneRenderer(scene: scene, scale: 1)
            // The live stage around the pointer (without it), as a draw call sees it.
            let stage = try SceneRenderer(scene: scene, scale: 1)
            stage.drawsPointer = false
            var previous: (seen: Double, frame: Rect)?
            var worst = (excess: 0.0, step: 0.0, time: 0.0)
            var failure: Error?
            Replay.frames(scene: scene, events: events, fps: 60) { frame in
                guard failure == nil, !frame.hidden else { previous = nil; return }
                do {
                    let ring = renderer.materialRing(frame)
                    let around = try ImageSurface(width: Int(ring.width.rounded(.up)) + 1, height: Int(ring.height.rounded(.up)) + 1)
                    try stage.draw(frame: frame, into: around, origin: ring.origin)
                    let drawn = stage.drawnSampler(ctx: try CairoContext(surface: around), origin: ring.origin)
                    let m = try renderer.material(for: frame, highlight: 0, drawn: drawn)
                    let seen = m.fill.r * m.fill.a + (1 - m.fill.a) * 0.5
                    let f = frame.visible.frame
                    if let p = previous {
                        let moved = p.frame.center.distance(to: f.center)
                            + abs(p.frame.width - f.width) + abs(p.frame.height - f.height)
                        let allowed = 0.03 + 0.2 * moved / scene.pointer.diameter
                        let step = abs(seen - p.seen)
                        if step - allowed > worst.excess { worst = (step - allowed, step, frame.time) }
                    }
                    previous = (seen, f)
                } catch { failure = error }
            }
            if let failure { throw failure }
            #expect(worst.excess <= 0, "\(file.lastPathComponent): colour step \(worst.step) at t = \(worst.time) exceeds its motion by \(worst.excess)")
        }
    }
}
