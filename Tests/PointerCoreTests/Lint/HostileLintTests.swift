import Foundation
import Testing

@testable import PointerCore
@testable import SceneLint

/// Lint on the scenes of issue 13 that trapped, hung or printed hundreds of MB.
/// The loader now refuses most of them; lint itself must still hold up when
/// handed such a scene directly (built in code, or by a future loader bug).
@Suite struct HostileLintTests {
    typealias F = LintFixtures

    static func pathShape(_ elements: [PathElement], size: Size = Size(width: 24, height: 24)) -> ShapeSpec {
        .path(PathShape(data: "custom", elements: elements, size: size))
    }

    @Test("D22 shapes measuring 3.1e9 pt or reaching 1e308 are measured without trapping (LintContext.pt, PathRaster)")
    func absurdShapesDoNotTrap() {
        let huge: [PathElement] = [
            .move(.zero), .line(Point(x: 3.1e9, y: 0)), .line(Point(x: 3.1e9, y: 3.1e9)),
            .line(Point(x: 0, y: 3.1e9)), .close,
        ]
        let far: [PathElement] = [.move(.zero), .line(Point(x: 1e308, y: 0)), .line(Point(x: 1e308, y: 1e308)), .close]
        let arc: [PathElement] = [
            .move(.zero), .cubic(Point(x: 1e308, y: -1e308), Point(x: -1e308, y: 1e308), Point(x: 10, y: 10)), .close,
        ]
        for (i, elements) in [huge, far, arc].enumerated() {
            let region = Region(
                id: "r\(i)", frame: Rect(x: 0, y: 0, width: 40, height: 40), shape: Self.pathShape(elements))
            let findings = SceneLinter.lint(F.scene([region]))
            // Lint finished; whatever it found is a sentence with finite numbers.
            for f in findings { #expect(!f.message.contains("nan"), "\(f.message)") }
        }
        #expect(pt(9.61e18) == "9.61e+18")
        #expect(pt(.nan) == "?")
        #expect(pt(-.infinity) == "-∞")
        #expect(pt(12.345) == "12.35")
    }

    @Test("a region 1e9 pt wide is one grid entry, not a billion cells (lint took 150 s and 8.5 GB)")
    func hugeFrameInGrid() {
        let grid = RegionGrid(frames: [
            Rect(x: 0, y: 0, width: 1e9, height: 1e9), Rect(x: 10, y: 10, width: 20, height: 20),
            Rect(x: .nan, y: 0, width: 1, height: 1),
        ])
        #expect(grid.candidates(Rect(x: 15, y: 15, width: 1, height: 1)) == [0, 1])
        #expect(grid.candidates(Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)) == [0, 1])
        let lifted = Region(id: "big", frame: Rect(x: 0, y: 0, width: 1e9, height: 1e9), effect: .lift, content: F.fill)
        let top = Region(id: "top", frame: Rect(x: 5, y: 5, width: 30, height: 30), content: F.fill)
        let f = F.findings([lifted, top], rule: "lift-shadow-clipped")
        #expect(f.map(\.regions) == [["big", "top"]])
    }

    @Test(
        "C15 1000 overlapping lifted tiles: each names at most 3 neighbours, and the report lists 100 per rule plus a count"
    )
    func overlappingTilesAreSummarised() {
        let tiles = (0..<1000).map { i in
            Region(
                id: "t\(i)", frame: Rect(x: Double(i % 7), y: Double(i % 5), width: 60, height: 60), effect: .lift,
                content: F.fill)
        }
        let findings = SceneLinter.lint(F.scene(tiles)).filter { $0.rule == "lift-shadow-clipped" }
        // 999 lifted tiles have tiles on top: 3 findings each at most (it was one per pair, 499 500).
        #expect(findings.count == 3 * 997 + 2 + 1)
        #expect(
            findings.contains { $0.message.contains("(and at least 100 more regions drawn on top within its reach)") })
        #expect(findings.contains { $0.message.contains("(and 7 more regions drawn on top within its reach)") })
        var report = LintReport()
        report.add(file: "tiles.json", findings: findings)
        let lines = report.text().split(separator: "\n")
        #expect(lines.count == 100 + 1 + 1)
        #expect(
            lines[100]
                == "tiles.json: warning: [lift-shadow-clipped] \(findings.count - 100) more [lift-shadow-clipped] findings not shown (at most 100 per rule are listed). Fix: fix the ones listed and lint again"
        )
        #expect(report.warningCount == findings.count)
        #expect(report.json().contains("\"omitted\" : \(findings.count - 100)"))
    }

    @Test("an image shown by 500 regions is decoded once")
    func imagesDecodedOnce() {
        final class Counting: SceneImageSource, @unchecked Sendable {
            var reads = 0
            func image(atPath path: String) -> RasterImage? {
                reads += 1
                return RasterImage(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 256))
            }
        }
        let source = Counting()
        let regions = (0..<500).map { i in
            Region(
                id: "i\(i)", frame: Rect(x: Double(i) * 50, y: 0, width: 40, height: 40),
                content: RegionContent(image: "/icons/same.png"))
        }
        _ = SceneLinter.lint(F.scene(regions), images: source)
        #expect(source.reads == 1)
    }

    @Test("group names with escape sequences are printed escaped in the lint report")
    func reportEscapesNames() {
        let bar = (0..<2).map { i in
            Region(
                id: "b\(i)", frame: Rect(x: Double(i) * 45, y: 0, width: 37, height: i == 0 ? 37 : 44),
                effect: .highlight, group: "bar\u{1B}[2J\n")
        }
        var report = LintReport()
        report.add(file: "evil\u{1B}]0;x\u{07}.json", findings: SceneLinter.lint(F.scene(bar)))
        let text = report.text()
        #expect(!text.dropLast().unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
        #expect(text.contains(#"bar\u001B[2J\n"#))
    }
}
