/// `hit-padding-guidance` (behaviours B7, C18): the hit area reaches about 12 pt
/// beyond a control with a bezel and 24 pt beyond one without. Written padding under
/// half or over twice the guidance is flagged, except on a side that faces a member of
/// the same group closer than the guidance (contiguous controls need less there).
public struct HitPaddingRule: LintRule {
    public static let guidance = LintRuleInfo(
        id: "hit-padding-guidance", severity: .warning,
        summary: "Written hitPadding under half or over twice the guidance (12 pt with a background, 24 pt without).",
        reference: "B7, C18")

    public var catalogue: [LintRuleInfo] { [Self.guidance] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for r in context.layout.regions {
            guard let padding = r.region.hitPadding else { continue }
            // Containers and decoration never take the pointer.
            if r.effect == .none && r.region.shape == nil { continue }
            let g = r.region.hasBackground ? 12.0 : 24.0
            let kind = r.region.hasBackground ? "with a background" : "without a background"
            // Group mates near enough to matter, found through the grid.
            let near = r.region.group == nil ? [] : context.grid.candidates(r.frame.outset(by: EdgeInsets(all: g)))
                .map { context.layout.regions[$0] }
                .filter { $0.index != r.index && $0.region.group == r.region.group }
            func facesNeighbour(_ side: String) -> Bool {
                near.contains { m in
                    let gp = gaps(r.frame, m.frame)
                    switch side {
                    case "top": return gp.x < 0 && m.frame.maxY <= r.frame.minY + 0.5 && r.frame.minY - m.frame.maxY < g
                    case "bottom": return gp.x < 0 && m.frame.minY >= r.frame.maxY - 0.5 && m.frame.minY - r.frame.maxY < g
                    case "left": return gp.y < 0 && m.frame.maxX <= r.frame.minX + 0.5 && r.frame.minX - m.frame.maxX < g
                    default: return gp.y < 0 && m.frame.minX >= r.frame.maxX - 0.5 && m.frame.minX - r.frame.maxX < g
                    }
                }
            }
            let sides = [("top", padding.top), ("right", padding.right), ("bottom", padding.bottom), ("left", padding.left)]
            let small = sides.filter { $0.1 < g / 2 && !facesNeighbour($0.0) }
            let large = sides.filter { $0.1 > g * 2 }
            let describe = { (list: [(String, Double)]) in list.map { "\($0.0) \(pt($0.1))" }.joined(separator: ", ") }
            if !small.isEmpty {
                findings.append(context.finding(
                    Self.guidance, [r],
                    "hitPadding of '\(r.id)' (\(describe(small)) pt) is far below the \(pt(g)) pt guidance for a control "
                        + "\(kind): the pointer must almost touch it before it snaps",
                    fix: "set \"hitPadding\": \(pt(g)) on '\(r.id)', or remove it (\(pt(g)) is the default)"))
            }
            if !large.isEmpty {
                findings.append(context.finding(
                    Self.guidance, [r],
                    "hitPadding of '\(r.id)' (\(describe(large)) pt) is far above the \(pt(g)) pt guidance for a control "
                        + "\(kind): it snaps from far away and steals the pointer from its neighbours",
                    fix: "set \"hitPadding\": \(pt(g)) on '\(r.id)', or remove it (\(pt(g)) is the default)"))
            }
        }
        return findings
    }
}
