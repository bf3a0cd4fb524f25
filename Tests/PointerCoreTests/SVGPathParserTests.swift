import Foundation
import Testing

@testable import PointerCore

private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private func parse(_ d: String) throws -> [PathElement] { try SVGPathParser.parse(d) }

/// Points equal within 1e-9 element by element.
private func close(_ a: [PathElement], _ b: [PathElement], tolerance: Double = 1e-9) -> Bool {
    guard a.count == b.count else { return false }
    func near(_ p: Point, _ q: Point) -> Bool { p.distance(to: q) <= tolerance }
    for (x, y) in zip(a, b) {
        switch (x, y) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
            if !near(p, q) { return false }
        case (.cubic(let p1, let p2, let p3), .cubic(let q1, let q2, let q3)):
            if !(near(p1, q1) && near(p2, q2) && near(p3, q3)) { return false }
        case (.close, .close):
            continue
        default:
            return false
        }
    }
    return true
}

/// Samples every cubic of `elements` (starting from the preceding end point).
private func samples(_ elements: [PathElement], perCurve: Int = 64) -> [Point] {
    var current = Point.zero
    var out: [Point] = []
    for e in elements {
        switch e {
        case .move(let p), .line(let p):
            current = p
        case .cubic(let c1, let c2, let p):
            for i in 0...perCurve {
                let t = Double(i) / Double(perCurve)
                let u = 1 - t
                out.append(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
            }
            current = p
        case .close:
            break
        }
    }
    return out
}

private func endPoint(_ elements: [PathElement]) -> Point? {
    for e in elements.reversed() {
        switch e {
        case .move(let p), .line(let p), .cubic(_, _, let p): return p
        case .close: continue
        }
    }
    return nil
}

@Suite struct SVGPathParserTests {
    @Test("M, L, H, V, Z absolute and relative, with implicit lineto after moveto")
    func lines() throws {
        #expect(
            try parse("M10 20 L30 40 H50 V60 Z") == [
                .move(point(10, 20)), .line(point(30, 40)), .line(point(50, 40)), .line(point(50, 60)), .close,
            ])
        #expect(
            try parse("m10 20 l30 40 h5 v-6 z") == [
                .move(point(10, 20)), .line(point(40, 60)), .line(point(45, 60)), .line(point(45, 54)), .close,
            ])
        // Extra pairs after M are lines (absolute), after m relative lines.
        #expect(try parse("M1 2 3 4 5 6") == [.move(point(1, 2)), .line(point(3, 4)), .line(point(5, 6))])
        #expect(try parse("m1 2 3 4 5 6") == [.move(point(1, 2)), .line(point(4, 6)), .line(point(9, 12))])
        // Repeated H / V / L arguments.
        #expect(
            try parse("M0 0 H1 2 3 V4 5") == [
                .move(point(0, 0)), .line(point(1, 0)), .line(point(2, 0)), .line(point(3, 0)), .line(point(3, 4)),
                .line(point(3, 5)),
            ])
        #expect(try parse("M0 0 l1 1 1 1") == [.move(point(0, 0)), .line(point(1, 1)), .line(point(2, 2))])
    }

    @Test("after Z the pen is back at the subpath start; a relative moveto or a drawing command starts from there")
    func closeAndContinue() throws {
        #expect(
            try parse("M10 10 L20 10 Z l5 5") == [
                .move(point(10, 10)), .line(point(20, 10)), .close, .move(point(10, 10)), .line(point(15, 15)),
            ])
        #expect(
            try parse("M10 10 L20 10 z m5 5 l1 0") == [
                .move(point(10, 10)), .line(point(20, 10)), .close, .move(point(15, 15)), .line(point(16, 15)),
            ])
        // A leading relative moveto is absolute.
        #expect(try parse("m5 5") == [.move(point(5, 5))])
    }

    @Test("C and c cubics; S and s reflect the previous second control point")
    func cubics() throws {
        #expect(
            try parse("M0 0 C10 0 20 10 20 20") == [
                .move(point(0, 0)), .cubic(point(10, 0), point(20, 10), point(20, 20)),
            ])
        #expect(
            try parse("M5 5 c10 0 20 10 20 20") == [
                .move(point(5, 5)), .cubic(point(15, 5), point(25, 15), point(25, 25)),
            ])
        #expect(
            try parse("M0 0 C10 0 20 10 20 20 S30 40 40 40") == [
                .move(point(0, 0)), .cubic(point(10, 0), point(20, 10), point(20, 20)),
                .cubic(point(20, 30), point(30, 40), point(40, 40)),
            ])
        #expect(
            try parse("M0 0 c10 0 20 10 20 20 s10 20 20 20") == [
                .move(point(0, 0)), .cubic(point(10, 0), point(20, 10), point(20, 20)),
                .cubic(point(20, 30), point(30, 40), point(40, 40)),
            ])
        // S without a preceding cubic uses the current point as first control point.
        #expect(
            try parse("M0 0 L10 0 S20 10 30 0") == [
                .move(point(0, 0)), .line(point(10, 0)), .cubic(point(10, 0), point(20, 10), point(30, 0)),
            ])
        // Implicit repeat of C.
        #expect(try parse("M0 0 C1 1 2 2 3 3 4 4 5 5 6 6").count == 3)
    }

    @Test("Q and q become exact cubics; T and t reflect the previous quadratic control point")
    func quadratics() throws {
        // Q from (0,0) via (30,30) to (60,0): cubic controls at 2/3 toward the control point.
        #expect(
            close(
                try parse("M0 0 Q30 30 60 0"), [.move(point(0, 0)), .cubic(point(20, 20), point(40, 20), point(60, 0))])
        )
        #expect(
            close(
                try parse("M0 0 q30 30 60 0"), [.move(point(0, 0)), .cubic(point(20, 20), point(40, 20), point(60, 0))])
        )
        // T reflects (30,30) about (60,0) to (90,-30).
        #expect(
            close(
                try parse("M0 0 Q30 30 60 0 T120 0"),
                [
                    .move(point(0, 0)), .cubic(point(20, 20), point(40, 20), point(60, 0)),
                    .cubic(point(80, -20), point(100, -20), point(120, 0)),
                ]))
        #expect(
            close(
                try parse("M0 0 q30 30 60 0 t60 0"),
                [
                    .move(point(0, 0)), .cubic(point(20, 20), point(40, 20), point(60, 0)),
                    .cubic(point(80, -20), point(100, -20), point(120, 0)),
                ]))
        // T without a preceding quadratic is a straight segment (control = current point).
        #expect(close(try parse("M0 0 T30 0"), [.move(point(0, 0)), .cubic(point(0, 0), point(10, 0), point(30, 0))]))
        // The quadratic's curve is reproduced exactly: midpoint of Q(0,0)(30,30)(60,0) is (30,15).
        let mid = samples(try parse("M0 0 Q30 30 60 0"), perCurve: 2)[1]
        #expect(mid.distance(to: point(30, 15)) < 1e-12)
    }

    @Test("numbers: signs, decimals without a leading zero, exponents, packed \"1.5.5\" and \"-1-2\"")
    func numberSyntax() throws {
        #expect(try parse("M1.5.5") == [.move(point(1.5, 0.5))])
        #expect(try parse("M-1-2") == [.move(point(-1, -2))])
        #expect(try parse("M+3,+4") == [.move(point(3, 4))])
        #expect(try parse("M1e1,2E-1") == [.move(point(10, 0.2))])
        #expect(try parse("M.5-.5") == [.move(point(0.5, -0.5))])
        #expect(try parse("M0,0L10,10,20,20") == [.move(point(0, 0)), .line(point(10, 10)), .line(point(20, 20))])
        #expect(try parse("  M 1\t2\n3\r4  ") == [.move(point(1, 2)), .line(point(3, 4))])
        #expect(try parse("") == [])
    }

    @Test("arc flags may be packed without separators: a10 10 0 011 1")
    func packedFlags() throws {
        let packed = try parse("M0 0 a10 10 0 011 1")
        let spaced = try parse("M0 0 a10 10 0 0 1 1 1")
        #expect(packed == spaced)
        #expect(endPoint(packed) == point(1, 1))
        #expect(try parse("M0 0 A10 10 0 1,0 5,5") == (try parse("M0 0 A10 10 0 1 0 5 5")))
    }

    @Test("arcs: endpoints exact, ≤ 90° per cubic, within 0.1 pt of the true circle, flags pick the right centre")
    func arcAccuracy() throws {
        // Semicircle from (0,0) to (200,0), r = 100: centre (100, 0).
        for (large, sweep) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let elements = try parse("M0 0 A100 100 0 \(large) \(sweep) 200 0")
            let cubics = elements.filter { if case .cubic = $0 { return true } else { return false } }
            #expect(cubics.count == 2, "180° needs two ≤ 90° pieces")
            #expect(endPoint(elements) == point(200, 0))
            let points = samples(elements)
            let worst = points.map { abs($0.distance(to: point(100, 0)) - 100) }.max() ?? .infinity
            #expect(worst <= 0.1, "radial error \(worst)")
            // sweep = 1 is clockwise on screen (y down): it passes above the chord (y < 0).
            let midY = points[points.count / 2].y
            #expect(sweep == 1 ? midY < -99 : midY > 99)
        }
        // A quarter circle: small arc vs large arc between the same points, r = 50.
        let small = try parse("M50 0 A50 50 0 0 1 100 50") // centre (50, 50), 90°
        let large = try parse("M50 0 A50 50 0 1 0 100 50") // same centre, 270° the other way
        #expect(small.count == 2 && large.count == 4)
        for elements in [small, large] {
            let worst = samples(elements).map { abs($0.distance(to: point(50, 50)) - 50) }.max() ?? .infinity
            #expect(worst <= 0.1)
            #expect(endPoint(elements) == point(100, 50))
        }
        // Relative arc.
        let relative = try parse("M10 10 a10 10 0 0 1 20 0")
        #expect(endPoint(relative) == point(30, 10))
        #expect((samples(relative).map { abs($0.distance(to: point(20, 10)) - 10) }.max() ?? 1) <= 0.1)
    }

    @Test("arcs: rotated ellipses stay on the ellipse; too-small radii are scaled up; degenerate cases")
    func arcEdgeCases() throws {
        // Ellipse rx 60, ry 30 rotated 30°, centred at the origin: from angle 0 to angle 180.
        let phi = 30.0 * .pi / 180
        func onEllipse(_ t: Double) -> Point {
            point(60 * cos(t) * cos(phi) - 30 * sin(t) * sin(phi), 60 * cos(t) * sin(phi) + 30 * sin(t) * cos(phi))
        }
        let a = onEllipse(0)
        let b = onEllipse(.pi)
        let rotated = try parse("M\(a.x) \(a.y) A60 30 30 0 1 \(b.x) \(b.y)")
        for p in samples(rotated) {
            // Back into the ellipse's own frame: (x/rx)² + (y/ry)² should be 1.
            let x = p.x * cos(phi) + p.y * sin(phi)
            let y = -p.x * sin(phi) + p.y * cos(phi)
            let r = ((x / 60) * (x / 60) + (y / 30) * (y / 30)).squareRoot()
            #expect(abs(r - 1) * 30 <= 0.1)
        }
        // Radii too small for the chord are scaled up just enough: a semicircle of r = 50.
        let scaled = try parse("M0 0 A10 10 0 0 1 100 0")
        #expect((samples(scaled).map { abs($0.distance(to: point(50, 0)) - 50) }.max() ?? 1) <= 0.1)
        // Zero radius is a straight line; identical endpoints draw nothing.
        #expect(try parse("M0 0 A0 10 0 0 1 10 10") == [.move(point(0, 0)), .line(point(10, 10))])
        #expect(try parse("M5 5 A10 10 0 0 1 5 5") == [.move(point(5, 5))])
        // Negative radii use their absolute value.
        #expect(try parse("M0 0 A-100 -100 0 0 1 200 0") == (try parse("M0 0 A100 100 0 0 1 200 0")))
    }

    @Test("errors name the character offset and what was expected")
    func errors() {
        let cases: [(String, Int, String)] = [
            ("L10 10", 0, "'M' or 'm'"),
            ("10 10", 0, "'M' or 'm'"),
            ("M 10", 4, "a number (moveto y)"),
            ("M0 0 X", 5, "a command letter or a number"),
            ("M0 0 L10 x", 9, "a number (lineto y)"),
            ("M0 0 A10 10 0 2 1 5 5", 14, "large-arc flag 0 or 1"),
            ("M0 0 A10 10 0 0 x 5 5", 16, "sweep flag 0 or 1"),
            ("M0 0 C1 2 3 4 5", 15, "a number (curveto end point y)"),
            ("M0 0 Z 5", 7, "a command letter"),
            ("M0 0 L1 2,,3 4", 10, "a command letter or a number"),
            ("M0 0 L1 -", 8, "a number (lineto y)"),
        ]
        for (data, offset, expected) in cases {
            do {
                _ = try SVGPathParser.parse(data)
                Issue.record("\(data) should fail")
            } catch {
                #expect(error.offset == offset, "\(data): \(error)")
                #expect(error.expected == expected, "\(data): \(error)")
            }
        }
    }
}
