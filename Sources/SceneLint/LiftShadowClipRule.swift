import PointerCore
import SceneFormat

/// `lift-shadow-clipped` (behaviours C15, C18): a lifted element grows and casts a
/// soft shadow below it. Two things cut that shadow off:
/// - an opaque neighbour drawn after it (later in the file, so on top) inside the
///   shadow's reach; a bare label or glyph does not count, nor do regions the element
///   `hides` while the pointer is in it, nor neighbours drawn before it (the shadow falls
///   on them, as it should);
/// - an ancestor that clips its children (one with `scroll` or `zoom`) whose frame ends
///   inside the reach.
///
/// The reach follows the renderer: the element scales about its centre by the engine's
/// lift scale (`EffectTuning.liftScale(for:)`: a few points, 1.005–1.12); its shadow is blurred by
/// 8% of the longer side (3–12 pt) and dropped by 6% (2–10 pt). The visible part of
/// the blur is taken as 1.5× the blur radius beyond the grown edges, plus the drop below.
public struct LiftShadowClipRule: LintRule {
    public static let clipped = LintRuleInfo(
        id: "lift-shadow-clipped", severity: .warning,
        summary:
            "A lifted element's grown size plus shadow reaches a neighbour on top of it, or the edge of a scrolling/zooming container.",
        reference: "C15, C18")
    static let tuning = EffectTuning()

    public var catalogue: [LintRuleInfo] { [Self.clipped] }
    /// Covering neighbours named per lifted element (the rest are counted).
    static let neighboursNamed = 3
    /// Further covering neighbours counted at most.
    static let neighboursCounted = 100
    public init() {}

    /// Clearance the lifted element needs beyond each edge: top, right, bottom, left.
    public static func clearance(for frame: Rect) -> EdgeInsets {
        let longer = max(frame.width, frame.height)
        let blur = min(max(0.08 * longer, 3), 12)
        let drop = min(max(0.06 * longer, 2), 10)
        let scale = tuning.liftScale(for: frame.size)
        let growX = (scale - 1) / 2 * frame.width
        let growY = (scale - 1) / 2 * frame.height
        let reach = 1.5 * blur
        return EdgeInsets(
            top: growY + max(reach - drop, 0), right: growX + reach,
            bottom: growY + reach + drop, left: growX + reach)
    }

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        let regions = context.layout.regions
        let frames = regions.map(\.frame)
        let opaque = regions.map {
            ($0.region.hasBackground || $0.region.content?.image != nil) && $0.region.reveal == nil
        }
        for r in regions where r.effect == .lift {
            let need = Self.clearance(for: r.frame)
            let extent = r.frame.outset(by: need)
            let percent = Int((Self.tuning.liftScale(for: r.frame.size) * 100).rounded())
            let hidden = Set(r.region.hides)
            // Only regions drawn after it (and not inside it) can cover its shadow.
            // A pile of overlapping tiles would give a finding per pair: name the first
            // few neighbours and count the rest, up to a cap (so a pile of 20 000 stays linear).
            var covering: [Int] = []
            // Drawn after r's subtree, so neither r's ancestor nor its descendant.
            context.grid.forEachCandidate(extent, after: r.index + r.childCount) { i in
                if opaque[i] && frames[i].intersects(extent) && (hidden.isEmpty || !hidden.contains(regions[i].id)) {
                    covering.append(i)
                }
                return covering.count < Self.neighboursNamed + Self.neighboursCounted
            }
            for (k, i) in covering.prefix(Self.neighboursNamed).enumerated() {
                let n = regions[i]
                let more = covering.count - Self.neighboursNamed
                let atLeast = covering.count == Self.neighboursNamed + Self.neighboursCounted ? "at least " : ""
                let others =
                    k == Self.neighboursNamed - 1 && more > 0
                    ? " (and \(atLeast)\(more) more region\(more == 1 ? "" : "s") drawn on top within its reach)" : ""
                let g = gaps(r.frame, n.frame)
                let (have, want): (Double, Double)
                if g.x >= g.y {
                    have = g.x
                    want = n.frame.midX > r.frame.midX ? need.right : need.left
                } else {
                    have = g.y
                    want = n.frame.midY > r.frame.midY ? need.bottom : need.top
                }
                findings.append(
                    context.finding(
                        Self.clipped, [r, n],
                        "'\(r.id)' lifts to \(percent)% and its shadow reaches \(pt(want.rounded(.up))) pt out, but "
                            + "'\(n.id)', drawn on top of it, is \(pt(max(have, 0))) pt away: the shadow is cut off\(others)",
                        fix:
                            "leave at least \(pt(want.rounded(.up))) pt between '\(r.id)' and '\(n.id)', or move '\(n.id)' "
                            + "before '\(r.id)' in the file, or use \"effect\": \"highlight\" or \"hover\" on '\(r.id)'"
                    ))
            }
            // Scroll and zoom containers clip what they hold.
            var ancestor = r.parent
            while let a = ancestor {
                let c = regions[a]
                if c.region.scroll != nil || c.region.zoom != nil {
                    let inside = c.frame
                    let short = [
                        ("top", inside.minY - extent.minY), ("right", extent.maxX - inside.maxX),
                        ("bottom", extent.maxY - inside.maxY), ("left", inside.minX - extent.minX),
                    ]
                    .filter { $0.1 > 0.5 }
                    if let worst = short.max(by: { $0.1 < $1.1 }) {
                        findings.append(
                            context.finding(
                                Self.clipped, [r, c],
                                "'\(r.id)' lifts to \(percent)% and its shadow reaches past the \(worst.0) edge of '\(c.id)', "
                                    + "which clips its children (it scrolls or zooms)",
                                fix:
                                    "move '\(r.id)' \(pt(worst.1.rounded(.up))) pt further from the \(worst.0) edge of '\(c.id)', "
                                    + "or use \"effect\": \"highlight\" or \"hover\" on '\(r.id)'"))
                    }
                    break
                }
                ancestor = c.parent
            }
        }
        return findings
    }
}
