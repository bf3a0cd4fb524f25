import PointerCore
import SceneFormat

/// `group-mixed-sizes` (behaviour C18): controls in a row share one height (a
/// column shares one width), so the pointer keeps its size while it snaps along.
/// Toolbar buttons are 37 pt tall.
public struct GroupSizeRule: LintRule {
    public static let mixed = LintRuleInfo(
        id: "group-mixed-sizes", severity: .warning,
        summary:
            "Members of a group laid out in a row differ in height (in a column: width); toolbar buttons are 37 pt.",
        reference: "C18")
    public static let toolbarHeight = 37.0

    public var catalogue: [LintRuleInfo] { [Self.mixed] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (name, members) in context.groups where members.count > 1 {
            let xs = members.map(\.frame.midX)
            let ys = members.map(\.frame.midY)
            let row = spread(xs) >= spread(ys)
            let dimension = row ? "tall" : "wide"
            let key = row ? "height" : "width"
            let values = members.map { row ? $0.frame.height : $0.frame.width }
            guard var common = mode(values) else { continue }
            // No majority in a row of bar buttons: suggest the toolbar height.
            let highlights = members.filter { $0.effect == .highlight }.count * 2 > members.count
            if common.count == 1 && row && highlights { common = (Self.toolbarHeight, 0) }
            for (m, v) in zip(members, values) where abs(v - common.value) > 1 {
                let others =
                    common.count > 0
                    ? "\(common.count) other member(s) of group '\(name)' are \(pt(common.value)) pt"
                    : "the members of group '\(name)' all differ"
                let hint =
                    row && highlights && common.value != Self.toolbarHeight ? " (toolbar buttons are 37 pt tall)" : ""
                findings.append(
                    context.finding(
                        Self.mixed, [m],
                        "'\(m.id)' is \(pt(v)) pt \(dimension) but \(others)\(hint): the pointer changes size as it moves along",
                        fix: "make the frame \(key) of '\(m.id)' \(pt(common.value)) pt"))
            }
        }
        return findings
    }
}
