import PointerCore
import Testing

@testable import PointerRendering

/// A label grows with its control under a highlight or lift (C14, C15), so it is
/// drawn at a new scale every frame. Its glyphs are rendered at quarter-pixel
/// sizes: a few sizes per label, so Cairo's and pixman's glyph caches stay small
/// at 5K, and the label still grows smoothly.
@Suite struct TextAtAnimatedScaleTests {
    @Test(
        "C15 a 15 pt label lifted from 1.0 to 1.1 at scale 2 renders its glyphs at 13 sizes at most, each within ⅛ px")
    func fewSizesAcrossALift() {
        var sizes = Set<Double>()
        for step in 0...1000 {
            let exact = 15 * 2 * (1 + Double(step) / 10_000)
            let rendered = CairoContext.glyphRenderSize(exact)
            #expect(abs(rendered - exact) <= 0.125, "size \(exact) px is rendered at \(rendered) px")
            sizes.insert(rendered)
        }
        #expect(sizes.count <= 13, "a lift rendered one label at \(sizes.count) glyph sizes")
    }

    /// Without the stepping, scale 2.002 is a different scaled font whose glyph
    /// edges differ from scale 2's; with it, both draw the very same glyph.
    @Test("C15 a label at a scale a thousandth above its rest draws the same pixels as at rest")
    func nearbyScalesShareGlyphs() throws {
        func draw(scale: Double) throws -> [RGBAPixel?] {
            let img = try ImageSurface(width: 80, height: 60)
            let ctx = try CairoContext(surface: img)
            ctx.scale(scale, scale)
            ctx.setSource(RGBA(r: 0, g: 0, b: 0))
            ctx.selectFont(family: RegionContentPainter.fontFamily, bold: false)
            ctx.setFontSize(15)
            ctx.move(to: Point(x: 5, y: 20))
            ctx.showText("W")
            try ctx.checkStatus("draw")
            img.flush()
            return (0..<60).flatMap { y in (0..<80).map { x in img.pixel(x: x, y: y) } }
        }
        let rest = try draw(scale: 2)
        let lifted = try draw(scale: 2.002)
        #expect(rest.contains { ($0?.a ?? 0) > 200 }, "the glyph was not drawn")
        let differing = zip(rest, lifted).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ between scale 2 and 2.002")
    }
}
