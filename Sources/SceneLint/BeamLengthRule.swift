import PointerCore
import SceneFormat

/// `beam-line-mismatch` (behaviour A3): over text the I-beam is as tall as the line
/// and snaps to line centres. With `snap.y` as the line pitch, a beam longer than the
/// pitch overlaps the neighbouring lines and one under half of it looks detached.
/// (Horizontal beams against `snap.x` likewise.)
/// `beam-without-line-grid`: a vertical beam in a region more than two beams tall with no
/// `snap.y` floats between lines instead of snapping to them (a one-line field is fine).
public struct BeamLengthRule: LintRule {
    public static let mismatch = LintRuleInfo(
        id: "beam-line-mismatch", severity: .warning,
        summary: "A beam longer than the snap pitch (overlaps the next line) or under half of it.", reference: "A3")

    public static let noGrid = LintRuleInfo(
        id: "beam-without-line-grid", severity: .warning,
        summary: "An I-beam in a multi-line text region without snap.y: it floats between lines.", reference: "A3")

    public var catalogue: [LintRuleInfo] { [Self.mismatch, Self.noGrid] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        lengths(context) + grids(context)
    }

    func grids(_ context: LintContext) -> [LintFinding] {
        context.layout.regions.compactMap { r in
            guard case .verticalBeam(let l)? = r.region.shape, r.region.snap?.y == nil else { return nil }
            let length = l ?? ShapeResolver.defaultBeamLength
            guard r.frame.height > 2 * length else { return nil }
            return context.finding(
                Self.noGrid, [r],
                "'\(r.id)' is \(pt(r.frame.height)) pt tall with an I-beam but no line grid: the beam floats between lines",
                fix:
                    "add \"snap\": { \"y\": <line pitch> } to '\(r.id)' (e.g. 22), with \"origin\" at the first line's top"
            )
        }
    }

    func lengths(_ context: LintContext) -> [LintFinding] {
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
                fix:
                    "set the beam's \"length\" to \(pt(pitch)) on '\(r.id)', or leave it out (it defaults to snap.\(axis))"
            )
        }
    }
}
