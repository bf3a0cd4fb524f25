import PointerCore
import Testing

@testable import PointerRendering

/// C15/C16: the blurred layers of lifting and hovered regions are made ahead,
/// so the frame that first lifts an icon or hovers a card blurs nothing.
@Suite struct PreparedEffectsTests {
    func liftFrame(_ t: Double) -> PointerFrame {
        Fixtures.frame(
            Fixtures.circle(at: Point(x: 150, y: 100)), target: "icon", effect: .lift,
            regions: ["icon": RegionState(offset: Point(x: -4.5 * t, y: -4.5 * t), scale: 1 + 0.1 * t, emphasis: t)])
    }

    func hoverFrame() -> PointerFrame {
        Fixtures.frame(
            Fixtures.circle(at: Point(x: 260, y: 50)), target: "card",
            effect: .hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay)),
            regions: ["card": RegionState(offset: Point(x: -2.5, y: -1.5), scale: 1.05, emphasis: 1)])
    }

    @Test("C15 C16 made ahead, the first lift and the first hover blur nothing in their frames")
    func firstLiftAndHoverBlurNothing() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        #expect(r.prepareEffects(until: { false }, upTo: 1 << 30))
        // The icon's shadow and radiosity, the card's shadow.
        #expect(r.effects.blurCount == 3)
        let surface = try r.makeCanvasSurface()
        try r.draw(frame: nil, into: surface)
        try r.draw(frame: liftFrame(0.3), into: surface)
        try r.draw(frame: hoverFrame(), into: surface)
        #expect(r.effects.blurCount == 3)
    }

    @Test("C15 a lift drawn from a layer made ahead looks like one made on first use")
    func preparedLooksTheSame() throws {
        let ahead = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        ahead.prepareEffects(until: { false }, upTo: 1 << 30)
        let onUse = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        let a = try ahead.render(frame: liftFrame(1))
        let b = try onUse.render(frame: liftFrame(1))
        let same = try PixelComparison(a, b, tolerance: 0)
        #expect(same.share == 1, "\(same)")
    }

    @Test("Making layers ahead stops at its memory budget, and a later call goes on")
    func budgetStopsAndResumes() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        #expect(!r.prepareEffects(until: { false }, upTo: 0))
        #expect(r.effects.blurCount == 0)
        #expect(r.prepareEffects(until: { false }, upTo: 1 << 30))
        #expect(r.effects.blurCount == 3)
    }
}
