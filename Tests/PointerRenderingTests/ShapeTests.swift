import PointerCore
import Testing

@testable import PointerRendering

@Suite struct ShapeTests {
    /// Covered area (pt²) of the pointer, measured as summed pixel alpha on a transparent canvas.
    func coverage(_ v: VisiblePointer, scale: Double = 2) throws -> Double {
        let scene = Scene(canvas: Canvas(size: Size(width: 60, height: 60)))
        let r = try SceneRenderer(
            scene: scene, scale: scale, backgroundSampler: UniformBackgroundSampler(color: .white))
        let img = try r.render(frame: Fixtures.frame(v))
        var sum = 0.0
        for y in 0..<img.height { for x in 0..<img.width { sum += Double(img.pixel(x: x, y: y)?.a ?? 0) } }
        let alpha = PointerMaterial.resolve(background: .white, fallback: .white).fill.a
        return sum / 255 / alpha / (scale * scale)
    }

    func morph(_ progress: Double) -> VisiblePointer {
        let cross = BuiltinShapes.shape(.crosshair)
        let box = Rect(center: Point(x: 30, y: 30), size: Size(width: 19 + 5 * progress, height: 19 + 5 * progress))
        return VisiblePointer(
            kind: .path, name: "crosshair", frame: box, cornerRadius: 0,
            geometry: .path(cross),
            transition: ShapeTransition(
                from: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5),
                fromKind: .circle, progress: progress))
    }

    @Test("D21 a morph midpoint is between both shapes, and the morph never pops")
    func morphIsContinuous() throws {
        let circle = try coverage(Fixtures.circle(at: Point(x: 30, y: 30)))
        let start = try coverage(morph(0))
        var crossAtRest = morph(1)
        crossAtRest.transition = nil
        let end = try coverage(crossAtRest)
        let mid = try coverage(morph(0.5))
        #expect(abs(start - circle) < 0.03 * circle, "progress 0 looks like the circle: \(start) vs \(circle)")
        #expect(abs(try coverage(morph(0.999)) - end) < 0.05 * end, "progress → 1 lands on the crosshair")
        #expect(
            mid > min(circle, end) * 0.9 && mid < max(circle, end) * 1.1, "midpoint \(mid) between \(circle) and \(end)"
        )
        var previous = start
        for k in 1...20 {
            let a = try coverage(morph(Double(k) / 20))
            #expect(abs(a - previous) < 0.12 * circle, "step \(k): \(previous) → \(a)")
            previous = a
        }
    }

    @Test("D21 a circle splits into two triangles without popping")
    func circleToArrows() throws {
        let arrows = BuiltinShapes.shape(.arrowsHorizontal)
        func v(_ p: Double) -> VisiblePointer {
            VisiblePointer(
                kind: .path, name: "arrows-horizontal",
                frame: Rect(center: Point(x: 30, y: 30), size: Size(width: 19 + 9 * p, height: 19 - p)),
                cornerRadius: 0, geometry: .path(arrows),
                transition: ShapeTransition(
                    from: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5),
                    fromKind: .circle, progress: p))
        }
        let circle = try coverage(Fixtures.circle(at: Point(x: 30, y: 30)))
        #expect(abs(try coverage(v(0)) - circle) < 0.03 * circle)
        var previous = circle
        for k in 1...20 {
            let a = try coverage(v(Double(k) / 20))
            #expect(abs(a - previous) < 0.12 * circle, "step \(k): \(previous) → \(a)")
            previous = a
        }
    }

    @Test("D22 a target ring keeps its hole (inner contour winds the other way)")
    func ringHasHole() throws {
        let target = BuiltinShapes.shape(.target)
        let v = VisiblePointer(
            kind: .path, name: "target", frame: Rect(center: Point(x: 30, y: 30), size: target.size),
            cornerRadius: 0, geometry: .path(target))
        let scene = Scene(canvas: Canvas(size: Size(width: 60, height: 60)))
        let r = try SceneRenderer(scene: scene, scale: 2, backgroundSampler: UniformBackgroundSampler(color: .white))
        let img = try r.render(frame: Fixtures.frame(v))
        // On the ring: covered. Between ring and dot: clear.
        #expect(try #require(img.pixel(x: 60 + 20, y: 60)).a > 60)
        #expect(try #require(img.pixel(x: 60 + 13, y: 60)).a < 10)
    }

    @Test("D21 I-beam and rounded rect are drawn at their frames")
    func beamDrawn() throws {
        let scene = Scene(canvas: Canvas(size: Size(width: 60, height: 60), color: .white))
        let r = try SceneRenderer(scene: scene, scale: 1)
        let beam = Fixtures.rounded(Rect(x: 28, y: 20, width: 3, height: 20), radius: 1.5)
        let img = try r.render(frame: Fixtures.frame(beam))
        #expect(try #require(img.pixel(x: 29, y: 30)).brightness < 0.7)
        #expect(try #require(img.pixel(x: 34, y: 30)).brightness > 0.99)
        #expect(try #require(img.pixel(x: 29, y: 45)).brightness > 0.99)
    }
}
