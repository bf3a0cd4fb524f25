import Foundation
import PointerCore
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// The GL renderer draws what the Cairo renderer draws (docs/gpu-renderer.md):
/// at every key moment of every bundled scene (the moments `render`'s contact
/// sheet shows), at least 98 % of the canvas's pixels are within 12/255 per
/// channel of Cairo's, and at least 95 % of the 360 × 225 pt window around
/// the pointer, where the shapes and effects are (text in a layer that moves
/// is resampled there, a fraction of a pixel off Cairo's pixel-snapped glyphs).
///
/// Cairo draws each moment from scratch (the reference). GL draws the frame
/// before it, then the moment repainting only its damage, as `render` and the
/// overlay do; a layer that moves in an animation is a resampled texture (its
/// text a fraction of a pixel off Cairo's hinted glyphs), one that holds still
/// is re-rasterised exactly.
@Suite("GL parity with Cairo")
struct ParityTests {
    static let requiredShare = 0.98
    static let requiredWindowShare = 0.95

    /// Parity of one scene's key moments at `scale`; every `stride`-th moment.
    static func check(
        _ name: String, scale: Double, stride step: Int = 1,
        sheet: ((String, Int, ImageSurface, ImageSurface, PixelComparison, SheetPlan.Cell) throws -> Void)? = nil
    ) throws {
        let context = try GLTestSupport.context()
        let played = try GLTestSupport.play(name)
        let (cairo, gl) = try GLTestSupport.renderers(played, scale: scale, context: context)
        var worstCanvas = 1.0
        var worstWindow = 1.0
        let canvasImage = try gl.makeCanvasSurface()
        for (n, cell) in played.plan.cells.enumerated() where n % step == 0 {
            let frame = played.frames[cell.frameIndex]
            let reference = try cairo.render(frame: frame)
            let before = cell.frameIndex > 0 ? played.frames[cell.frameIndex - 1] : nil
            try gl.draw(frame: before ?? frame, into: canvasImage)
            for r in gl.damage(from: before, to: frame) { try gl.draw(frame: frame, into: canvasImage, clip: r) }
            let whole = try PixelComparison(reference, canvasImage)
            let window = try PixelComparison(
                reference, canvasImage, region: GLTestSupport.pixels(cell.window, scale: scale))
            print(
                "parity \(name) @\(scale)x t=\(String(format: "%.3f", frame.time)) [\(cell.note)]: canvas \(whole); window \(window)"
            )
            worstCanvas = min(worstCanvas, whole.share)
            worstWindow = min(worstWindow, window.share)
            #expect(
                whole.share >= requiredShare, "\(name) @\(scale)x at t = \(frame.time) (\(cell.note)): canvas \(whole)")
            #expect(
                window.share >= requiredWindowShare,
                "\(name) @\(scale)x at t = \(frame.time) (\(cell.note)): pointer window \(window)")
            try sheet?(name, n, reference, canvasImage, window, cell)
        }
        print(
            String(
                format: "parity %@ @%gx: worst canvas %.2f %%, worst pointer window %.2f %% over %d moments", name,
                scale,
                worstCanvas * 100, worstWindow * 100, (played.plan.cells.count + step - 1) / step))
    }

    @Test(
        "every bundled scene's key moments: GL within 12/255 of Cairo on ≥ 98 % of pixels (scale 1)",
        arguments: GLTestSupport.sceneNames)
    func keyMoments(scene: String) throws {
        try Self.check(scene, scale: 1)
    }

    @Test(
        "key moments at scale 2: GL within 12/255 of Cairo on ≥ 98 % of pixels",
        arguments: ["demo", "map", "segmented-control"])
    func keyMomentsAtScale2(scene: String) throws {
        try Self.check(scene, scale: 2, stride: 3)
    }
}
