import Testing
import PointerCore
@testable import PointerRendering

@Suite struct MaterialTests {
    func centrePixel(on bg: RGBA, scale: Double = 1, pressed: Bool = false) throws -> RGBAPixel {
        let r = try SceneRenderer(scene: Fixtures.uniform(bg), scale: scale)
        let v = Fixtures.circle(at: Point(x: 40, y: 40), scale: pressed ? 0.88 : 1)
        let img = try r.render(frame: Fixtures.frame(v, pressed: pressed))
        return try #require(img.pixel(x: Int(40 * scale), y: Int(40 * scale)))
    }

    @Test("D20 the pointer is lighter than a dark background and darker than a light one")
    func contrastOnLightAndDark() throws {
        let onBlack = try centrePixel(on: .black)
        let onWhite = try centrePixel(on: .white)
        let onDarkBlue = try centrePixel(on: RGBA(r: 0.05, g: 0.1, b: 0.25))
        #expect(onBlack.brightness > 0.3, "on black: \(onBlack)")
        #expect(onWhite.brightness < 0.7, "on white: \(onWhite)")
        #expect(onDarkBlue.brightness > 0.3, "on dark blue: \(onDarkBlue)")
    }

    @Test("D20 translucent: what is beneath still shows through the pointer")
    func translucent() throws {
        let onRed = try centrePixel(on: RGBA(r: 0.9, g: 0.1, b: 0.1))
        // A red tint survives: the pointer is not an opaque disc.
        #expect(Int(onRed.r) > Int(onRed.g) + 40, "on red: \(onRed)")
    }

    @Test("D20 mid-grey backgrounds keep a visible outline")
    func midGreyContrast() throws {
        for level in stride(from: 0.30, through: 0.62, by: 0.04) {
            let bg = RGBA(r: level, g: level, b: level)
            let r = try SceneRenderer(scene: Fixtures.uniform(bg), scale: 2)
            let img = try r.render(frame: Fixtures.frame(Fixtures.circle(at: Point(x: 40, y: 40))))
            let bgPixel = try #require(img.pixel(x: 4, y: 4))
            // The strongest difference anywhere across the pointer.
            var best = 0.0
            for x in 50...110 {
                let p = try #require(img.pixel(x: x, y: 80))
                best = max(best, abs(p.brightness - bgPixel.brightness))
            }
            #expect(best > 0.12, "grey \(level): pointer differs by at most \(best)")
        }
    }

    @Test("D20 the colour changes smoothly when crossing an edge (no flicker)")
    func smoothAcrossEdge() throws {
        let r = try SceneRenderer(scene: Fixtures.halves, scale: 1)
        var previous: Double?
        var maxStep = 0.0
        var changingSteps = 0
        var first = 0.0, last = 0.0
        for x in stride(from: 60.0, through: 140.0, by: 1) {
            let m = try r.material(for: Fixtures.frame(Fixtures.circle(at: Point(x: x, y: 50))), highlight: 0)
            let v = m.fill.r * m.fill.a
            if let p = previous {
                maxStep = max(maxStep, abs(v - p))
                if abs(v - p) > 0.005 { changingSteps += 1 }
            }
            if x == 60 { first = v }
            last = v
            previous = v
        }
        #expect(last > first + 0.2, "the pointer turns light over the dark half")
        // A flip would happen within one pt; the material takes many.
        #expect(maxStep < 0.08, "largest change per pt of motion: \(maxStep)")
        #expect(changingSteps >= 8, "the change is spread over \(changingSteps) pt")
    }

    @Test("D20 lighter when morphed into a control, darker and smaller while pressed")
    func highlightAndPress() throws {
        let white = RGBA.white
        let normal = PointerMaterial.resolve(background: white, fallback: white)
        let highlighted = PointerMaterial.resolve(background: white, fallback: white, highlight: 1)
        let pressed = PointerMaterial.resolve(background: white, fallback: white, press: 1)
        func composite(_ m: PointerMaterial) -> Double { m.fill.r * m.fill.a + (1 - m.fill.a) }
        #expect(composite(highlighted) > composite(normal) + 0.2)
        #expect(composite(pressed) < composite(normal) - 0.05)
        // The darkening follows the animated press scale (no jump on the first pressed frame).
        // And on screen: the pressed pointer is darker at its centre.
        #expect(try centrePixel(on: .white, pressed: true).brightness < centrePixel(on: .white).brightness - 0.03)
    }
}

@Suite struct StageSamplerTests {
    @Test("D20 the stage sampler averages the area under a rect, weighting partial coverage exactly")
    func areaAverage() throws {
        let r = try SceneRenderer(scene: Fixtures.halves, scale: 1)
        let s = try r.sampler()
        // Straddling the white|black edge at x = 100 by 3:1, 1:1 and 1:3.
        for (x, white) in [(85.0, 0.75), (90.0, 0.5), (95.0, 0.25)] {
            let c = s.averageColor(in: Rect(x: x, y: 40, width: 20, height: 20))
            #expect(abs(c.r - white) < 0.03, "rect at \(x): \(c.r), expected \(white)")
            #expect(c.a > 0.99)
        }
        // A transparent stage answers transparent (unknown), not black.
        let bare = try SceneRenderer(scene: Scene(canvas: Canvas(size: Size(width: 50, height: 50))))
        #expect(try bare.sampler().averageColor(in: Rect(x: 10, y: 10, width: 20, height: 20)).a < 0.01)
    }
}

@Suite struct LiveStageMaterialTests {
    @Test("D20 the pointer adapts to what is drawn now: a child zoomed in under it")
    func zoomedContentUnderPointer() throws {
        let blot = Region(id: "blot", frame: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: .points(0),
                          effect: EffectSpec.none, content: RegionContent(fill: .black))
        let map = Region(id: "map", frame: Rect(x: 10, y: 10, width: 180, height: 180), cornerRadius: .points(0),
                         effect: EffectSpec.none, content: RegionContent(fill: .white), zoom: ZoomSpec(), regions: [blot])
        let scene = Scene(canvas: Canvas(size: Size(width: 200, height: 200), color: .white), regions: [map])
        let r = try SceneRenderer(scene: scene, scale: 1)
        // Zoomed ×5 the blot covers 10…110: the pointer at (70, 70) sits on black, the still stage says white.
        let frame = Fixtures.frame(Fixtures.circle(at: Point(x: 70, y: 70)), regions: ["map": RegionState(scale: 5)])
        let img = try r.render(frame: frame)
        let p = try #require(img.pixel(x: 70, y: 70))
        #expect(p.brightness > 0.3, "a light pointer on the zoomed black: \(p)")
    }
}
