/// `lift-shadow-clipped` (MISSION-NOTES C15, C18): a lifted element grows and casts a
/// soft shadow below it; a neighbour inside that reach covers or cuts the shadow.
///
/// The reach modelled here: the element scales about its centre by the engine's lift
/// scale (`EffectTuning.liftScale(for:)`, 1.03–1.15); the shadow spreads
/// `max(4, 10% of the shorter side)` beyond the scaled edges at the sides, 1.5× that
/// below (it is offset downward) and half of it above. Only opaque neighbours count (a
/// `content.fill` or `content.image`): a bare label or glyph does not cut a shadow, and
/// regions the element `hides` while the pointer is in it fade out of the way.
public struct LiftShadowClipRule: LintRule {
    public static let clipped = LintRuleInfo(
        id: "lift-shadow-clipped", severity: .warning,
        summary: "A lifted element's grown size plus shadow reaches a neighbour that would cover or cut it.",
        reference: "C15, C18")
    static let tuning = EffectTuning()

    public var catalogue: [LintRuleInfo] { [Self.clipped] }
    public init() {}

    /// Clearance needed beyond each edge: top, right, bottom, left.
    public static func clearance(for frame: Rect) -> EdgeInsets {
        let reach = max(4, 0.1 * min(frame.width, frame.height))
        let scale = tuning.liftScale(for: frame.size)
        let growX = (scale - 1) / 2 * frame.width, growY = (scale - 1) / 2 * frame.height
        return EdgeInsets(top: growY + reach / 2, right: growX + reach, bottom: growY + reach * 1.5, left: growX + reach)
    }

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        let opaque = context.layout.regions.filter {
            ($0.region.hasBackground || $0.region.content?.image != nil) && $0.region.reveal == nil
        }
        for r in context.layout.regions where r.effect == .lift {
            let hidden = Set(r.region.hides)
            let need = Self.clearance(for: r.frame)
            let extent = r.frame.outset(by: need)
            for n in opaque where !context.related(r, n) && !hidden.contains(n.id) && n.frame.intersects(extent) {
                let g = gaps(r.frame, n.frame)
                // The side the neighbour is on decides which clearance applies.
                let (have, want): (Double, Double)
                if g.x >= g.y {
                    have = g.x
                    want = n.frame.midX > r.frame.midX ? need.right : need.left
                } else {
                    have = g.y
                    want = n.frame.midY > r.frame.midY ? need.bottom : need.top
                }
                findings.append(context.finding(
                    Self.clipped, [r, n],
                    "'\(r.id)' lifts to \(Int((Self.tuning.liftScale(for: r.frame.size) * 100).rounded()))% and its shadow reaches "
                        + "\(pt(want.rounded(.up))) pt out, but '\(n.id)' is \(pt(max(have, 0))) pt away: the shadow is cut off",
                    fix: "leave at least \(pt(want.rounded(.up))) pt between '\(r.id)' and '\(n.id)', "
                        + "or use \"effect\": \"highlight\" or \"hover\" on '\(r.id)'"))
            }
        }
        return findings
    }
}
