import PointerCore
import SceneFormat

/// The pointer morphs into the region's rounded rect (behaviour A2), so the region's
/// `cornerRadius` must match the object as drawn (C18 "wrong corner radius").
/// - `corner-radius-mismatch`: the region has an image (`content.image`), or no content
///   of its own over the canvas mockup (`canvas.image`), and the drawing's corners
///   (measured by `CornerRadiusEstimator`) differ from the region's radius by more than
///   2 pt and 20%. (A content image is clipped to the region's radius, so for it only a
///   rounder drawing counts: a square image in a capsule region is drawn round.) This catches the classic slip: a round button drawn in the image, but
///   the region left at the default 8 pt, so the pointer becomes a rounded square
///   around a circle.
/// - `corner-radius-group-mismatch`: members of a group with the same size but a
///   different radius from the rest (one swatch left at the default 8 pt among circles).
/// - `corner-radius-clamped`: a number larger than half the shorter side; it draws as a
///   capsule, so say so with `"capsule"`, which also survives a resize.
public struct CornerRadiusRule: LintRule {
    public static let drawing = LintRuleInfo(
        id: "corner-radius-mismatch", severity: .warning,
        summary: "The region's cornerRadius differs from the corners of its image or of the mockup under it.",
        reference: "A2, C18")
    public static let group = LintRuleInfo(
        id: "corner-radius-group-mismatch", severity: .warning,
        summary: "A group member has the same size as the others but a different corner radius.", reference: "A2, C18")
    public static let clamped = LintRuleInfo(
        id: "corner-radius-clamped", severity: .warning,
        summary: "A numeric cornerRadius over half the shorter side (it draws as a capsule); write \"capsule\".",
        reference: "A2")

    public var catalogue: [LintRuleInfo] { [Self.drawing, Self.group, Self.clamped] }
    public init() {}

    /// How the fix writes a radius: `"capsule"` when it is (nearly) half the shorter side.
    static func suggestion(_ radius: Double, for frame: Rect) -> String {
        abs(radius - min(frame.width, frame.height) / 2) <= 1.5 ? "\"capsule\"" : pt(radius.rounded())
    }

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for r in context.layout.regions {
            if case .points(let written) = r.region.cornerRadius, written > r.shorterSide / 2 + 0.5 {
                findings.append(
                    context.finding(
                        Self.clamped, [r],
                        "cornerRadius \(pt(written)) of '\(r.id)' is more than half its \(pt(r.shorterSide)) pt side, so it draws as a capsule",
                        fix: "write \"cornerRadius\": \"capsule\" on '\(r.id)'"))
            }
            if let drawn = drawnRadius(of: r, context) {
                // The stage clips a content image to the region's radius, so only an image
                // rounder than the region can disagree with the pointer's morph; a mockup
                // under the region is not clipped, so both directions count there.
                let diff = drawn.clipped ? drawn.radius - r.cornerRadius : abs(drawn.radius - r.cornerRadius)
                if diff > 2 && diff > 0.2 * max(drawn.radius, r.cornerRadius) {
                    let round = abs(drawn.radius - r.shorterSide / 2) <= 1.5
                    findings.append(
                        context.finding(
                            Self.drawing, [r],
                            "\(drawn.source) of '\(r.id)' has \(round ? "fully round" : "rounded") corners of about "
                                + "\(pt(drawn.radius.rounded())) pt, but the region's corner radius is \(pt(r.cornerRadius)) pt: "
                                + "the pointer morphs into a different shape than the one drawn",
                            fix: "set \"cornerRadius\": \(Self.suggestion(drawn.radius, for: r.frame)) on '\(r.id)'"))
                }
            }
        }
        for (name, members) in context.groups where members.count > 1 {
            // Compare members of the same size only.
            var bySize: [[LaidOutRegion]] = []
            for m in members {
                if let i = bySize.firstIndex(where: {
                    abs($0[0].frame.width - m.frame.width) <= 1 && abs($0[0].frame.height - m.frame.height) <= 1
                }) {
                    bySize[i].append(m)
                } else {
                    bySize.append([m])
                }
            }
            for same in bySize where same.count > 2 {
                guard let common = mode(same.map(\.cornerRadius)), common.count > same.count / 2 else { continue }
                for m in same where abs(m.cornerRadius - common.value) > 1 {
                    findings.append(
                        context.finding(
                            Self.group, [m],
                            "'\(m.id)' has corner radius \(pt(m.cornerRadius)) pt but \(common.count) members of group '\(name)' "
                                + "of the same size have \(pt(common.value)) pt",
                            fix: "set \"cornerRadius\": \(Self.suggestion(common.value, for: m.frame)) on '\(m.id)'"))
                }
            }
        }
        return findings
    }

    /// The radius of what is drawn for the region, in pt, when an image shows it.
    func drawnRadius(of r: LaidOutRegion, _ context: LintContext) -> (radius: Double, source: String, clipped: Bool)? {
        guard let images = context.images else { return nil }
        if let path = r.region.content?.image {
            guard let image = images.image(atPath: path),
                let px = CornerRadiusEstimator.estimate(image, mode: .alpha)
            else { return nil }
            let scale = min(r.frame.width / Double(image.width), r.frame.height / Double(image.height))
            return (px * scale, "the image", true)
        }
        // Over a mockup: only when the stage draws nothing of its own for the region.
        guard r.region.content == nil, r.effect != .none, let path = context.scene.canvas.image,
            let image = images.image(atPath: path)
        else { return nil }
        let canvas = context.layout.canvasSize
        let sx = Double(image.width) / canvas.width
        let sy = Double(image.height) / canvas.height
        guard
            let px = CornerRadiusEstimator.estimate(
                image, x: Int((r.frame.minX * sx).rounded()), y: Int((r.frame.minY * sy).rounded()),
                width: Int((r.frame.width * sx).rounded()), height: Int((r.frame.height * sy).rounded()), mode: .colour)
        else { return nil }
        return (px / min(sx, sy), "the mockup under", false)
    }
}
