import Foundation
import Testing

@testable import PointerCore

/// Subpaths of a path flattened to polygons (cubics sampled).
private func polygons(_ elements: [PathElement]) -> [[Point]] {
    var out: [[Point]] = []
    var current: [Point] = []
    var pen = Point.zero
    for e in elements {
        switch e {
        case .move(let p):
            if current.count > 1 { out.append(current) }
            current = [p]
            pen = p
        case .line(let p):
            current.append(p)
            pen = p
        case .cubic(let c1, let c2, let p):
            for i in 1...32 {
                let t = Double(i) / 32
                let u = 1 - t
                current.append(pen * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
            }
            pen = p
        case .close:
            if current.count > 1 { out.append(current) }
            current = []
        }
    }
    if current.count > 1 { out.append(current) }
    return out
}

/// Filled area under the nonzero rule for non-overlapping subpaths (holes wind the other way).
private func inkArea(_ shape: PathShape) -> Double {
    let signed = polygons(shape.elements).map { poly -> Double in
        var s = 0.0
        for i in poly.indices {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }
    return abs(signed.reduce(0, +))
}

private func bounds(_ shape: PathShape) -> Rect {
    let points = polygons(shape.elements).flatMap { $0 }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return Rect(
        x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0),
        height: (ys.max() ?? 0) - (ys.min() ?? 0))
}

@Suite struct SceneLoadingBuiltinShapeTests {
    static let circleArea = Double.pi * 9.5 * 9.5

    @Test(
        "D22 every built-in is a named, parsed path with visual weight like the 19 pt circle",
        arguments: BuiltinShape.allCases)
    func builtin(_ builtin: BuiltinShape) throws {
        let shape = builtin.pathShape
        #expect(shape.name == builtin.rawValue)
        #expect(!shape.elements.isEmpty)
        #expect(try SVGPathParser.parse(shape.data) == shape.elements)
        // The drawing fits its box.
        let box = bounds(shape)
        #expect(box.minX >= -0.01 && box.minY >= -0.01)
        #expect(box.maxX <= shape.size.width + 0.01 && box.maxY <= shape.size.height + 0.01)
        // Ink within ±40 % of the default circle's.
        let area = inkArea(shape)
        #expect(area > Self.circleArea * 0.6 && area < Self.circleArea * 1.4, "\(builtin): \(area) pt²")
    }

    @Test("D22 the crosshair is 24 pt across with 4.5 pt arms, anchored at its centre")
    func crosshair() {
        let shape = BuiltinShape.crosshair.pathShape
        #expect(bounds(shape) == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(shape.anchor == Point(x: 12, y: 12))
        // Arm thickness: the vertical arm spans x 9.75…14.25.
        let xs = Set(polygons(shape.elements).flatMap { $0 }.map(\.x))
        #expect(xs.contains(9.75) && xs.contains(14.25))
        #expect(abs(inkArea(shape) - (2 * 24 * 4.5 - 4.5 * 4.5)) < 1e-9)
    }

    @Test("D21 the arrows are two solid triangles, anchored at the centre")
    func arrows() {
        for builtin in [BuiltinShape.arrowsHorizontal, .arrowsVertical] {
            let shape = builtin.pathShape
            let polys = polygons(shape.elements)
            #expect(polys.count == 2)
            #expect(polys.allSatisfy { $0.count == 3 })
            #expect(shape.anchor == Point(x: shape.size.width / 2, y: shape.size.height / 2))
        }
        // Horizontal arrows point left and right: their tips are the leftmost and rightmost points.
        let h = polygons(BuiltinShape.arrowsHorizontal.pathShape.elements)
        #expect(h[0][0] == Point(x: 0, y: 9) && h[1][0] == Point(x: 28, y: 9))
    }

    @Test("D22 the target is a 4.5 pt ring around a dot; the marker tip is anchored at its point")
    func targetAndMarker() {
        let target = BuiltinShape.target.pathShape
        #expect(polygons(target.elements).count == 3)
        #expect(target.anchor == Point(x: 12, y: 12))
        let ring = Double.pi * (12 * 12 - 7.5 * 7.5)
        let dot = Double.pi * 9
        #expect(abs(inkArea(target) - (ring + dot)) < 1)
        let marker = BuiltinShape.markerTip.pathShape
        #expect(marker.anchor == Point(x: 8, y: 24))
        #expect(bounds(marker).maxY == 24)
    }
}
