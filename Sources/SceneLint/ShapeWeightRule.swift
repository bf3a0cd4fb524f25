import PointerCore
import SceneFormat

/// `shape-visual-weight` (behaviour D22): a custom shape should weigh about as much
/// as the 19 pt circle. Weight = √(longer side × diameter of a disc with the same filled
/// area) (`ShapeMetrics.visualWeight`): the disc weighs 19, the 24 pt crosshair with
/// 4.5 pt arms about 19.5. Flagged outside 19 ÷ 1.3 … 19 × 1.3 (14.6 … 24.7 pt).
public struct ShapeWeightRule: LintRule {
    public static let weight = LintRuleInfo(
        id: "shape-visual-weight", severity: .warning,
        summary:
            "A custom shape much lighter or heavier than the 19 pt circle (the crosshair is 24 pt with thin arms).",
        reference: "D22")
    public static let tolerance = 1.3

    public var catalogue: [LintRuleInfo] { [Self.weight] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        let reference = ShapeMetrics.referenceDiameter
        return context.customShapes.compactMap { use in
            guard let m = use.metrics else { return nil }
            let w = m.visualWeight
            guard w < reference / Self.tolerance || w > reference * Self.tolerance else { return nil }
            let k = reference / w
            let box = "\(pt(m.bounds.width))×\(pt(m.bounds.height))"
            let target = "\(pt((m.bounds.width * k).rounded()))×\(pt((m.bounds.height * k).rounded()))"
            return use.finding(
                Self.weight,
                "\(use.name) weighs like a \(pt(w.rounded())) pt circle (\(box) pt, \(pt(m.area.rounded())) pt² of fill): "
                    + "\(w < reference ? "too light to find" : "heavier than the pointer it replaces")",
                fix:
                    "scale the path by \(pt(k)) (about \(target) pt); a 19 pt circle is the reference, a 24 pt cross with 4.5 pt arms matches it"
            )
        }
    }
}
