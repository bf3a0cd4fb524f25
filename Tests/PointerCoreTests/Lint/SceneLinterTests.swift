import Testing
@testable import PointerCore

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
            Region(id: "b\(i)", frame: Rect(x: Double(i) * 45, y: 0, width: 37, height: 37), effect: .highlight, group: "bar")
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
}
