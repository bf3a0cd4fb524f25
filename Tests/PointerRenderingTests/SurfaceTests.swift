import Foundation
import PointerCore
import Testing

@testable import PointerRendering

@Suite struct SurfaceTests {
    @Test("an image surface can wrap caller memory (wl_shm style) and draws into it")
    func wrapsCallerMemory() throws {
        let w = 40
        let h = 30
        let stride = ImageSurface.stride(forWidth: w)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * h)
        do {
            let surface = try ImageSurface(wrapping: memory, width: w, height: h, stride: stride)
            let r = try SceneRenderer(
                scene: Fixtures.uniform(RGBA(r: 1, g: 0, b: 0), size: Size(width: 40, height: 30)))
            try r.draw(frame: nil, into: surface)
        }
        let pixel = memory.load(fromByteOffset: 10 * stride + 10 * 4, as: UInt32.self)
        #expect(pixel == 0xFFFF_0000)
    }

    @Test("bad strides and sizes are typed errors, not crashes")
    func badSizes() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: CairoError.self) { try ImageSurface(wrapping: memory, width: 10, height: 1, stride: 8) }
        #expect(throws: CairoError.self) { try ImageSurface(width: 0, height: 10) }
    }

    @Test("PNG round trip, and a missing or corrupt image names the file")
    func pngErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try ImageSurface(width: 4, height: 4)
        let good = dir.appendingPathComponent("good.png").path
        try s.writePNG(path: good)
        #expect(try ImageSurface.loadPNG(path: good).width == 4)

        let corrupt = dir.appendingPathComponent("corrupt.png").path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: corrupt))
        do {
            _ = try ImageSurface.loadPNG(path: corrupt)
            Issue.record("corrupt PNG loaded")
        } catch let e as CairoError {
            #expect(e.description.contains("corrupt.png"))
        }
        let scene = Scene(regions: [
            Region(
                id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                content: RegionContent(image: dir.appendingPathComponent("missing.png").path))
        ])
        do {
            _ = try SceneRenderer(scene: scene)
            Issue.record("missing image accepted")
        } catch let e as CairoError {
            #expect(e.description.contains("missing.png"))
        }
        #expect(throws: CairoError.self) { try s.writePNG(path: "/nonexistent-dir/x.png") }
    }
}
