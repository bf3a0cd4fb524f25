/// `beam-line-mismatch` (MISSION-NOTES A3): over text the I-beam is as tall as the line
/// and snaps to line centres. With `snap.y` as the line pitch, a beam longer than the
/// pitch overlaps the neighbouring lines and one under half of it looks detached.
/// (Horizontal beams against `snap.x` likewise.)
public struct BeamLengthRule: LintRule {
    public static let mismatch = LintRuleInfo(
        id: "beam-line-mismatch", severity: .warning,
        summary: "A beam longer than the snap pitch (overlaps the next line) or under half of it.", reference: "A3")

    public var catalogue: [LintRuleInfo] { [Self.mismatch] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        context.layout.regions.compactMap { r in
            let (length, pitch, axis): (Double?, Double?, String)
            switch r.region.shape {
            case .verticalBeam(let l)?: (length, pitch, axis) = (l, r.region.snap?.y, "y")
            case .horizontalBeam(let l)?: (length, pitch, axis) = (l, r.region.snap?.x, "x")
            default: return nil
            }
            guard let length, let pitch, length > pitch + 0.5 || length < pitch / 2 else { return nil }
            let problem = length > pitch ? "longer than" : "under half of"
            return context.finding(
                Self.mismatch, [r],
                "the beam of '\(r.id)' is \(pt(length)) pt, \(problem) its \(pt(pitch)) pt line pitch (snap.\(axis))",
                fix: "set the beam's \"length\" to \(pt(pitch)) on '\(r.id)', or leave it out (it defaults to snap.\(axis))")
        }
    }
}
