import Testing

@testable import PointerCore

@Suite struct ShapeRuleTests {
    typealias F = LintFixtures
    func region(_ shape: ShapeSpec) -> Region {
        Region(id: "ruler", frame: Rect(x: 0, y: 0, width: 300, height: 300), shape: shape)
    }

    @Test("D22 a shape with 2 pt strokes is an error; the 4.5 pt crosshair passes")
    func stroke() throws {
        let ring = F.circle(cx: 12, cy: 12, r: 11) + F.circle(cx: 12, cy: 12, r: 9, reverse: true)
        let f = F.findings([region(F.pathShape(ring, size: 24))], rule: "shape-stroke-thin")
        #expect(f.count == 1)
        #expect(f.first?.severity == .error)
        #expect(f.first?.regions == ["ruler"])
        #expect(f.first?.message.contains("pt thick") == true)
        #expect(
            F.findings([region(F.pathShape(F.cross(size: 24, arm: 4.5), size: 24))], rule: "shape-stroke-thin").isEmpty)
    }

    @Test("D22 a shape far from the 19 pt circle's weight is flagged with a scale that fixes it")
    func weight() throws {
        let small = F.findings([region(F.pathShape(F.rect(0, 0, 8, 8), size: 8))], rule: "shape-visual-weight")
        #expect(small.count == 1)
        #expect(small.first?.message.contains("too light") == true)
        let big = F.findings(
            [region(F.pathShape(F.circle(cx: 20, cy: 20, r: 20), size: 40))], rule: "shape-visual-weight")
        #expect(big.first?.fix.contains("scale the path by 0.48") == true)
        #expect(
            F.findings([region(F.pathShape(F.cross(size: 24, arm: 4.5), size: 24))], rule: "shape-visual-weight")
                .isEmpty)
    }

    @Test("D22 a symmetric shape anchored at its corner is flagged; centred is fine")
    func anchor() {
        let cross = F.cross(size: 24, arm: 4.5)
        let off = F.findings(
            [region(F.pathShape(cross, size: 24, anchor: Point(x: 0, y: 0)))], rule: "shape-anchor-off-centre")
        #expect(off.count == 1)
        #expect(off.first?.fix.contains("[12, 12]") == true)
        #expect(F.findings([region(F.pathShape(cross, size: 24))], rule: "shape-anchor-off-centre").isEmpty)
        // A tip-anchored marker is not symmetric top–bottom: its anchor is its intent.
        let marker: [PathElement] = [
            .move(Point(x: 10, y: 0)), .line(Point(x: 20, y: 20)), .line(Point(x: 0, y: 20)), .close,
        ]
        #expect(
            F.findings(
                [region(F.pathShape(marker, size: 20, anchor: Point(x: 10, y: 0)))], rule: "shape-anchor-off-centre"
            ).isEmpty)
    }

    @Test("modifier shapes are checked too, named by their place in the file")
    func modifiers() {
        let rule = ModifierRule(keys: [.ctrl], shape: F.pathShape([.move(.zero), .line(Point(x: 20, y: 0))], size: 20))
        let f = F.findings([], rule: "shape-empty", modifiers: [rule])
        #expect(f.count == 1)
        #expect(f.first?.subject == "modifiers[0].shape")
        #expect(f.first?.regions == [])
    }

    @Test("A4 C18 snapping without a shape is flagged; with an I-beam it is not")
    func snap() {
        let bare = Region(id: "cal", frame: Rect(x: 0, y: 0, width: 300, height: 600), snap: SnapGrid(y: 15))
        let f = F.findings([bare], rule: "snap-without-shape")
        #expect(f.count == 1)
        #expect(f.first?.fix.contains("verticalBeam") == true)
        var beam = bare
        beam.shape = .verticalBeam(length: 15)
        #expect(F.findings([beam], rule: "snap-without-shape").isEmpty)
        let rail = Region(id: "guides", frame: Rect(x: 0, y: 0, width: 300, height: 20), constrainedAxes: [.vertical])
        #expect(F.findings([rail], rule: "snap-without-shape").first?.message.contains("vertical centre line") == true)
    }

    @Test("A4 a snap grid under a roundedRect shape (which stays centred) is flagged")
    func snapUnderFixedShape() {
        var day = Region(id: "day", frame: Rect(x: 0, y: 0, width: 700, height: 540), snap: SnapGrid(y: 15))
        day.shape = .roundedRect(size: Size(width: 120, height: 15), cornerRadius: 4)
        let f = F.findings([day], rule: "snap-with-fixed-shape")
        #expect(f.count == 1)
        #expect(f.first?.fix.contains("horizontalBeam") == true)
        day.shape = .horizontalBeam(length: 60)
        #expect(F.findings([day], rule: "snap-with-fixed-shape").isEmpty)
    }

    @Test("A3 an I-beam taller than the line pitch is flagged")
    func beam() {
        let text = Region(
            id: "notes", frame: Rect(x: 0, y: 0, width: 300, height: 600), shape: .verticalBeam(length: 30),
            snap: SnapGrid(y: 22))
        #expect(F.findings([text], rule: "beam-line-mismatch").first?.fix.contains("22") == true)
        var fine = text
        fine.shape = .verticalBeam(length: 20)
        #expect(F.findings([fine], rule: "beam-line-mismatch").isEmpty)
    }

    @Test("A3 a tall text area without a line grid is flagged; a one-line field is not")
    func beamGrid() {
        let area = Region(
            id: "notes", frame: Rect(x: 0, y: 0, width: 300, height: 200), shape: .verticalBeam(length: nil))
        #expect(F.findings([area], rule: "beam-without-line-grid").count == 1)
        let field = Region(
            id: "search", frame: Rect(x: 0, y: 0, width: 300, height: 36), shape: .verticalBeam(length: 20))
        #expect(F.findings([field], rule: "beam-without-line-grid").isEmpty)
        var gridded = area
        gridded.snap = SnapGrid(y: 22)
        #expect(F.findings([gridded], rule: "beam-without-line-grid").isEmpty)
    }
}
