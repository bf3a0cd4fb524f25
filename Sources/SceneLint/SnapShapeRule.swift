import PointerCore
import SceneFormat

/// `snap-without-shape` (behaviours A4, D23, C18): adaptive precision (`snap`) and
/// rails (`constrainedAxes`) move the pointer in ways the circle does not explain; pair
/// them with a shape that shows the precision (an I-beam for lines, a crosshair for guides).
/// `snap-with-fixed-shape`: a `roundedRect` shape sits centred in its region and never
/// moves, so a snap grid or rail under it has no visible effect; use a beam or a path.
public struct SnapShapeRule: LintRule {
    public static let missing = LintRuleInfo(
        id: "snap-without-shape", severity: .warning,
        summary: "snap or constrainedAxes on a region whose pointer stays the circle.", reference: "A4, C18, D23")

    public static let fixed = LintRuleInfo(
        id: "snap-with-fixed-shape", severity: .warning,
        summary:
            "snap or constrainedAxes under a roundedRect shape, which stays centred in the region and hides the grid.",
        reference: "A4, D21")

    public var catalogue: [LintRuleInfo] { [Self.missing, Self.fixed] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        context.layout.regions.compactMap { r in
            let reg = r.region
            guard reg.snap != nil || !reg.constrainedAxes.isEmpty else { return nil }
            if case .roundedRect? = reg.shape {
                return context.finding(
                    Self.fixed, [r],
                    "'\(r.id)' snaps or holds the pointer, but its roundedRect shape sits still at the region's centre: "
                        + "the grid never shows",
                    fix:
                        "use a shape that follows the pointer, e.g. \"shape\": { \"horizontalBeam\": { \"length\": 60 } } "
                        + "for time slots or { \"verticalBeam\": {} } for lines")
            }
            if let shape = reg.shape, shape != .circle { return nil }
            var what: [String] = []
            if let s = reg.snap {
                if let x = s.x { what.append("snaps to a \(pt(x)) pt grid on x") }
                if let y = s.y { what.append("snaps to a \(pt(y)) pt grid on y") }
            }
            if !reg.constrainedAxes.isEmpty {
                what.append(
                    "holds the pointer on its \(reg.constrainedAxes.map(\.rawValue).sorted().joined(separator: " and ")) centre line"
                )
            }
            let suggestion: String
            if let y = reg.snap?.y, reg.snap?.x == nil {
                suggestion =
                    "\"shape\": { \"verticalBeam\": { \"length\": \(pt(y)) } } for lines of text, or \"shape\": \"crosshair\""
            } else if let x = reg.snap?.x, reg.snap?.y == nil {
                suggestion = "\"shape\": { \"horizontalBeam\": { \"length\": \(pt(x)) } }, or \"shape\": \"crosshair\""
            } else {
                suggestion = "\"shape\": \"crosshair\" (or another shape that shows the precision)"
            }
            return context.finding(
                Self.missing, [r],
                "'\(r.id)' \(what.joined(separator: " and ")) but keeps the circle: the pointer jumps with nothing showing why",
                fix: "give '\(r.id)' \(suggestion)")
        }
    }
}
