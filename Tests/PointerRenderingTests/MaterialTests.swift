import Foundation
import PointerCore
import Testing

@testable import PointerRendering

@Suite struct MaterialTests {
    func centrePixel(on bg: RGBA, scale: Double = 1, pressed: Bool = false) throws -> RGBAPixel {
        let r = try SceneRenderer(scene: Fixtures.uniform(bg), scale: scale)
        let v = Fixtures.circle(at: Point(x: 40, y: 40), scale: pressed ? 0.9 : 1)
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

    /// Uniform backdrops of every kind: light, dark, mid-greys, saturated colours.
    static let uniformBackdrops: [(String, RGBA)] = [
        ("white", .white), ("black", .black), ("system light #F2F2F7", RGBA(r: 0.949, g: 0.949, b: 0.969)),
        ("system dark #1C1C1E", RGBA(r: 0.11, g: 0.11, b: 0.118)), ("#777777", RGBA(r: 0.467, g: 0.467, b: 0.467)),
        ("grey 0.30", RGBA(r: 0.3, g: 0.3, b: 0.3)), ("grey 0.40", RGBA(r: 0.4, g: 0.4, b: 0.4)),
        ("grey 0.55", RGBA(r: 0.55, g: 0.55, b: 0.55)), ("grey 0.62", RGBA(r: 0.62, g: 0.62, b: 0.62)),
        ("red #FF0000", RGBA(r: 1, g: 0, b: 0)), ("system red #FF3B30", RGBA(r: 1, g: 0.231, b: 0.188)),
        ("green #00FF00", RGBA(r: 0, g: 1, b: 0)), ("system green #34C759", RGBA(r: 0.204, g: 0.78, b: 0.349)),
        ("blue #0000FF", RGBA(r: 0, g: 0, b: 1)), ("system blue #007AFF", RGBA(r: 0, g: 0.478, b: 1)),
        ("orange #FF9500", Fixtures.orange), ("purple #AF52DE", RGBA(r: 0.686, g: 0.322, b: 0.871)),
    ]

    /// A canvas painted by `paint` (a gradient, a photo-like image), as a scene image.
    static func imageScene(_ name: String, size: Size, paint: (CairoContext) throws -> Void) throws -> Scene {
        let img = try ImageSurface(width: Int(size.width), height: Int(size.height))
        let ctx = try CairoContext(surface: img)
        try paint(ctx)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointer-material-tests")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name + ".png").path
        try img.writePNG(path: path)
        return Scene(canvas: Canvas(size: size, image: path))
    }

    /// Backdrops that vary under the pointer: gradients and a photo-like image.
    static func varyingBackdrops() throws -> [(String, Scene)] {
        let size = Size(width: 240, height: 120)
        func linear(_ name: String, _ stops: [RGBA]) throws -> (String, Scene) {
            (
                name,
                try imageScene(name, size: size) { ctx in
                    let g = try CairoPattern.linear(from: .zero, to: Point(x: size.width, y: 0))
                    for (k, c) in stops.enumerated() { g.addStop(Double(k) / Double(stops.count - 1), c) }
                    ctx.setSource(g)
                    ctx.paint()
                }
            )
        }
        let photo = try imageScene("photo", size: size) { ctx in
            // A sky fading to a warm horizon, a sun, hills, and fine texture.
            let sky = try CairoPattern.linear(from: .zero, to: Point(x: 0, y: size.height))
            sky.addStop(0, RGBA(r: 0.18, g: 0.36, b: 0.72))
            sky.addStop(0.6, RGBA(r: 0.95, g: 0.7, b: 0.45))
            sky.addStop(1, RGBA(r: 0.35, g: 0.25, b: 0.2))
            ctx.setSource(sky)
            ctx.paint()
            ctx.newPath()
            ctx.circle(Point(x: 170, y: 45), 16)
            ctx.setSource(RGBA(r: 1, g: 0.95, b: 0.75))
            ctx.fill()
            ctx.newPath()
            ctx.move(to: Point(x: 0, y: 120))
            ctx.line(to: Point(x: 0, y: 80))
            ctx.curve(to: Point(x: 240, y: 90), Point(x: 80, y: 50), Point(x: 160, y: 110))
            ctx.line(to: Point(x: 240, y: 120))
            ctx.closePath()
            ctx.setSource(RGBA(r: 0.15, g: 0.4, b: 0.2))
            ctx.fill()
            var seed: UInt32 = 7
            for _ in 0..<400 {
                seed = seed &* 1_103_515_245 &+ 12345
                let x = Double(seed % 240)
                let y = Double((seed >> 8) % 120)
                let v = Double((seed >> 16) % 100) / 100
                ctx.newPath()
                ctx.rectangle(Rect(x: x, y: y, width: 3, height: 2))
                ctx.setSource(RGBA(r: v, g: v, b: v, a: 0.35))
                ctx.fill()
            }
        }
        return [
            try linear("black to white", [.black, .white]),
            try linear("white to black", [.white, .black]),
            try linear("red green blue", [RGBA(r: 1, g: 0, b: 0), RGBA(r: 0, g: 1, b: 0), RGBA(r: 0, g: 0, b: 1)]),
            try linear("mid-grey ramp", [RGBA(r: 0.3, g: 0.3, b: 0.3), RGBA(r: 0.62, g: 0.62, b: 0.62)]),
            ("photo", photo),
        ]
    }

    /// Runs the frame-invariant checker's contrast rule on a resting circle at each point.
    func contrastFindings(_ scene: Scene, at points: [Point]) throws -> (checked: Int, findings: [String]) {
        let checker = try FrameInvariantChecker(name: "material", scene: scene, scale: 2)
        for (k, p) in points.enumerated() {
            var f = Fixtures.frame(Fixtures.circle(at: p))
            f.time = Double(k)
            // Each position alone, as a still renders it: no memory of the last.
            checker.renderer.materialMemory = nil
            try checker.check(f)
        }
        return (checker.checked["b"] ?? 0, checker.findings.filter { $0.rule == "b" }.map(\.description))
    }

    @Test("D20 the circle contrasts at least 3:1 with every backdrop: light, dark, mid-grey, saturated")
    func contrastOnUniformBackdrops() throws {
        for (name, c) in Self.uniformBackdrops {
            let (checked, findings) = try contrastFindings(Fixtures.uniform(c), at: [Point(x: 40, y: 40)])
            #expect(checked == 1, "\(name)")
            #expect(findings.isEmpty, "\(name): \(findings)")
        }
    }

    @Test("D20 the circle contrasts at least 3:1 across gradients and an image")
    func contrastOnVaryingBackdrops() throws {
        var points: [Point] = []
        for y in stride(from: 14.0, through: 106, by: 13) {
            for x in stride(from: 12.0, through: 228, by: 7) { points.append(Point(x: x, y: y)) }
        }
        for (name, scene) in try Self.varyingBackdrops() {
            let (checked, findings) = try contrastFindings(scene, at: points)
            #expect(checked == points.count, "\(name)")
            #expect(findings.isEmpty, "\(name): \(findings.count) positions, e.g. \(findings.prefix(3))")
        }
    }

    @Test("D20 one solid shape: no ring on mid-grey, no dark outline on saturated red")
    func noOutline() throws {
        for c in [RGBA(r: 0.467, g: 0.467, b: 0.467), RGBA(r: 1, g: 0, b: 0)] {
            let r = try SceneRenderer(scene: Fixtures.uniform(c), scale: 2)
            let img = try r.render(frame: Fixtures.frame(Fixtures.circle(at: Point(x: 40, y: 40))))
            let bg = try #require(img.pixel(x: 4, y: 4))
            let centre = try #require(img.pixel(x: 80, y: 80))
            // Along a row through the centre every pixel lies between the backdrop and the fill.
            for x in 50...110 {
                let p = try #require(img.pixel(x: x, y: 80))
                for (v, lo, hi) in [
                    (p.r, min(bg.r, centre.r), max(bg.r, centre.r)), (p.g, min(bg.g, centre.g), max(bg.g, centre.g)),
                    (p.b, min(bg.b, centre.b), max(bg.b, centre.b)),
                ] {
                    #expect(Int(v) >= Int(lo) - 2 && Int(v) <= Int(hi) + 2, "x=\(x): \(p) outside \(bg)…\(centre)")
                }
            }
            // And the fill itself is far from the backdrop (3:1).
            let fill = RGBA(r: Double(centre.r) / 255, g: Double(centre.g) / 255, b: Double(centre.b) / 255)
            let under = RGBA(r: Double(bg.r) / 255, g: Double(bg.g) / 255, b: Double(bg.b) / 255)
            #expect(contrastRatio(fill, under) >= 3, "\(under.hex) → \(fill.hex)")
        }
    }

    /// The material of a circle following `path` (one point per 60 Hz frame) through one renderer.
    func materials(_ scene: Scene, along path: [Point]) throws -> [PointerMaterial] {
        let r = try SceneRenderer(scene: scene, scale: 1)
        return try path.enumerated().map { k, p in
            var f = Fixtures.frame(Fixtures.circle(at: p))
            f.time = Double(k) / 60
            return try r.material(for: f, highlight: 0)
        }
    }

    /// How often the look went from mostly dark to mostly light or back.
    func switches(_ ms: [PointerMaterial]) -> Int {
        zip(ms, ms.dropFirst()).filter { ($0.lightShare < 0.5) != ($1.lightShare < 0.5) }.count
    }

    /// The biggest change in one frame of the fill as seen over mid-grey.
    func largestStep(_ ms: [PointerMaterial]) -> Double {
        let seen = ms.map { $0.fill.r * $0.fill.a + (1 - $0.fill.a) * 0.5 }
        return zip(seen, seen.dropFirst()).map { abs($0 - $1) }.max() ?? 0
    }

    @Test("D20 crossing from light to dark the material switches once, cross-fading over several frames")
    func switchesOnceAcrossAnEdge() throws {
        for path in [
            Array(stride(from: 60.0, through: 140, by: 0.5)), Array(stride(from: 140.0, through: 60, by: -0.5)),
        ] {
            let ms = try materials(Fixtures.halves, along: path.map { Point(x: $0, y: 50) })
            #expect(switches(ms) == 1, "the material switched \(switches(ms)) times along \(path.first!)…\(path.last!)")
            // In between: frames that are neither look, none a jump (the dark and light looks are 0.6 apart).
            #expect(ms.filter { $0.lightShare > 0 && $0.lightShare < 1 }.count >= 5)
            #expect(largestStep(ms) < 0.2, "a frame jumped \(largestStep(ms))")
        }
    }

    /// A hand resting on `centre`: ±2 pt of tremor, for two seconds at 60 Hz (deterministic).
    static func tremor(around centre: Point) -> [Point] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) * 4 - 2
        }
        return (0..<120).map { _ in Point(x: centre.x + next(), y: centre.y + next()) }
    }

    @Test("D20 tremor over a mid-grey, a grey gradient and a black-white edge switches the look at most once")
    func tremorSwitchesAtMostOnce() throws {
        let grey = 0.47 // L* close to the switch point
        let cases: [(String, Scene, Point)] = [
            ("mid-grey", Fixtures.uniform(RGBA(r: grey, g: grey, b: grey)), Point(x: 40, y: 40)),
            ("black-white edge", Fixtures.halves, Point(x: 100, y: 50)),
            ("grey gradient", try Self.varyingBackdrops().first { $0.0 == "mid-grey ramp" }!.1, Point(x: 120, y: 60)),
        ]
        for (name, scene, centre) in cases {
            // Arrive from the left, then rest with tremor.
            let approach = stride(from: centre.x - 40, to: centre.x, by: 2).map { Point(x: $0, y: centre.y) }
            let ms = try materials(scene, along: approach + Self.tremor(around: centre))
            let resting = Array(ms.suffix(120))
            #expect(switches(resting) <= 1, "\(name): \(switches(resting)) switches while the hand rests")
            #expect(largestStep(ms) < 0.2, "\(name): a frame jumped \(largestStep(ms))")
        }
    }

    @Test("D20 a still has no memory: alone, a frame wears the look its surroundings call for")
    func stillsDecideAlone() throws {
        for (x, light) in [(40.0, false), (160.0, true)] {
            let r = try SceneRenderer(scene: Fixtures.halves, scale: 1)
            let m = try r.material(for: Fixtures.frame(Fixtures.circle(at: Point(x: x, y: 50))), highlight: 0)
            #expect(m.lightShare == (light ? 1 : 0))
        }
    }

    @Test("D20 press feedback is visible on every backdrop: a clear step, away from the backdrop")
    func pressVisibleEverywhere() throws {
        for (name, c) in Self.uniformBackdrops {
            let normal = try centrePixel(on: c, scale: 2)
            let pressed = try centrePixel(on: c, scale: 2, pressed: true)
            let step = max(
                abs(Int(normal.r) - Int(pressed.r)), abs(Int(normal.g) - Int(pressed.g)),
                abs(Int(normal.b) - Int(pressed.b)))
            #expect(step >= 16, "\(name): press changes the pointer by \(step)/255 (\(normal) → \(pressed))")
            func rgba(_ p: RGBAPixel) -> RGBA { RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255) }
            #expect(
                contrastRatio(rgba(pressed), c) > contrastRatio(rgba(normal), c), "\(name): pressing lowers contrast")
        }
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
        let s = try r.planner.sampler()
        // Straddling the white|black edge at x = 100 by 3:1, 1:1 and 1:3.
        for (x, white) in [(85.0, 0.75), (90.0, 0.5), (95.0, 0.25)] {
            let c = s.averageColor(in: Rect(x: x, y: 40, width: 20, height: 20))
            #expect(abs(c.r - white) < 0.03, "rect at \(x): \(c.r), expected \(white)")
            #expect(c.a > 0.99)
        }
        // A transparent stage answers transparent (unknown), not black.
        let bare = try SceneRenderer(scene: Scene(canvas: Canvas(size: Size(width: 50, height: 50))))
        #expect(try bare.planner.sampler().averageColor(in: Rect(x: 10, y: 10, width: 20, height: 20)).a < 0.01)
    }
}

@Suite struct LiveStageMaterialTests {
    @Test("D20 the pointer adapts to what is drawn now: a child zoomed in under it")
    func zoomedContentUnderPointer() throws {
        let blot = Region(
            id: "blot", frame: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: .black))
        let map = Region(
            id: "map", frame: Rect(x: 10, y: 10, width: 180, height: 180), cornerRadius: .points(0),
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
