import Testing

@testable import PointerCore
@testable import SceneLint

@Suite struct PathRasterTests {
    typealias F = LintFixtures

    @Test("a 10×4.5 bar measures 45 pt² and 4.5 pt thick")
    func bar() throws {
        let m = try #require(
            ShapeMetrics(shape: PathShape(data: "", elements: F.rect(2, 3, 10, 4.5), size: Size(width: 14, height: 10)))
        )
        #expect(abs(m.area - 45) < 1)
        #expect(abs(m.thinnestStroke - 4.5) <= 0.15)
        #expect(abs(m.bounds.width - 10) <= 0.25 && abs(m.bounds.height - 4.5) <= 0.25)
    }

    @Test("D22 the 19 pt disc weighs 19 and the 24 pt crosshair with 4.5 pt arms weighs about the same")
    func weights() throws {
        let disc = try #require(
            ShapeMetrics(
                shape: PathShape(
                    data: "", elements: F.circle(cx: 9.5, cy: 9.5, r: 9.5), size: Size(width: 19, height: 19))))
        #expect(abs(disc.visualWeight - 19) < 0.3)
        #expect(abs(disc.thinnestStroke - 19) < 0.5)
        let cross = try #require(
            ShapeMetrics(
                shape: PathShape(data: "", elements: F.cross(size: 24, arm: 4.5), size: Size(width: 24, height: 24))))
        #expect(abs(cross.area - (2 * 24 * 4.5 - 4.5 * 4.5)) < 2)
        #expect(abs(cross.visualWeight - 19.5) < 0.5)
        #expect(abs(cross.thinnestStroke - 4.5) <= 0.15)
    }

    @Test("D22 a 2 pt ring is measured 2 pt thick (holes by winding)")
    func ring() throws {
        let elements = F.circle(cx: 12, cy: 12, r: 11) + F.circle(cx: 12, cy: 12, r: 9, reverse: true)
        let m = try #require(
            ShapeMetrics(shape: PathShape(data: "", elements: elements, size: Size(width: 24, height: 24))))
        #expect(abs(m.thinnestStroke - 2) <= 0.2)
        #expect(abs(m.area - Double.pi * (121 - 81)) < 4)
    }

    @Test("an arrowhead's sharp tip is not reported as a thin stroke")
    func triangle() throws {
        let tri: [PathElement] = [
            .move(Point(x: 0, y: 0)), .line(Point(x: 20, y: 10)), .line(Point(x: 0, y: 20)), .close,
        ]
        let m = try #require(ShapeMetrics(shape: PathShape(data: "", elements: tri, size: Size(width: 20, height: 20))))
        // Its only ridge is the inscribed circle: diameter 2·A/s = 2·200/32.36 ≈ 12.36 pt.
        #expect(abs(m.thinnestStroke - 12.36) < 0.3)
    }

    @Test("a slanted bar is measured across, not along the grid", arguments: [3.0, 5.0])
    func slanted(width: Double) throws {
        // A 20 pt bar at 30°, `width` thick.
        let (c, s) = (0.8660254, 0.5)
        let h = width / 2
        func p(_ u: Double, _ v: Double) -> Point { Point(x: 12 + u * c - v * s, y: 12 + u * s + v * c) }
        let bar: [PathElement] = [.move(p(-10, -h)), .line(p(10, -h)), .line(p(10, h)), .line(p(-10, h)), .close]
        let m = try #require(ShapeMetrics(shape: PathShape(data: "", elements: bar, size: Size(width: 24, height: 24))))
        #expect(abs(m.thinnestStroke - width) <= 0.2)
    }

    @Test("an open line encloses nothing")
    func openLine() {
        let line: [PathElement] = [.move(Point(x: 0, y: 0)), .line(Point(x: 20, y: 0))]
        #expect(ShapeMetrics(shape: PathShape(data: "", elements: line, size: Size(width: 20, height: 20))) == nil)
    }

    @Test("symmetry: a cross is symmetric both ways, a right-angle triangle is not")
    func symmetry() throws {
        let cross = try #require(
            ShapeMetrics(
                shape: PathShape(data: "", elements: F.cross(size: 24, arm: 6), size: Size(width: 24, height: 24))))
        #expect(cross.asymmetryX < 0.01 && cross.asymmetryY < 0.01)
        let tri: [PathElement] = [
            .move(Point(x: 0, y: 0)), .line(Point(x: 20, y: 0)), .line(Point(x: 0, y: 20)), .close,
        ]
        let t = try #require(ShapeMetrics(shape: PathShape(data: "", elements: tri, size: Size(width: 20, height: 20))))
        #expect(t.asymmetryX > 0.3)
    }

    @Test("the exact distance transform matches brute force")
    func distanceTransform() {
        let raster = PathRaster(
            elements: F.circle(cx: 3, cy: 3, r: 2.6) + F.rect(5, 0, 3, 1),
            bounds: Rect(x: 0, y: 0, width: 8, height: 6), cell: 0.5)
        let d = raster.squaredDistances()
        for j in 0..<raster.rows {
            for i in 0..<raster.columns {
                var best = Double.infinity
                for y in 0..<raster.rows {
                    for x in 0..<raster.columns where !raster.isFilled(x, y) {
                        best = min(best, Double((x - i) * (x - i) + (y - j) * (y - j)))
                    }
                }
                #expect(d[j * raster.columns + i] == best, "cell \(i),\(j)")
            }
        }
    }
}
