import PointerCore
import SceneFormat

/// Lift is for medium elements that have a background (behaviour C15).
/// - `lift-without-background`: no `content.fill` or `content.image` — the pointer hides
///   behind the element, and nothing visible lifts.
/// - `lift-on-large`: longer side over 160 pt or wider than 3:1 — scaling that much
///   surface up is jarring; use hover (scale and shadow are available there). The
///   selected segment of a segmented control (C19) may be wide; only its length counts.
public struct LiftSuitabilityRule: LintRule {
    public static let noBackground = LintRuleInfo(
        id: "lift-without-background", severity: .warning,
        summary: "Lift on an element without content.fill or content.image: nothing visible lifts.", reference: "C15")
    public static let large = LintRuleInfo(
        id: "lift-on-large", severity: .warning,
        summary: "Lift on an element longer than 160 pt or wider than 3:1; use hover.", reference: "C15, C16")

    public var catalogue: [LintRuleInfo] { [Self.noBackground, Self.large] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for r in context.layout.regions where r.effect == .lift {
            if !r.region.hasBackground && r.region.content?.image == nil {
                findings.append(
                    context.finding(
                        Self.noBackground, [r],
                        "'\(r.id)' lifts but has no background: the pointer disappears and nothing visible rises",
                        fix:
                            "give '\(r.id)' a \"content\": { \"fill\": \"#…\" } (or an image), or use \"effect\": \"highlight\""
                    ))
            }
            let segmented = context.isSegmented(r)
            if r.longerSide > EffectResolver.mediumLimit || (!segmented && r.aspect > EffectResolver.wideAspect) {
                findings.append(
                    context.finding(
                        Self.large, [r],
                        "'\(r.id)' is \(pt(r.frame.width))×\(pt(r.frame.height)) pt with lift: scaling that much surface is jarring",
                        fix: "use \"effect\": { \"hover\": { \"scale\": 1.02, \"shadow\": true } } on '\(r.id)'"))
            }
        }
        return findings
    }
}
