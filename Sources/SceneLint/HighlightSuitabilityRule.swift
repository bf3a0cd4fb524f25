import PointerCore
import SceneFormat

/// Highlight is for small controls without a background (behaviours C14, C18): the
/// pointer itself becomes the control's rounded background.
/// - `highlight-on-large`: longer side over 100 pt (bar buttons are 37 pt, text buttons
///   like "Cancel" up to about 80) or wider than 3:1 — a platter that big reads as a
///   selection, not a pointer; use hover. Segments of a segmented control (a group with a
///   `selected` member, C19) may be wide: for them only a longer side over 160 pt counts.
/// - `highlight-on-rectangular`: a sharp-cornered object (corner radius under 2 pt) —
///   the pointer morphs into a hard-edged rectangle around it; use hover, or round it.
/// - `highlight-on-background`: the object already has a bezel (`content.fill`), so
///   the pointer draws a second background around it; use lift.
public struct HighlightSuitabilityRule: LintRule {
    public static let large = LintRuleInfo(
        id: "highlight-on-large", severity: .warning,
        summary:
            "Highlight on an object longer than 100 pt or wider than 3:1 (segments: longer than 160 pt); use hover.",
        reference: "C14, C18, C19")
    public static let largeLimit = 100.0
    public static let rectangular = LintRuleInfo(
        id: "highlight-on-rectangular", severity: .warning,
        summary: "Highlight on a sharp-cornered object (cornerRadius under 2 pt); use hover or round the corners.",
        reference: "C14, C18")
    public static let background = LintRuleInfo(
        id: "highlight-on-background", severity: .warning,
        summary: "Highlight on an object that has its own background (content.fill); use lift.", reference: "C14, C15")

    public var catalogue: [LintRuleInfo] { [Self.large, Self.rectangular, Self.background] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for r in context.layout.regions where r.effect == .highlight {
            let size = "\(pt(r.frame.width))×\(pt(r.frame.height)) pt"
            let segmented = context.isSegmented(r)
            let limit = segmented ? EffectResolver.mediumLimit : Self.largeLimit
            if r.longerSide > limit || (!segmented && r.aspect > EffectResolver.wideAspect) {
                findings.append(
                    context.finding(
                        Self.large, [r],
                        "'\(r.id)' is \(size) with highlight: the pointer would become a platter that large",
                        fix: "use \"effect\": \"hover\" on '\(r.id)', or make it at most \(pt(limit)) pt long"
                            + (segmented ? "" : " and at most 3 times as wide as tall")))
            } else if r.cornerRadius < 2 {
                findings.append(
                    context.finding(
                        Self.rectangular, [r],
                        "'\(r.id)' has square corners (cornerRadius \(pt(r.cornerRadius))) with highlight: the pointer "
                            + "morphs into a hard-edged rectangle",
                        fix: "set \"cornerRadius\": 8 on '\(r.id)' (the default), or use \"effect\": \"hover\""))
            }
            if r.region.hasBackground {
                findings.append(
                    context.finding(
                        Self.background, [r],
                        "'\(r.id)' has its own background (content.fill) with highlight: the pointer draws a second "
                            + "background around it",
                        fix: "use \"effect\": \"lift\" on '\(r.id)', or remove content.fill"))
            }
        }
        return findings
    }
}
