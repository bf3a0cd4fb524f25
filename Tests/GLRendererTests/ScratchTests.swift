import Foundation
import Testing
import PointerCore
@testable import PointerRendering
@testable import GLRenderer

@Suite struct ScratchTests {
    @Test func scratch() throws {
        let ctx = try GLContext(platform: .surfaceless)
        let dir = URL(fileURLWithPath: "/work/wt-gpu-12/Assets")
        let names = (ProcessInfo.processInfo.environment["SCENES"] ?? "demo,map,toolbar").split(separator: ",").map(String.init)
        let scale = Double(ProcessInfo.processInfo.environment["SCALE"] ?? "1") ?? 1
        for name in names {
            let scene = try SceneLoader.load(path: dir.appendingPathComponent("Scenes/\(name).json").path)
            let events = (try? TraceReader.read(path: dir.appendingPathComponent("Traces/\(name).jsonl").path)) ?? []
            var frames: [PointerFrame] = []
            Replay.frames(scene: scene, events: events, fps: 30) { frames.append($0) }
            let cairo = try SceneRenderer(scene: scene, scale: scale)
            let gl = try GLSceneRenderer(scene: scene, scale: scale, context: ctx)
            let plan = SheetPlan(frames: frames, canvas: cairo.canvasSize)
            for cell in plan.cells {
                let f = frames[cell.frameIndex]
                let a = try cairo.render(frame: f)
                if cell.frameIndex > 0 { _ = try gl.render(frame: frames[cell.frameIndex - 1]) }
                if ProcessInfo.processInfo.environment["TWICE"] != nil { _ = try gl.render(frame: f) }
                let b = try gl.render(frame: f)
                let c = try PixelComparison(a, b)
                print("\(name) #\(cell.frameIndex) \(cell.note): \(c)")
                if c.worst > 40 {
                    let cx = max(0, min(c.worstAt.x - 40, a.width - 80)), cy = max(0, min(c.worstAt.y - 30, a.height - 60))
                    try PixelComparison.sideBySide(a, b, crop: (cx, cy, 80, 60), zoom: 4)
                        .writePNG(path: "/tmp/gl-\(name)-\(cell.frameIndex)-zoom.png")
                }
            }
        }
    }
}
