import Foundation
import PointerCore
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// How the GL renderer treats its target and its caches: what the backends and
/// the cost model rely on.
@Suite("GL renderer")
struct GLRendererBehaviourTests {
    static func renderer(_ scene: Scene, scale: Double = 1) throws -> GLSceneRenderer {
        try GLSceneRenderer(
            scene: scene, scale: scale, context: try GLTestSupport.context(),
            shaders: try ShaderSources.folder(GLTestSupport.shaderFolder))
    }

    @Test("D20 the GPU cross-fades the look as Cairo does: frame by frame across a black-white edge, and back")
    func materialCrossFadeMatchesCairo() throws {
        let scene = Scene(
            canvas: Canvas(size: Size(width: 200, height: 100), color: .white),
            regions: [
                Region(
                    id: "black", frame: Rect(x: 100, y: 0, width: 100, height: 100), cornerRadius: .points(0),
                    effect: EffectSpec.none, content: RegionContent(fill: .black))
            ])
        let gl = try Self.renderer(scene)
        let cairo = try SceneRenderer(scene: scene, scale: 1)
        let xs = Array(stride(from: 60.0, through: 140, by: 1)) + Array(stride(from: 140.0, through: 60, by: -1))
        var worst = 0
        var between = 0
        for (k, x) in xs.enumerated() {
            var f = EffectParityTests.frame(EffectParityTests.circle(at: Point(x: x, y: 50)))
            f.time = Double(k) / 60
            let a = try gl.render(frame: f)
            let b = try cairo.render(frame: f)
            let pa = try #require(a.pixel(x: Int(x), y: 50))
            let pb = try #require(b.pixel(x: Int(x), y: 50))
            worst = max(worst, abs(Int(pa.r) - Int(pb.r)))
            if let m = cairo.materialMemory, m.light > 0, m.light < 1 { between += 1 }
        }
        #expect(between >= 10, "Cairo drew \(between) cross-fade frames")
        #expect(worst <= 12, "GL and Cairo differ by \(worst)/255 at the pointer's centre")
    }

    @Test("a clipped draw replaces the clip's pixels and leaves every other pixel alone")
    func clipIsRespected() throws {
        let gl = try Self.renderer(EffectParityTests.stage, scale: 2)
        let surface = try gl.makeCanvasSurface()
        try surface.withPixels { raw in
            for i in 0..<(surface.stride * surface.height / 4) {
                raw.storeBytes(of: 0xFFFF_00FF as UInt32, toByteOffset: i * 4, as: UInt32.self)
            }
        }
        let clip = Rect(x: 100.25, y: 60.5, width: 50, height: 40)
        try gl.draw(
            frame: EffectParityTests.frame(EffectParityTests.circle(at: Point(x: 120, y: 80))), into: surface,
            clip: clip)
        let px = gl.planner.pixelRect(for: clip)
        var inside = 0
        var outsideChanged = 0
        try surface.withPixels { raw in
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let v = raw.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
                    let isInside = x >= px.x && x < px.x + px.width && y >= px.y && y < px.y + px.height
                    if isInside, v != 0xFFFF_00FF { inside += 1 }
                    if !isInside, v != 0xFFFF_00FF { outsideChanged += 1 }
                }
            }
        }
        #expect(inside == px.width * px.height, "every pixel of the clip is repainted")
        #expect(outsideChanged == 0, "\(outsideChanged) pixels outside the clip changed")
    }

    @Test("a canvas kept up to date by damage alone ends as a full render of the last frame")
    func damageKeepsCanvasCurrent() throws {
        let played = try GLTestSupport.play("toolbar")
        let gl = try GLSceneRenderer(
            scene: played.scene, scale: 1, context: try GLTestSupport.context(),
            shaders: try ShaderSources.folder(GLTestSupport.shaderFolder))
        let canvas = try gl.makeCanvasSurface()
        var previous: PointerFrame?
        for frame in played.frames.prefix(160) {
            for r in gl.damage(from: previous, to: frame) { try gl.draw(frame: frame, into: canvas, clip: r) }
            previous = frame
        }
        let last = try #require(previous)
        let cairo = try SceneRenderer(scene: played.scene, scale: 1)
        let full = try cairo.render(frame: last)
        let c = try PixelComparison(full, canvas)
        #expect(c.share >= 0.999, "after 160 damage-limited frames: \(c)")
    }

    @Test("cost model: a still stage is rasterised once; pointer motion and lift frames rasterise nothing new")
    func cachesHold() throws {
        let gl = try Self.renderer(EffectParityTests.stage, scale: 2)
        let surface = try gl.makeCanvasSurface()
        try gl.draw(frame: EffectParityTests.frame(EffectParityTests.circle(at: Point(x: 60, y: 200))), into: surface)
        let first = gl.layerCounts
        #expect(first.content >= 4, "the stage's labels and symbols were rasterised: \(first)")
        for x in stride(from: 60.0, to: 300, by: 7) {
            try gl.draw(
                frame: EffectParityTests.frame(EffectParityTests.circle(at: Point(x: x, y: 200))), into: surface)
        }
        #expect(gl.layerCounts.content == first.content, "moving the pointer rasterised layers again")
        // A lift animating in: its blurred layer is made once, then only composited.
        for k in 1...10 {
            let e = Double(k) / 10
            let s = 1 + 0.1 * e
            let state = RegionState(offset: Point(x: -45 * (s - 1), y: -45 * (s - 1)), scale: s, emphasis: e)
            try gl.draw(
                frame: EffectParityTests.frame(
                    EffectParityTests.rounded(Rect(x: 100, y: 60, width: 90, height: 90), radius: 20),
                    pointer: Point(x: 150, y: 100), target: "icon", effect: .lift,
                    regions: ["icon": state]), into: surface)
        }
        #expect(gl.layerCounts.effects == first.effects + 1, "the lift layer is made once: \(gl.layerCounts)")
    }

    @Test("a target larger than the GPU's textures is refused with a clear error, not a crash")
    func tooLarge() throws {
        let gl = try Self.renderer(Scene(canvas: Canvas(size: Size(width: 40_000, height: 10), color: .white)))
        let surface = try ImageSurface(width: 32_000, height: 2)
        #expect(throws: GLError.self) { try gl.draw(frame: nil, into: surface) }
    }
}
