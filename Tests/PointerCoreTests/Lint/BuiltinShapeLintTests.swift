import Testing

@testable import PointerCore
@testable import SceneLint

@Suite struct BuiltinShapeLintTests {
    @Test(
        "D22 the built-in shapes meet the custom-shape rules they teach (4.5 pt strokes, 19 pt weight, centred anchors)",
        arguments: BuiltinShape.allCases)
    func builtins(_ b: BuiltinShape) throws {
        let shape = BuiltinShapes.shape(b)
        let region = Region(id: "r", frame: Rect(x: 0, y: 0, width: 200, height: 200), shape: .path(shape))
        let findings = SceneLinter.lint(Scene(regions: [region]))
        let m = try #require(ShapeMetrics(shape: shape))
        #expect(m.thinnestStroke >= 4.25 && abs(m.visualWeight - 19) < 4)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}
