import Testing

@testable import PointerCore

@Suite struct InertSettingRuleTests {
    typealias F = LintFixtures
    let base = Region(id: "r", frame: Rect(x: 0, y: 0, width: 200, height: 100), effect: EffectSpec.none)

    @Test("C19 selected without a group is flagged")
    func selected() {
        var r = base
        r.selected = true
        #expect(F.findings([r], rule: "selected-without-group").count == 1)
        r.group = "seg"
        #expect(F.findings([r], rule: "selected-without-group").isEmpty)
    }

    @Test("E26 an empty menu is flagged")
    func menu() {
        var r = base
        r.menu = []
        #expect(F.findings([r], rule: "menu-empty").count == 1)
        r.menu = ["Copy"]
        #expect(F.findings([r], rule: "menu-empty").isEmpty)
    }

    @Test("E25 zoom without a range and scroll without overflow are flagged")
    func gestures() {
        var r = base
        r.zoom = ZoomSpec(min: 2, max: 2)
        r.scroll = ScrollSpec(contentSize: Size(width: 200, height: 100))
        #expect(F.findings([r], rule: "zoom-fixed").count == 1)
        #expect(F.findings([r], rule: "scroll-no-overflow").count == 1)
        r.zoom = ZoomSpec(min: 1, max: 3)
        r.scroll = ScrollSpec(contentSize: Size(width: 200, height: 800))
        #expect(F.findings([r], rule: "zoom-fixed").isEmpty)
        #expect(F.findings([r], rule: "scroll-no-overflow").isEmpty)
    }

    @Test("C19 a region hiding itself or its parent is flagged; hiding a sibling is the point")
    func hides() {
        var child = Region(
            id: "seg", frame: Rect(x: 0, y: 0, width: 60, height: 30), effect: .highlight, hides: ["bar", "sep"])
        let sep = Region(id: "sep", frame: Rect(x: 60, y: 8, width: 1, height: 14), effect: EffectSpec.none)
        var bar = base
        bar.id = "bar"
        bar.regions = [child, sep]
        let f = F.findings([bar], rule: "hides-itself")
        #expect(f.count == 1)
        #expect(f.first?.message.contains("one of its ancestors") == true)
        child.hides = ["sep"]
        bar.regions = [child, sep]
        #expect(F.findings([bar], rule: "hides-itself").isEmpty)
    }
}
