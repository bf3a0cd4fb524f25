import Foundation
import PointerCore
import PointerTrace
import SceneFormat
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// What the GL tests share: a surfaceless context, the bundled scenes with
/// their traces, the frames and key moments of each.
enum GLTestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let assets = packageRoot.appendingPathComponent("Assets")
    static let shaderFolder = packageRoot.appendingPathComponent("Shaders")

    /// A surfaceless GLES 3 context. The packages that provide it (libegl-mesa0,
    /// libgl1-mesa-dri) are in scripts/install-deps.sh: when it cannot start, the
    /// GL renderer is untested, and that is a failure, not a skip.
    static func context() throws -> GLContext {
        do { return try GLContext(platform: .surfaceless) } catch {
            Issue.record(
                "no surfaceless EGL/GLES 3 context: \(error). Install the packages of scripts/install-deps.sh.")
            throw error
        }
    }

    /// Bundled scene names (Assets/Scenes/*.json, sorted).
    static var sceneNames: [String] {
        let dir = assets.appendingPathComponent("Scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    struct Played {
        let scene: Scene
        let frames: [PointerFrame]
        let canvas: Size
        let outputSize: Size?
        let plan: SheetPlan
    }

    /// The scene played through its demo trace at 30 fps, with the contact
    /// sheet's key moments (SheetPlan), as `adaptive-pointer render` picks them.
    static func play(_ name: String) throws -> Played {
        let scene = try SceneLoader.load(path: assets.appendingPathComponent("Scenes/\(name).json").path)
        let trace = assets.appendingPathComponent("Traces/\(name).jsonl")
        let events = FileManager.default.fileExists(atPath: trace.path) ? try TraceReader.read(path: trace.path) : []
        var frames: [PointerFrame] = []
        if events.isEmpty {
            frames = [PointerEngine(scene: scene).frame(at: 0)]
        } else {
            Replay.frames(scene: scene, events: events, fps: 30) { frames.append($0) }
        }
        // A scene without a canvas size is drawn on a stage holding its regions and the
        // pointer's path, as `render` does.
        var output: Size?
        if scene.canvas.size == nil {
            var b = SceneLayout(scene: scene).regions.reduce(Rect(x: 0, y: 0, width: 320, height: 200)) {
                $0.union($1.frame)
            }
            for f in frames {
                b = b.union(f.visible.frame.insetBy(dx: -40, dy: -40))
                if let m = f.menu { b = b.union(m.frame.insetBy(dx: -40, dy: -40)) }
            }
            output = Size(width: b.maxX.rounded(.up), height: b.maxY.rounded(.up))
        }
        let canvas = scene.canvas.size ?? output ?? Size(width: 320, height: 200)
        return Played(
            scene: scene, frames: frames, canvas: canvas, outputSize: output,
            plan: SheetPlan(frames: frames, canvas: canvas))
    }

    /// The Cairo and GL renderers of a played scene.
    static func renderers(_ p: Played, scale: Double, context: GLContext) throws -> (SceneRenderer, GLSceneRenderer) {
        let cairo = try SceneRenderer(scene: p.scene, scale: scale)
        cairo.outputSize = p.outputSize
        let gl = try GLSceneRenderer(
            scene: p.scene, scale: scale, context: context,
            shaders: try ShaderSources.folder(shaderFolder))
        gl.outputSize = p.outputSize
        return (cairo, gl)
    }

    /// `cell`'s window in device pixels.
    static func pixels(_ r: Rect, scale: Double) -> (x: Int, y: Int, width: Int, height: Int) {
        (
            Int((r.minX * scale).rounded(.down)), Int((r.minY * scale).rounded(.down)),
            Int((r.width * scale).rounded(.up)), Int((r.height * scale).rounded(.up))
        )
    }
}
