import PointerCore
import SceneFormat

/// One design concern: its catalogue entries and the check itself (pure: the same scene
/// always gives the same findings).
public protocol LintRule: Sendable {
    var catalogue: [LintRuleInfo] { get }
    func check(_ context: LintContext) -> [LintFinding]
}

/// Checks a scene against the WWDC20 pointer design guidance (behaviours C18, D22).
/// `adaptive-pointer lint` runs this; the rules and their ids are listed in
/// docs/designing-scenes.md and by `lint --rules`.
public enum SceneLinter {
    public static let rules: [any LintRule] = [
        GroupEffectRule(),
        GroupSizeRule(),
        GroupHitGapRule(),
        HitPaddingRule(),
        HighlightSuitabilityRule(),
        LiftSuitabilityRule(),
        LiftShadowClipRule(),
        HoverShadowRule(),
        CornerRadiusRule(),
        SnapShapeRule(),
        BeamLengthRule(),
        ShapeWeightRule(),
        ShapeStrokeRule(),
        ShapeAnchorRule(),
        InertSettingRule(),
    ]

    /// Every rule id with its severity and summary, in the order above.
    public static var catalogue: [LintRuleInfo] { rules.flatMap(\.catalogue) }

    /// All findings, ordered by position in the file (findings without one last), then rule id.
    public static func lint(_ scene: Scene, images: (any SceneImageSource)? = nil) -> [LintFinding] {
        let context = LintContext(scene: scene, images: images)
        let findings = merged(rules.flatMap { $0.check(context) })
        return findings.enumerated().sorted { a, b in
            let la = a.element.location
            let lb = b.element.location
            switch (la, lb) {
            case (let x?, let y?) where x.line != y.line: return x.line < y.line
            case (let x?, let y?) where x.column != y.column: return x.column < y.column
            case (nil, _?): return false
            case (_?, nil): return true
            default:
                if a.element.rule != b.element.rule { return a.element.rule < b.element.rule }
                return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// Identical findings (same rule, regions, subject and message) as one, with the
    /// count in its message: a scene that repeats itself gets one line per problem.
    static func merged(_ findings: [LintFinding]) -> [LintFinding] {
        var index: [String: Int] = [:]
        var counts: [Int] = []
        var out: [LintFinding] = []
        for f in findings {
            let key = ([f.rule, f.subject ?? "", f.message] + f.regions).joined(separator: "\u{1F}")
            if let i = index[key] {
                counts[i] += 1
            } else {
                index[key] = out.count
                out.append(f)
                counts.append(1)
            }
        }
        for i in out.indices where counts[i] > 1 {
            out[i].message += " (found \(SceneLimits.grouped(counts[i])) times)"
        }
        return out
    }
}
