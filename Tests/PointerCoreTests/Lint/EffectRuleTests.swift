import Testing

@testable import PointerCore
@testable import SceneLint

@Suite struct EffectRuleTests {
    typealias F = LintFixtures

    @Test("C14 highlight on a large, a square-cornered or a filled object is flagged")
    func highlight() {
        let large = Region(id: "wide", frame: Rect(x: 0, y: 0, width: 240, height: 44), effect: .highlight)
        #expect(F.findings([large], rule: "highlight-on-large").first?.fix.contains("hover") == true)
        let cancel = Region(
            id: "cancel", frame: Rect(x: 0, y: 0, width: 80, height: 37), effect: .highlight,
            content: RegionContent(label: "Cancel"))
        #expect(F.findings([cancel], rule: "highlight-on-large").isEmpty)
        // C19: segments may be wide (110×31); the selected one lifts.
        func segment(_ i: Int) -> Region {
            let selected = i == 1
            let effect: EffectSpec = selected ? .lift : .highlight
            return Region(
                id: "seg\(i)", frame: Rect(x: Double(i) * 110, y: 0, width: 110, height: 31),
                effect: effect, group: "seg", selected: selected, content: selected ? F.fill : nil)
        }
        let segs = [segment(0), segment(1), segment(2)]
        #expect(SceneLinter.lint(F.scene(segs)).filter { $0.rule.hasSuffix("-on-large") }.isEmpty)
        let square = Region(
            id: "sq", frame: Rect(x: 0, y: 0, width: 37, height: 37), cornerRadius: .points(0), effect: .highlight)
        #expect(F.findings([square], rule: "highlight-on-rectangular").count == 1)
        let filled = Region(
            id: "f", frame: Rect(x: 0, y: 0, width: 37, height: 37), effect: .highlight, content: F.fill)
        #expect(F.findings([filled], rule: "highlight-on-background").first?.fix.contains("lift") == true)
        let good = Region(
            id: "ok", frame: Rect(x: 0, y: 0, width: 37, height: 37), effect: .highlight,
            content: RegionContent(symbol: "share"))
        #expect(SceneLinter.lint(F.scene([good])).isEmpty)
    }

    @Test("C15 lift without a background, or on a large element, is flagged")
    func lift() {
        let bare = Region(id: "bare", frame: Rect(x: 0, y: 0, width: 60, height: 60), effect: .lift)
        #expect(F.findings([bare], rule: "lift-without-background").count == 1)
        let big = Region(id: "big", frame: Rect(x: 0, y: 0, width: 300, height: 200), effect: .lift, content: F.fill)
        #expect(F.findings([big], rule: "lift-on-large").count == 1)
        let icon = Region(
            id: "icon", frame: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: .points(13), effect: .lift,
            content: F.fill)
        #expect(SceneLinter.lint(F.scene([icon])).isEmpty)
    }

    @Test("C15 a neighbour drawn on top 4 pt from a lifting icon clips its shadow; 30 pt is clear")
    func shadowClip() {
        func icons(spacing: Double) -> [Region] {
            (0..<2).map { i in
                Region(
                    id: "app\(i)", frame: Rect(x: 40 + Double(i) * (60 + spacing), y: 40, width: 60, height: 60),
                    cornerRadius: .points(13), effect: .lift, content: F.fill)
            }
        }
        // Only app1 (drawn later, on top) cuts app0's shadow; app1's shadow falls on app0.
        let f = F.findings(icons(spacing: 4), rule: "lift-shadow-clipped")
        #expect(f.map(\.regions) == [["app0", "app1"]])
        #expect(f.first?.fix.contains("at least 11 pt") == true)
        #expect(F.findings(icons(spacing: 30), rule: "lift-shadow-clipped").isEmpty)
        // The container the icons sit on is not a neighbour.
        let dock = Region(
            id: "dock", frame: Rect(x: 0, y: 0, width: 400, height: 140), effect: EffectSpec.none, content: F.fill,
            regions: icons(spacing: 30))
        #expect(F.findings([dock], rule: "lift-shadow-clipped").isEmpty)
        // A scrolling container clips: an icon 2 pt from its bottom edge loses its shadow.
        let list = Region(
            id: "list", frame: Rect(x: 0, y: 0, width: 400, height: 102), effect: EffectSpec.none,
            scroll: ScrollSpec(contentSize: Size(width: 400, height: 600)), regions: icons(spacing: 30))
        let clipped = F.findings([list], rule: "lift-shadow-clipped")
        #expect(clipped.count == 2)
        #expect(clipped.first?.message.contains("bottom edge of 'list'") == true)
    }

    @Test("C19 a lifting segment does not count label-only neighbours or the separators it hides")
    func shadowClipExemptions() {
        let selected = Region(
            id: "seg1", frame: Rect(x: 64, y: 0, width: 64, height: 32), effect: .lift,
            group: "seg", selected: true, content: F.fill, hides: ["sep1"])
        let label = Region(
            id: "seg2", frame: Rect(x: 128, y: 0, width: 64, height: 32), effect: .highlight,
            group: "seg", content: RegionContent(label: "Week"))
        let separator = Region(
            id: "sep1", frame: Rect(x: 127.5, y: 8, width: 1, height: 16), effect: EffectSpec.none,
            content: F.fill)
        #expect(F.findings([selected, label, separator], rule: "lift-shadow-clipped").isEmpty)
        var kept = selected
        kept.hides = []
        #expect(
            F.findings([kept, label, separator], rule: "lift-shadow-clipped").map(\.regions) == [["seg1", "sep1"]])
    }

    @Test("C16 a hover shadow without scale is flagged")
    func hoverShadow() {
        let card = Region(
            id: "card", frame: Rect(x: 0, y: 0, width: 300, height: 80),
            effect: .hover(HoverStyle(scale: 1, shadow: true)))
        #expect(F.findings([card], rule: "hover-shadow-without-scale").count == 1)
        var scaled = card
        scaled.effect = .hover(HoverStyle(scale: 1.03, shadow: true))
        #expect(F.findings([scaled], rule: "hover-shadow-without-scale").isEmpty)
    }
}
