import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat
@testable import SceneLint

@Suite struct LintReportTests {
    typealias F = LintFixtures

    func report() -> LintReport {
        var bar = (0..<2).map { i in
            Region(
                id: "b\(i)", frame: Rect(x: Double(i) * 45, y: 0, width: 37, height: 37), effect: .highlight,
                group: "bar")
        }
        bar[1].effect = .lift
        bar[1].content = F.fill
        var r = LintReport()
        r.add(file: "test.json", findings: SceneLinter.lint(F.scene(bar)))
        r.add(
            file: "broken.json",
            loadErrors: [
                SceneDiagnostic(
                    location: SourceLocation(file: "broken.json", line: 3, column: 7), jsonPath: "regions[0].efect",
                    message: "unknown key \"efect\"", suggestion: "did you mean \"effect\"?")
            ])
        return r
    }

    @Test("one finding per line as file:line:column: severity: [rule] message (regions). Fix: …, then a summary")
    func text() {
        let lines = report().text().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("test.json:3:5: error: [group-mixed-effects] 'b1' gets lift"))
        #expect(lines[0].contains("(regions: b1, b0). Fix: set \"effect\": \"highlight\" on 'b1'"))
        #expect(
            lines[1]
                == "broken.json:3:7: error: [scene-invalid] regions[0].efect: unknown key \"efect\". Fix: did you mean \"effect\"?"
        )
        #expect(lines[2] == "2 scenes checked: 2 errors, 0 warnings")
    }

    @Test("--json gives every field a tool needs, and the counts")
    func json() throws {
        let data = Data(report().json().utf8)
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(doc["errors"] as? Int == 2)
        #expect(doc["warnings"] as? Int == 0)
        #expect(doc["files"] as? [String] == ["test.json", "broken.json"])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let first = findings[0]
        #expect(first["rule"] as? String == "group-mixed-effects")
        #expect(first["severity"] as? String == "error")
        #expect(first["regions"] as? [String] == ["b1", "b0"])
        #expect(first["line"] as? Int == 3 && first["column"] as? Int == 5)
        #expect((first["fix"] as? String)?.isEmpty == false && (first["message"] as? String)?.isEmpty == false)
    }

    @Test("the rule list names every rule with its severity")
    func catalogue() {
        let text = LintReport.catalogueText()
        for info in SceneLinter.catalogue {
            #expect(text.contains(info.id) && text.contains(info.summary))
        }
    }
}
