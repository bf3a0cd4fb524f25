import Testing

@testable import PointerCore
@testable import SceneLint

@Suite struct CornerRadiusRuleTests {
    typealias F = LintFixtures

    @Test("the estimator reads a circle, a 13/60 rounded square and refuses an inset glyph")
    func estimator() {
        let circle = FakeImages.roundedSquare(size: 120, radius: 60)
        #expect(abs((CornerRadiusEstimator.estimate(circle, mode: .alpha) ?? 0) - 60) < 4)
        let squircle = FakeImages.roundedSquare(size: 120, radius: 26)
        #expect(abs((CornerRadiusEstimator.estimate(squircle, mode: .alpha) ?? 0) - 26) < 4)
        let square = FakeImages.roundedSquare(size: 60, radius: 0)
        #expect(CornerRadiusEstimator.estimate(square, mode: .alpha) == 0)
        // A small disc in the middle of a big transparent image: not a bezel, no claim.
        var inset = FakeImages.roundedSquare(size: 100, radius: 0, shape: (0, 0, 0, 0))
        inset.rgba[(50 * 100 + 50) * 4 + 3] = 255
        #expect(CornerRadiusEstimator.estimate(inset, mode: .alpha) == nil)
    }

    @Test("A2 C18 a round button image on a region left at the default 8 pt radius is flagged: use capsule")
    func imageMismatch() {
        let images = FakeImages(images: ["/s/record.png": FakeImages.roundedSquare(size: 88, radius: 44)])
        let button = Region(
            id: "record", frame: Rect(x: 10, y: 10, width: 44, height: 44), effect: .lift,
            content: RegionContent(image: "/s/record.png"))
        let f = F.findings([button], rule: "corner-radius-mismatch", images: images)
        #expect(f.count == 1)
        #expect(f.first?.message.contains("fully round") == true)
        #expect(f.first?.fix == "set \"cornerRadius\": \"capsule\" on 'record'")
        var fixed = button
        fixed.cornerRadius = .capsule
        #expect(F.findings([fixed], rule: "corner-radius-mismatch", images: images).isEmpty)
        // Without pixels nothing is claimed.
        #expect(F.findings([button], rule: "corner-radius-mismatch").isEmpty)
        // A square image in a capsule region is clipped round by the stage: no mismatch.
        let squareImages = FakeImages(images: ["/s/photo.png": FakeImages.roundedSquare(size: 88, radius: 0)])
        var photo = fixed
        photo.content = RegionContent(image: "/s/photo.png")
        #expect(F.findings([photo], rule: "corner-radius-mismatch", images: squareImages).isEmpty)
    }

    @Test("A2 a region drawn over a mockup's round button is compared with the mockup")
    func mockupMismatch() {
        // A 200×100 pt canvas at 2x with a round 40 pt button (dark on white) at (20, 20).
        var canvas = RasterImage(width: 400, height: 200, rgba: [UInt8](repeating: 255, count: 400 * 200 * 4))
        let disc = FakeImages.roundedSquare(
            size: 80, radius: 40, shape: (30, 30, 30, 255), background: (255, 255, 255, 255))
        for y in 0..<80 {
            for x in 0..<80 {
                for c in 0..<4 { canvas.rgba[((40 + y) * 400 + 40 + x) * 4 + c] = disc.rgba[(y * 80 + x) * 4 + c] }
            }
        }
        let images = FakeImages(images: ["/s/mock.png": canvas])
        let region = Region(id: "play", frame: Rect(x: 20, y: 20, width: 40, height: 40), effect: .highlight)
        let f = F.findings(
            [region], rule: "corner-radius-mismatch", images: images,
            canvas: Canvas(size: Size(width: 200, height: 100), image: "/s/mock.png"))
        #expect(f.first?.fix.contains("capsule") == true)
    }

    @Test("a radius larger than half the side should be written as capsule")
    func clamped() {
        let pill = Region(
            id: "pill", frame: Rect(x: 0, y: 0, width: 120, height: 30), cornerRadius: .points(50),
            effect: .hover(HoverStyle()))
        #expect(
            F.findings([pill], rule: "corner-radius-clamped").first?.fix
                == "write \"cornerRadius\": \"capsule\" on 'pill'")
    }
}
