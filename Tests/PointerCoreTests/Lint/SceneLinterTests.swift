import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat
@testable import SceneLint

@Suite struct SceneLinterTests {
    typealias F = LintFixtures

    @Test("rule ids are unique, kebab-case and each rule documents itself")
    func catalogue() {
        let ids = SceneLinter.catalogue.map(\.id)
        #expect(Set(ids).count == ids.count)
        for info in SceneLinter.catalogue {
            #expect(info.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(info.id)")
            #expect(!info.summary.isEmpty && !info.reference.isEmpty)
        }
        #expect(ids.contains("group-mixed-effects") && ids.contains("shape-stroke-thin"))
    }

    @Test("every finding names a known rule, its region, a location and a fix; ordered by line")
    func findingShape() {
        var bar = (0..<3).map { i in
            Region(
                id: "b\(i)", frame: Rect(x: Double(i) * 45, y: 0, width: 37, height: 37), effect: .highlight,
                group: "bar")
        }
        bar[2].frame.size.height = 50
        bar[1].hitPadding = EdgeInsets(all: 2)
        let findings = SceneLinter.lint(F.scene(bar))
        let known = Set(SceneLinter.catalogue.map(\.id))
        #expect(findings.count == 2)
        for f in findings {
            #expect(known.contains(f.rule))
            #expect(f.location != nil && !f.fix.isEmpty && !f.regions.isEmpty)
        }
        #expect(findings.map(\.regions.first) == ["b1", "b2"])
    }

    @Test("findings point at the region's line and column as the loader read them")
    func locationsFromTheLoader() throws {
        let text = """
            {
              "version": 1,
              "regions": [
                { "id": "a", "frame": [0, 0, 37, 37], "effect": "highlight", "group": "bar" },
                  { "id": "b", "frame": [45, 0, 37, 37], "effect": "lift", "group": "bar",
                    "content": { "fill": "#FF0000" } },
                { "id": "ring", "frame": [0, 100, 300, 200],
                  "shape": { "path": "M 1 12 A 11 11 0 1 0 23 12 A 11 11 0 1 0 1 12 Z M 3 12 A 9 9 0 1 1 21 12 A 9 9 0 1 1 3 12 Z",
                             "size": [24, 24] } }
              ]
            }
            """
        let scene = try SceneLoader.load(text: text, file: "bar.json")
        let findings = SceneLinter.lint(scene)
        let mixed = try #require(findings.first { $0.rule == "group-mixed-effects" })
        #expect(mixed.location == SourceLocation(file: "bar.json", line: 5, column: 7))
        let thin = try #require(findings.first { $0.rule == "shape-stroke-thin" })
        #expect(thin.location == SourceLocation(file: "bar.json", line: 7, column: 5))
        #expect(thin.severity == .error)
    }

    @Test("docs/designing-scenes.md lists every rule with its severity")
    func documented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/designing-scenes.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for info in SceneLinter.catalogue {
            #expect(
                text.contains("| `\(info.id)` | \(info.severity.rawValue) |"), "\(info.id) is not in the rule table")
        }
    }
}
