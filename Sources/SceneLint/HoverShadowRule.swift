import PointerCore
import SceneFormat

/// `hover-shadow-without-scale` (behaviour C16): a hover shadow is only drawn when
/// the object scales, so `"shadow": true` with `"scale": 1` does nothing.
public struct HoverShadowRule: LintRule {
    public static let shadow = LintRuleInfo(
        id: "hover-shadow-without-scale", severity: .warning,
        summary: "Hover asks for a shadow but does not scale; the shadow is only drawn with scale.", reference: "C16")

    public var catalogue: [LintRuleInfo] { [Self.shadow] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        context.layout.regions.compactMap { r in
            guard case .hover(let style) = r.effect, style.shadow, style.scale <= 1 else { return nil }
            return context.finding(
                Self.shadow, [r],
                "'\(r.id)' asks for a hover shadow with scale \(pt(style.scale)): the shadow is only drawn when the object scales",
                fix: "set \"scale\": 1.05 in the hover effect of '\(r.id)', or drop \"shadow\"")
        }
    }
}
