import PointerCore
import Testing

@testable import PointerRendering

/// C15/C16: a lift layer or hover shadow is composited only where it can
/// show, not under the element's own opaque fill nor beyond the blur's reach.
@Suite struct HiddenEffectsTests {
    static func frames() -> [(String, PointerFrame)] {
        var out: [(String, PointerFrame)] = []
        for t in [0.35, 1.0] {
            out.append(
                (
                    "lift \(t)",
                    Fixtures.frame(
                        Fixtures.circle(at: Point(x: 150, y: 100)), target: "icon", effect: .lift,
                        regions: [
                            "icon": RegionState(
                                offset: Point(x: -4.5 * t, y: -4.3 * t), scale: 1 + 0.1 * t, emphasis: t)
                        ])
                ))
        }
        // The card's scale on its way (fractional edges) and at rest.
        for s in [1.013, 1.05] {
            out.append(
                (
                    "hover \(s)",
                    Fixtures.frame(
                        Fixtures.circle(at: Point(x: 260, y: 50)), target: "card",
                        effect: .hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay)),
                        regions: [
                            "card": RegionState(
                                offset: Point(x: -50 * (s - 1), y: -30 * (s - 1)), scale: s, emphasis: 1)
                        ])
                ))
        }
        return out
    }

    @Test(
        "C15 C16 leaving out what the element hides leaves every pixel of a lift or hover frame as it was",
        arguments: [1.0, 1.5, 2.0])
    func samePixels(scale: Double) throws {
        let clipped = try SceneRenderer(scene: Fixtures.stage, scale: scale)
        let whole = try SceneRenderer(scene: Fixtures.stage, scale: scale)
        whole.leavesHiddenEffectsOut = false
        for (name, frame) in Self.frames() {
            // Stills, all at time 0: neither carries the material's memory from the last one.
            clipped.materialMemory = nil
            whole.materialMemory = nil
            let a = try clipped.render(frame: frame)
            let b = try whole.render(frame: frame)
            // Within one level: cairo composites a clipped area along another path,
            // which may round a pixel of the resampled layer the other way.
            let same = try PixelComparison(a, b, tolerance: 1)
            #expect(same.share == 1, "\(name) at scale \(scale): \(same)")
        }
    }

    @Test("C16 a hover shadow is not composited under the card's opaque fill, and is beside it")
    func shadowLeavesTheCardOut() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        let card = try #require(r.layout.regions.first { $0.id == "card" })
        let surface = try ImageSurface(width: r.pixelWidth, height: r.pixelHeight)
        let ctx = try CairoContext(surface: surface)
        // The card at 1.05 about its centre, at scale 2.
        let local = AffineTransform(a: 2.1, d: 2.1, tx: 2 * (card.frame.minX - 2.5), ty: 2 * (card.frame.minY - 1.5))
        ctx.setMatrix(local)
        let shadow = try r.effects.shadow(size: card.frame.size, radius: card.cornerRadius)
        r.drawUnder(card, shadow, local: local, alpha: 1, offset: Point(x: 0, y: 6), ctx: ctx)
        let centre = local.apply(Point(x: card.frame.width / 2, y: card.frame.height / 2))
        let below = local.apply(Point(x: card.frame.width / 2, y: card.frame.height + 4))
        #expect(surface.pixel(x: Int(centre.x), y: Int(centre.y))?.a == 0, "shadow composited where the card hides it")
        #expect((surface.pixel(x: Int(below.x), y: Int(below.y))?.a ?? 0) > 20, "no shadow below the card")
    }
}
