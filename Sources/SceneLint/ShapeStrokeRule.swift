import PointerCore
import SceneFormat

/// Custom shapes are solid fills whose strokes are at least 4.5 pt (behaviour D22).
/// - `shape-stroke-thin`: the thinnest limb, measured on the raster (`PathRaster`), is
///   under 4.5 pt (with a quarter-point allowance for the grid).
/// - `shape-empty`: the path fills nothing (e.g. only open lines, which have no area).
public struct ShapeStrokeRule: LintRule {
    public static let thin = LintRuleInfo(
        id: "shape-stroke-thin", severity: .error,
        summary: "A part of a custom shape is thinner than 4.5 pt (measured on a 0.125 pt raster).", reference: "D22")
    public static let empty = LintRuleInfo(
        id: "shape-empty", severity: .error,
        summary: "A custom shape's path encloses no area, so nothing would be drawn.", reference: "D22")
    /// Measurement allowance (two raster cells).
    static let allowance = 0.25

    public var catalogue: [LintRuleInfo] { [Self.thin, Self.empty] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        context.customShapes.compactMap { use in
            guard let m = use.metrics else {
                return use.finding(
                    Self.empty, "\(use.name) encloses no area: the path is filled, so open lines draw nothing",
                    fix: "draw the shape as closed outlines (end each subpath with Z); thicken lines into ≥ 4.5 pt bars"
                )
            }
            guard m.thinnestStroke < ShapeMetrics.minimumStroke - Self.allowance else { return nil }
            return use.finding(
                Self.thin,
                "\(use.name) has a part only about \(pt((m.thinnestStroke * 10).rounded() / 10)) pt thick: "
                    + "custom shapes need strokes of at least 4.5 pt to stay visible over any background",
                fix: "thicken the thinnest part to 4.5 pt or more (the crosshair's arms are 4.5 pt)")
        }
    }
}
