import Testing

@testable import PointerCore

@Suite struct GroupRuleTests {
    typealias F = LintFixtures

    /// Bar buttons 37 pt square, 8 pt apart, in group "toolbar".
    func toolbar(_ count: Int = 4, spacing: Double = 8) -> [Region] {
        (0..<count).map { i in
            Region(
                id: "b\(i)", frame: Rect(x: 20 + Double(i) * (37 + spacing), y: 10, width: 37, height: 37),
                effect: .highlight, group: "toolbar")
        }
    }

    @Test("C18 a lift among highlights in one group is an error on the odd one out")
    func mixedEffects() {
        var bar = toolbar()
        bar[2].effect = .lift
        bar[2].content = F.fill
        let f = F.findings(bar, rule: "group-mixed-effects")
        #expect(f.count == 1)
        #expect(f.first?.severity == .error)
        #expect(f.first?.regions.first == "b2")
        #expect(f.first?.fix.contains("\"effect\": \"highlight\"") == true)
        #expect(F.findings(toolbar(), rule: "group-mixed-effects").isEmpty)
    }

    @Test("C19 a selected segment that lifts among highlighted segments is allowed")
    func segmented() {
        var segments = toolbar(3, spacing: 0)
        segments[1].selected = true
        segments[1].effect = .automatic
        segments[1].content = F.fill
        #expect(F.findings(segments, rule: "group-mixed-effects").isEmpty)
    }

    @Test("C18 a 44 pt button in a 37 pt toolbar is flagged with the height to use")
    func mixedSizes() {
        var bar = toolbar()
        bar[3].frame.size.height = 44
        let f = F.findings(bar, rule: "group-mixed-sizes")
        #expect(f.count == 1)
        #expect(f.first?.regions == ["b3"])
        #expect(f.first?.fix == "make the frame height of 'b3' 37 pt")
        // Differing widths in a row are normal (a "Done" text button is wider).
        var wide = toolbar()
        wide[0].frame.size.width = 60
        #expect(F.findings(wide, rule: "group-mixed-sizes").isEmpty)
    }

    @Test("A2 C18 hit areas that do not touch between group members are an error")
    func hitGap() {
        // With a background the padding is 12: 40 pt apart leaves a 16 pt hole.
        var apart = toolbar(2, spacing: 40)
        for i in apart.indices {
            apart[i].content = F.fill
            apart[i].effect = .lift
        }
        let f = F.findings(apart, rule: "group-hit-gap")
        #expect(f.count == 1)
        #expect(f.first?.regions == ["b0", "b1"])
        #expect(f.first?.message.contains("16 pt apart") == true)
        // Without a background the 24 pt padding covers it.
        #expect(F.findings(toolbar(2, spacing: 40), rule: "group-hit-gap").isEmpty)
        // A column: checked downwards too.
        let column = (0..<2).map { i in
            Region(
                id: "c\(i)", frame: Rect(x: 0, y: Double(i) * 100, width: 40, height: 40),
                hitPadding: EdgeInsets(all: 12), group: "col")
        }
        #expect(F.findings(column, rule: "group-hit-gap").count == 1)
    }

    @Test("C18 a group in two clusters far apart is told to split, not to close a 900 pt gap")
    func split() {
        var bar = toolbar(4)
        for i in 2..<4 { bar[i].frame.origin.x += 900 }
        #expect(F.findings(bar, rule: "group-hit-gap").isEmpty)
        let f = F.findings(bar, rule: "group-split")
        #expect(f.map(\.regions) == [["b1", "b2"]])
        #expect(f.first?.severity == .warning)
    }

    @Test("B7 written hit padding far from 12/24 pt is flagged, but not on a side facing a group neighbour")
    func padding() {
        let tiny = Region(id: "x", frame: Rect(x: 0, y: 0, width: 37, height: 37), hitPadding: EdgeInsets(all: 4))
        let f = F.findings([tiny], rule: "hit-padding-guidance")
        #expect(f.count == 1)
        #expect(f.first?.fix.contains("\"hitPadding\": 24") == true)
        let huge = Region(
            id: "y", frame: Rect(x: 0, y: 0, width: 37, height: 37), hitPadding: EdgeInsets(all: 30), content: F.fill)
        #expect(F.findings([huge], rule: "hit-padding-guidance").first?.message.contains("far above the 12 pt") == true)
        var segs = toolbar(2, spacing: 0)
        segs[0].hitPadding = EdgeInsets(top: 24, right: 0, bottom: 24, left: 24)
        segs[1].hitPadding = EdgeInsets(top: 24, right: 24, bottom: 24, left: 0)
        #expect(F.findings(segs, rule: "hit-padding-guidance").isEmpty)
        #expect(
            F.findings(
                [Region(id: "z", frame: Rect(x: 0, y: 0, width: 37, height: 37), hitPadding: EdgeInsets(all: 24))],
                rule: "hit-padding-guidance"
            ).isEmpty)
    }

    @Test("C18 a same-size group member with a different corner radius is flagged")
    func groupRadius() {
        var swatches = (0..<4).map { i in
            Region(
                id: "s\(i)", frame: Rect(x: Double(i) * 40, y: 0, width: 30, height: 30), cornerRadius: .capsule,
                effect: .lift, group: "swatches", content: F.fill)
        }
        swatches[3].cornerRadius = .points(8)
        let f = F.findings(swatches, rule: "corner-radius-group-mismatch")
        #expect(f.map(\.regions) == [["s3"]])
        #expect(f.first?.fix.contains("\"capsule\"") == true)
    }
}
