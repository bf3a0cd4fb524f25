import PointerCore
import SceneFormat

/// `group-mixed-effects` (behaviour C18): every member of a group gets the same
/// effect, so moving along a toolbar feels like one control. The one exception is C19:
/// the `selected` segment of a segmented control may lift while the others highlight.
public struct GroupEffectRule: LintRule {
    public static let mixed = LintRuleInfo(
        id: "group-mixed-effects", severity: .error,
        summary: "Members of one group resolve to different effects (a selected segment that lifts is allowed).",
        reference: "C18, C19")

    public var catalogue: [LintRuleInfo] { [Self.mixed] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (name, members) in context.groups where members.count > 1 {
            // C19: the selected segment lifting is part of the design.
            let compared = members.filter { !($0.region.selected && $0.effect == .lift) }
            var counts: [(effect: PointerEffect, members: [LaidOutRegion])] = []
            for m in compared {
                if let i = counts.firstIndex(where: { $0.effect == m.effect }) {
                    counts[i].members.append(m)
                } else {
                    counts.append((m.effect, [m]))
                }
            }
            guard counts.count > 1, let majority = counts.max(by: { $0.members.count < $1.members.count }) else {
                continue
            }
            for entry in counts where entry.effect != majority.effect {
                for odd in entry.members {
                    let why = odd.effectOrigin == "written" ? "" : " (\(odd.effectOrigin))"
                    findings.append(
                        context.finding(
                            Self.mixed, [odd] + majority.members.prefix(1),
                            "'\(odd.id)' gets \(odd.effect.lintDescription)\(why) but \(majority.members.count) other member(s) "
                                + "of group '\(name)' get \(majority.effect.lintDescription): the pointer changes behaviour "
                                + "while moving along one control",
                            fix:
                                "set \"effect\": \(majority.effect.json) on '\(odd.id)' (or move it out of group '\(name)')"
                        ))
                }
            }
        }
        return findings
    }
}
