import PointerCore
import Testing

@testable import PointerRendering

@Suite struct EffectTests {
    static let liftState = RegionState(offset: Point(x: -4.5, y: -4.5), scale: 1.1, emphasis: 1)

    func liftFrame(emphasis: Double = 1) -> PointerFrame {
        var s = Self.liftState
        s.emphasis = emphasis
        if emphasis == 0 { s = .rest }
        return Fixtures.frame(
            Fixtures.rounded(Rect(x: 100, y: 60, width: 90, height: 90), radius: 20),
            pointer: Point(x: 160, y: 90), target: "icon", effect: .lift, regions: ["icon": s])
    }

    @Test("C15 a lifted element casts a darker band below it")
    func liftShadow() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        let rest = try r.render(frame: liftFrame(emphasis: 0))
        let lifted = try r.render(frame: liftFrame())
        // Just below the lifted icon's bottom edge (150 + 4.5 pt), centred.
        let below = try #require(lifted.pixel(x: 145, y: 162))
        let before = try #require(rest.pixel(x: 145, y: 162))
        #expect(below.brightness < before.brightness - 0.04, "below: \(below) vs rest \(before)")
        // And further out the stage is untouched.
        #expect(try #require(lifted.pixel(x: 145, y: 215)) == (try #require(rest.pixel(x: 145, y: 215))))
    }

    @Test("C15 radiosity: the colour just outside a lifted orange element leans orange")
    func liftRadiosity() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        let lifted = try r.render(frame: liftFrame())
        // Left of the icon (x 95.5 after lift), at mid height: the stage there is neutral grey.
        let p = try #require(lifted.pixel(x: 92, y: 105))
        #expect(Int(p.r) > Int(p.b) + 12, "outside left edge: \(p)")
        #expect(Int(p.g) > Int(p.b) + 4, "outside left edge: \(p)")
    }

    @Test("C15 the pointer hides behind a lifted element; specular strength grows with size")
    func liftHidesPointerAndSpecularScales() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        let lifted = try r.render(frame: liftFrame())
        // Inside the icon the pointer (a grey translucent rect) would dull the orange.
        let inside = try #require(lifted.pixel(x: 110, y: 140))
        #expect(inside.r > 235 && inside.b < 40, "icon colour under the lifted layer: \(inside)")
        // Nearly invisible on a small element, full on a large one.
        #expect(EffectGeometry.specularStrength(size: Size(width: 30, height: 30)) < 0.04)
        #expect(EffectGeometry.specularStrength(size: Size(width: 120, height: 120)) > 0.3)
    }

    @Test("A5 C14 the highlight background sits behind the glyph, which keeps its own colour")
    func highlightBehindGlyph() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        let state = RegionState(offset: Point(x: -1.5, y: -1.5), scale: 1.08, emphasis: 1)
        let frame = Fixtures.frame(
            Fixtures.rounded(Rect(x: 12, y: 10, width: 37, height: 37), radius: 8),
            pointer: Point(x: 31, y: 29), target: "back", effect: .highlight,
            regions: ["back": state])
        let img = try r.render(frame: frame)
        let stage = try r.render(frame: nil)
        // The chevron's stroke passes through the glyph box; find its bluest pixel.
        var bluest: RGBAPixel?
        for y in 40...60 {
            for x in 40...80 {
                if let p = img.pixel(x: x, y: y), Int(p.b) - Int(p.r) > Int(bluest.map { Int($0.b) - Int($0.r) } ?? 0) {
                    bluest = p
                }
            }
        }
        let glyph = try #require(bluest)
        #expect(glyph.b > 230 && Int(glyph.b) - Int(glyph.r) > 170, "glyph keeps the system blue: \(glyph)")
        // Around the glyph, the pointer darkens the light stage a little (lighter than a plain pointer).
        let bg = try #require(img.pixel(x: 30, y: 80))
        let bare = try #require(stage.pixel(x: 30, y: 80))
        #expect(
            bg.brightness < bare.brightness - 0.03 && bg.brightness > 0.6, "highlight background: \(bg) over \(bare)")
    }

    @Test("C16 hover tints on top of the content; the shadow only comes with scale")
    func hoverTintAndShadow() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        let v = Fixtures.circle(at: Point(x: 290, y: 70))
        let rest = try r.render(frame: Fixtures.frame(v))
        let noScale = try r.render(
            frame: Fixtures.frame(
                v, target: "card", effect: .hover(HoverStyle()),
                regions: ["card": RegionState(emphasis: 1)]))
        let scaled = try r.render(
            frame: Fixtures.frame(
                v, target: "card", effect: .hover(HoverStyle()),
                regions: ["card": RegionState(offset: Point(x: -2.5, y: -1.5), scale: 1.05, emphasis: 1)]))
        // Overlay tint darkens the white card (light appearance), label included.
        let cardRest = try #require(rest.pixel(x: 225, y: 30))
        let cardTinted = try #require(noScale.pixel(x: 225, y: 30))
        #expect(cardTinted.brightness < cardRest.brightness - 0.02)
        // No shadow without scale; a shadow with it.
        let belowRest = try #require(rest.pixel(x: 260, y: 88))
        #expect(try #require(noScale.pixel(x: 260, y: 88)) == belowRest)
        #expect(try #require(scaled.pixel(x: 260, y: 88)).brightness < belowRest.brightness - 0.02)
    }

    @Test("blurs are computed once per element, not per animation frame")
    func blursCached() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        let surface = try r.makeCanvasSurface()
        for k in 0...10 {
            let t = Double(k) / 10
            let s = RegionState(offset: Point(x: -4.5 * t, y: -4.5 * t), scale: 1 + 0.1 * t, emphasis: t)
            try r.draw(
                frame: Fixtures.frame(
                    Fixtures.circle(at: Point(x: 150, y: 100)), target: "icon",
                    effect: .lift, regions: ["icon": s]), into: surface)
        }
        #expect(r.effects.blurCount == 2) // one shadow, one radiosity
    }
}
