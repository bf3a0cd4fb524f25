import PointerCore
import SceneFormat

/// `group-hit-gap` (docs/behaviours.md A2, C18): neighbouring members of a group must have
/// touching hit areas (frame + hit padding), or the pointer drops back to the circle
/// for a moment while moving from one to the next.
/// `group-split`: members whose hit areas are more than 48 pt apart are not one control
/// the pointer slides along (a toolbar's leading and trailing clusters): split the group.
public struct GroupHitGapRule: LintRule {
    public static let gap = LintRuleInfo(
        id: "group-hit-gap", severity: .error,
        summary: "Hit areas (frame + hitPadding) of neighbouring members of a group do not touch.",
        reference: "A2, C18")
    public static let split = LintRuleInfo(
        id: "group-split", severity: .warning,
        summary: "A group falls apart into clusters more than 48 pt apart; make each cluster its own group.",
        reference: "A2, C18")
    /// Beyond this the members are separate clusters, not a gap in one control.
    static let clusterDistance = 48.0
    /// Gaps up to this are rounding, not design.
    static let tolerance = 0.5

    public var catalogue: [LintRuleInfo] { [Self.gap, Self.split] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (name, members) in context.groups where members.count > 1 {
            // Members ordered by left edge and by top edge: the nearest neighbour to the right
            // (below) in the same row (column) is the first one past `a` that overlaps it.
            let byX = members.sorted { ($0.frame.minX, $0.index) < ($1.frame.minX, $1.index) }
            let byY = members.sorted { ($0.frame.minY, $0.index) < ($1.frame.minY, $1.index) }
            func nearest(after a: LaidOutRegion, horizontal: Bool) -> LaidOutRegion? {
                let list = horizontal ? byX : byY
                let edge = (horizontal ? a.frame.maxX : a.frame.maxY) - Self.tolerance
                // First member whose leading edge is at or past `edge` (binary search).
                var lo = 0
                var hi = list.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if (horizontal ? list[mid].frame.minX : list[mid].frame.minY) < edge {
                        lo = mid + 1
                    } else {
                        hi = mid
                    }
                }
                for b in list[lo...] where b.index != a.index {
                    let g = gaps(a.frame, b.frame)
                    if horizontal ? g.y < 0 : g.x < 0 { return b }
                }
                return nil
            }
            for a in members {
                // The nearest member to the right in the same row, and below in the same column.
                for horizontal in [true, false] {
                    guard let b = nearest(after: a, horizontal: horizontal) else { continue }
                    let hitGap = horizontal ? b.hitRect.minX - a.hitRect.maxX : b.hitRect.minY - a.hitRect.maxY
                    guard hitGap > Self.tolerance else { continue }
                    let frameGap = horizontal ? b.frame.minX - a.frame.maxX : b.frame.minY - a.frame.maxY
                    if hitGap > Self.clusterDistance {
                        findings.append(
                            context.finding(
                                Self.split, [a, b],
                                "group '\(name)' falls apart: the hit areas of '\(a.id)' and '\(b.id)' are \(pt(hitGap)) pt apart, "
                                    + "so the pointer cannot slide from one to the other",
                                fix:
                                    "give '\(b.id)' and the members beyond it a group of their own (e.g. \"group\": \"\(name)-\(horizontal ? "trailing" : "lower")\")"
                            ))
                        continue
                    }
                    let sides = horizontal ? ("right", "left") : ("bottom", "top")
                    findings.append(
                        context.finding(
                            Self.gap, [a, b],
                            "hit areas of '\(a.id)' and '\(b.id)' (group '\(name)') are \(pt(hitGap)) pt apart: "
                                + "between them the pointer falls back to the circle",
                            fix:
                                "move '\(b.id)' \(pt(hitGap)) pt closer (frames now \(pt(frameGap)) pt apart), or raise the "
                                + "\(sides.0) hitPadding of '\(a.id)' and the \(sides.1) hitPadding of '\(b.id)' by \(pt(hitGap / 2)) pt each"
                        ))
                }
            }
        }
        return findings
    }
}
