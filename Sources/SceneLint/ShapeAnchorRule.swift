import PointerCore
import SceneFormat

/// `shape-anchor-off-centre` (behaviour D22): the anchor is the point of the shape
/// that sits on the pointer position; a shape symmetric on both axes (a cross, a target,
/// double arrows) means its centre. Symmetric = under 3% of the fill misses its mirror
/// image left–right and top–bottom; off-centre = more than 1 pt and 10% of the longer
/// side from the centre of the filled bounds.
public struct ShapeAnchorRule: LintRule {
    public static let offCentre = LintRuleInfo(
        id: "shape-anchor-off-centre", severity: .warning,
        summary: "A custom shape symmetric on both axes whose anchor is not at its centre.", reference: "D22")

    public var catalogue: [LintRuleInfo] { [Self.offCentre] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        context.customShapes.compactMap { use in
            guard let m = use.metrics, m.asymmetryX < 0.03, m.asymmetryY < 0.03 else { return nil }
            let centre = m.bounds.center
            let off = use.shape.anchor.distance(to: centre)
            guard off > max(1, 0.1 * max(m.bounds.width, m.bounds.height)) else { return nil }
            return use.finding(
                Self.offCentre,
                "\(use.name) is symmetric but its anchor [\(pt(use.shape.anchor.x)), \(pt(use.shape.anchor.y))] is "
                    + "\(pt(off.rounded())) pt from its centre: clicks land off the point the shape shows",
                fix:
                    "set \"anchor\": [\(pt(centre.x)), \(pt(centre.y))], or centre the path in its \"size\" box and drop \"anchor\""
            )
        }
    }
}
