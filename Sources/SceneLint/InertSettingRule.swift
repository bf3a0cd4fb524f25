import PointerCore
import SceneFormat

/// Settings that load fine but do nothing a user could see — usually a slip:
/// - `selected-without-group`: `selected` only means something in a group (C19);
/// - `menu-empty`: `"menu": []` opens an empty menu on secondary click (E26);
/// - `zoom-fixed`: `zoom.min` equal to `zoom.max`, so pinching does nothing (E25);
/// - `scroll-no-overflow`: `scroll.contentSize` no larger than the frame, so there is
///   nothing to scroll to (E25);
/// - `hides-itself`: a region that `hides` itself or an ancestor fades out under the
///   pointer that is over it (C19 means neighbours).
public struct InertSettingRule: LintRule {
    public static let selectedWithoutGroup = LintRuleInfo(
        id: "selected-without-group", severity: .warning,
        summary: "selected on a region without a group: it selects nothing.", reference: "C19")
    public static let menuEmpty = LintRuleInfo(
        id: "menu-empty", severity: .warning,
        summary: "An empty menu: secondary click opens a menu with no items.", reference: "E26")
    public static let zoomFixed = LintRuleInfo(
        id: "zoom-fixed", severity: .warning,
        summary: "zoom.min equals zoom.max: pinching does nothing.", reference: "E25")
    public static let scrollNoOverflow = LintRuleInfo(
        id: "scroll-no-overflow", severity: .warning,
        summary: "scroll.contentSize is no larger than the frame: there is nothing to scroll to.", reference: "E25")
    public static let hidesItself = LintRuleInfo(
        id: "hides-itself", severity: .warning,
        summary: "A region hides itself or an ancestor while the pointer is over it.", reference: "C19")

    public var catalogue: [LintRuleInfo] {
        [Self.selectedWithoutGroup, Self.menuEmpty, Self.zoomFixed, Self.scrollNoOverflow, Self.hidesItself]
    }
    public init() {}

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        let regions = context.layout.regions
        for r in regions {
            let reg = r.region
            if reg.selected && reg.group == nil {
                findings.append(
                    context.finding(
                        Self.selectedWithoutGroup, [r],
                        "'\(r.id)' is selected but belongs to no group, so nothing is selected",
                        fix: "add the \"group\" of its segmented control to '\(r.id)', or remove \"selected\""))
            }
            if let menu = reg.menu, menu.isEmpty {
                findings.append(
                    context.finding(
                        Self.menuEmpty, [r],
                        "'\(r.id)' has an empty menu: a secondary click opens a menu with no items",
                        fix: "list the menu items, e.g. \"menu\": [\"Copy\", \"Paste\"], or remove \"menu\""))
            }
            if let z = reg.zoom, z.min == z.max {
                findings.append(
                    context.finding(
                        Self.zoomFixed, [r], "'\(r.id)' zooms from \(pt(z.min)) to \(pt(z.max)): pinching does nothing",
                        fix: "widen the range, e.g. \"zoom\": { \"min\": 0.5, \"max\": 4 }, or remove \"zoom\""))
            }
            if let s = reg.scroll, s.contentSize.width <= r.frame.width, s.contentSize.height <= r.frame.height {
                findings.append(
                    context.finding(
                        Self.scrollNoOverflow, [r],
                        "'\(r.id)' scrolls \(pt(s.contentSize.width))×\(pt(s.contentSize.height)) pt of content in a "
                            + "\(pt(r.frame.width))×\(pt(r.frame.height)) pt frame: there is nothing to scroll to",
                        fix: "make contentSize larger than the frame on the axis that scrolls, or remove \"scroll\""))
            }
            var chain: Set<String> = [r.id]
            var p = r.parent
            while let i = p {
                chain.insert(regions[i].id)
                p = regions[i].parent
            }
            // One finding per id, however often it is listed (the loader keeps each id
            // once and counts repeats): one finding each took 1 GB for a million.
            let order = reg.hides.filter { chain.contains($0) }
            for id in order {
                let n = reg.hidesListed[id] ?? 1
                let listed = n > 1 ? " (listed \(SceneLimits.grouped(n)) times)" : ""
                findings.append(
                    context.finding(
                        Self.hidesItself, [r],
                        "'\(r.id)' hides '\(id)'\(listed), which is \(id == r.id ? "itself" : "one of its ancestors"): it fades out under the pointer",
                        fix:
                            "remove '\(id)' from the \"hides\" of '\(r.id)'\(n > 1 ? " (every time it is listed)" : ""); hides is for neighbours such as separators"
                    ))
            }
        }
        return findings
    }
}
