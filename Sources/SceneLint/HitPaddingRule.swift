import PointerCore
import SceneFormat

/// `hit-padding-guidance` (behaviours B7, C18): the hit area reaches about 12 pt
/// beyond a control with a bezel and 24 pt beyond one without. Written padding under
/// half or over twice the guidance is flagged, except on a side that faces a member of
/// the same group closer than the guidance (contiguous controls need less there).
public struct HitPaddingRule: LintRule {
    public static let guidance = LintRuleInfo(
        id: "hit-padding-guidance", severity: .warning,
        summary: "Written hitPadding under half or over twice the guidance (12 pt with a background, 24 pt without).",
        reference: "B7, C18")

    public var catalogue: [LintRuleInfo] { [Self.guidance] }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        let edges = GroupEdges()
        for r in context.layout.regions {
            guard let padding = r.region.hitPadding else { continue }
            // Containers and decoration never take the pointer.
            if r.effect == .none && r.region.shape == nil { continue }
            let g = r.region.hasBackground ? 12.0 : 24.0
            let kind = r.region.hasBackground ? "with a background" : "without a background"
            let mates = r.region.group.flatMap { context.groupIndex[$0] }.map { edges.of(group: $0, context) }
            func facesNeighbour(_ side: String) -> Bool {
                mates?.faces(r, side: side, within: g) ?? false
            }
            let sides = [
                ("top", padding.top), ("right", padding.right), ("bottom", padding.bottom), ("left", padding.left),
            ]
            let small = sides.filter { $0.1 < g / 2 && !facesNeighbour($0.0) }
            let large = sides.filter { $0.1 > g * 2 }
            let describe = { (list: [(String, Double)]) in list.map { "\($0.0) \(pt($0.1))" }.joined(separator: ", ") }
            if !small.isEmpty {
                findings.append(
                    context.finding(
                        Self.guidance, [r],
                        "hitPadding of '\(r.id)' (\(describe(small)) pt) is far below the \(pt(g)) pt guidance for a control "
                            + "\(kind): the pointer must almost touch it before it snaps",
                        fix: "set \"hitPadding\": \(pt(g)) on '\(r.id)', or remove it (\(pt(g)) is the default)"))
            }
            if !large.isEmpty {
                findings.append(
                    context.finding(
                        Self.guidance, [r],
                        "hitPadding of '\(r.id)' (\(describe(large)) pt) is far above the \(pt(g)) pt guidance for a control "
                            + "\(kind): it snaps from far away and steals the pointer from its neighbours",
                        fix: "set \"hitPadding\": \(pt(g)) on '\(r.id)', or remove it (\(pt(g)) is the default)"))
            }
        }
        return findings
    }
}

/// A group's members sorted by each frame edge, so "is there a mate just above
/// this one" is a binary search plus a short scan, not a pass over the group (a
/// 20 000-member group took seconds). The scan is capped: in a pathological pile
/// a mate not found within `maxScan` is taken as absent.
final class GroupEdges {
    struct Sorted {
        let frames: [Rect]
        let indices: [Int]
        /// Members' positions in `frames`, ordered by maxY, minY, maxX, minX.
        let byMaxY: [Int], byMinY: [Int], byMaxX: [Int], byMinX: [Int]
        static let maxScan = 4096

        func faces(_ r: LaidOutRegion, side: String, within g: Double) -> Bool {
            let f = r.frame
            let (order, lo, hi): ([Int], Double, Double)
            switch side {
            case "top": (order, lo, hi) = (byMaxY, f.minY - g, f.minY + 0.5)
            case "bottom": (order, lo, hi) = (byMinY, f.maxY - 0.5, f.maxY + g)
            case "left": (order, lo, hi) = (byMaxX, f.minX - g, f.minX + 0.5)
            default: (order, lo, hi) = (byMinX, f.maxX - 0.5, f.maxX + g)
            }
            func key(_ k: Int) -> Double {
                switch side {
                case "top": return frames[k].maxY
                case "bottom": return frames[k].minY
                case "left": return frames[k].maxX
                default: return frames[k].minX
                }
            }
            // First member whose edge is past `lo` (strictly for top/left, where the gap must be < g).
            var a = 0
            var b = order.count
            while a < b {
                let mid = (a + b) / 2
                let v = key(order[mid])
                if side == "top" || side == "left" ? v <= lo : v < lo { a = mid + 1 } else { b = mid }
            }
            var scanned = 0
            while a < order.count, scanned < Self.maxScan {
                let k = order[a]
                let v = key(k)
                if side == "bottom" || side == "right" ? v >= hi : v > hi { break }
                if indices[k] != r.index {
                    let gp = gaps(f, frames[k])
                    if side == "top" || side == "bottom" ? gp.x < 0 : gp.y < 0 { return true }
                }
                a += 1
                scanned += 1
            }
            return false
        }
    }

    private var cache: [Int: Sorted] = [:]

    func of(group: Int, _ context: LintContext) -> Sorted {
        if let s = cache[group] { return s }
        let members = context.groups[group].members
        let frames = members.map(\.frame)
        let all = Array(frames.indices)
        let s = Sorted(
            frames: frames, indices: members.map(\.index),
            byMaxY: all.sorted { frames[$0].maxY < frames[$1].maxY },
            byMinY: all.sorted { frames[$0].minY < frames[$1].minY },
            byMaxX: all.sorted { frames[$0].maxX < frames[$1].maxX },
            byMinX: all.sorted { frames[$0].minX < frames[$1].minX })
        cache[group] = s
        return s
    }
}
