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
        let findings = rules.flatMap { $0.check(context) }
        return findings.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            switch (la, lb) {
            case let (x?, y?) where x.line != y.line: return x.line < y.line
            case let (x?, y?) where x.column != y.column: return x.column < y.column
            case (nil, _?): return false
            case (_?, nil): return true
            default:
                if a.element.rule != b.element.rule { return a.element.rule < b.element.rule }
                return a.offset < b.offset
            }
        }.map(\.element)
    }
}
