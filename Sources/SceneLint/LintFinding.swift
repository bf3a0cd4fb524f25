import PointerCore
import SceneFormat

/// How bad a lint finding is. `lint` exits 1 when any finding is an error.
public enum LintSeverity: String, Sendable, Equatable, Comparable, CaseIterable {
    /// The pointer visibly misbehaves (it falls back to the circle between controls,
    /// a group flickers between effects, a shape breaks the 4.5 pt stroke minimum).
    case error
    /// Works, but departs from the WWDC20 design guidance.
    case warning

    public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
        a == .error && b == .warning
    }
}

/// One design-rule violation in a scene: which rule, how bad, which regions, where in
/// the file, what is wrong and a concrete fix a designer can type in.
public struct LintFinding: Sendable, Equatable {
    /// Stable rule id, e.g. `group-mixed-effects` (see `SceneLinter.catalogue`).
    public var rule: String
    public var severity: LintSeverity
    /// The regions concerned; the first one is where `location` points.
    public var regions: [String]
    /// Where the first region (or the offending object) starts in the scene file.
    public var location: SourceLocation?
    /// A JSON-path-like subject when the finding is not about a region (`modifiers[0].shape`).
    public var subject: String?
    public var message: String
    public var fix: String
    /// > 0 for the line that stands for this many further findings of the rule that
    /// were not printed (`SceneLimits.lintFindingsPerRule`); they still count.
    public var omitted: Int = 0

    public init(
        rule: String, severity: LintSeverity, regions: [String], location: SourceLocation?,
        subject: String? = nil, message: String, fix: String
    ) {
        self.rule = rule
        self.severity = severity
        self.regions = regions
        self.location = location
        self.subject = subject
        self.message = message
        self.fix = fix
    }
}

/// A rule's entry in the catalogue (`lint --rules`, docs/designing-scenes.md).
public struct LintRuleInfo: Sendable, Equatable {
    public var id: String
    public var severity: LintSeverity
    /// One sentence: what the rule catches and why it matters.
    public var summary: String
    /// The behaviours (docs/behaviours.md) the rule enforces.
    public var reference: String

    public init(id: String, severity: LintSeverity, summary: String, reference: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.reference = reference
    }
}
