import Testing

@testable import PointerCore

/// Behaviours C14–C17, C19 (effects) and D21–D23 (shapes) of docs/behaviours.md.
@Suite struct EngineEffectShapeTests {
    static let effects = EngineFixture.sceneJSON(
        """
        {"id":"small","frame":[100,100,37,37],"content":{"symbol":"star"}},
        {"id":"icon","frame":[300,100,120,120],"cornerRadius":27,"content":{"fill":"#FF9500"}},
        {"id":"banner","frame":[100,400,500,80],"content":{"label":"Notification"}},
        {"id":"card","frame":[700,400,200,200],"effect":{"hover":{"scale":1.05,"shadow":true}}}
        """)

    @Test("C17 automatic picks highlight for small plain controls, lift for medium with a background, hover for wide")
    func automaticEffect() throws {
        func settled(_ x: Double, _ y: Double) throws -> PointerFrame {
            try EngineFixture.replay(Self.effects, "{\"t\":0,\"type\":\"position\",\"x\":\(x),\"y\":\(y)}").at(0.5)
        }
        let small = try settled(118, 118)
        #expect(small.effect == .highlight)
        #expect(small.visible.kind == .roundedRect)
        let icon = try settled(360, 160)
        #expect(icon.effect == .lift)
        let banner = try settled(350, 440)
        #expect(banner.effect?.name == "hover")
    }

    @Test("C14 highlight: the content scales up a little and follows the pointer; emphasis animates 0 → 1")
    func highlightContent() throws {
        let frames = try EngineFixture.replay(Self.effects, "{\"t\":0,\"type\":\"position\",\"x\":122,\"y\":118}")
        let early = try #require(frames.at(0.05).regions["small"])
        let state = try #require(frames.at(0.6).regions["small"])
        #expect(state.scale >= 1.06 && state.scale <= 1.1)
        #expect(state.emphasis == 1)
        #expect(early.emphasis > 0 && early.emphasis < 1)
        // Centre-scaling offset plus parallax to the right.
        #expect(state.offset.x > (1 - state.scale) * 37 / 2)
    }

    @Test("C15 lift: the element scales up and the pointer disappears behind it")
    func lift() throws {
        let f = try EngineFixture.replay(Self.effects, "{\"t\":0,\"type\":\"position\",\"x\":360,\"y\":160}").at(0.8)
        let state = try #require(f.regions["icon"])
        // A few points: the 120 pt icon grows ~4.6 pt.
        #expect(state.scale > 1.03)
        #expect(f.visible.opacity < 0.01)
        // Scaled about its centre: the centre stays put (up to parallax).
        let drawnCentreX = 300 + state.offset.x + state.scale * 60
        #expect(abs(drawnCentreX - 360) < 5.01)
    }

    @Test("C15 lift grows a few points, relatively less for larger elements (a 64 pt icon clears its label)")
    func liftGrowsAFewPoints() {
        let tuning = EffectTuning()
        var previous = (scale: Double.infinity, growth: Double.infinity)
        for side in [30.0, 40, 64, 90, 120, 200, 320] {
            let s = tuning.liftScale(for: Size(width: side, height: side))
            let growth = (s - 1) * side
            #expect(growth >= 2.5 && growth <= 6.5, "\(Int(side)) pt grows \(growth) pt")
            #expect(s <= previous.scale, "\(Int(side)) pt scales \(s), more than a smaller element")
            // From icon size up, fewer points too.
            if side > 64 { #expect(growth <= previous.growth + 1e-9, "\(Int(side)) pt grows \(growth) pt") }
            previous = (s, growth)
        }
        // An app icon 64 pt wide with its label 6 pt below: it grows under 3 pt a side.
        let icon = tuning.liftScale(for: Size(width: 64, height: 64))
        #expect((icon - 1) * 64 / 2 < 3, "64 pt icon scale \(icon)")
    }

    @Test("C16 hover: the pointer keeps its circle on top; the object scales as its style says")
    func hover() throws {
        let f = try EngineFixture.replay(Self.effects, "{\"t\":0,\"type\":\"position\",\"x\":750,\"y\":450}").at(0.8)
        #expect(f.effect?.name == "hover")
        #expect(f.visible.kind == .circle)
        #expect(f.visible.opacity == 1)
        #expect(f.visible.frame.center == Point(x: 750, y: 450))
        #expect(abs((f.regions["card"]?.scale ?? 1) - 1.05) < 0.001)
    }

    static let segmented = EngineFixture.sceneJSON(
        """
        {"id":"seg","frame":[100,100,300,32],"effect":"none","regions":[
          {"id":"s1","frame":[0,0,60,32],"group":"seg","effect":"automatic","hides":["sep1"]},
          {"id":"sep1","frame":[60,6,1,20],"effect":"none"},
          {"id":"s2","frame":[61,0,60,32],"group":"seg","selected":true,"hides":["sep1","sep2"]},
          {"id":"sep2","frame":[121,6,1,20],"effect":"none"},
          {"id":"s3","frame":[122,0,60,32],"group":"seg"}]}
        """)

    @Test("C19 segmented control: selected segment lifts, others highlight, entering fades neighbouring separators")
    func segmented() throws {
        let frames = try EngineFixture.replay(
            Self.segmented,
            """
            {"t":0,"type":"position","x":130,"y":116}
            {"t":0.1,"type":"hold","phase":"begin"}
            {"t":1,"type":"position","x":191,"y":116}
            """)
        let onFirst = frames.at(0.9)
        #expect(onFirst.target == "s1")
        #expect(onFirst.effect == .highlight)
        #expect((onFirst.regions["sep1"]?.opacity ?? 1) < 0.01)
        #expect(onFirst.regions["sep2"] == nil)
        let onSelected = frames.at(1.9)
        #expect(onSelected.target == "s2")
        #expect(onSelected.effect == .lift)
        #expect((onSelected.regions["s2"]?.scale ?? 1) > 1.01)
        #expect((onSelected.regions["sep1"]?.opacity ?? 1) < 0.01)
        #expect((onSelected.regions["sep2"]?.opacity ?? 1) < 0.01)
        // Coordinated: the separators fade (animate) rather than blink.
        #expect(
            frames.between(1.0, 1.3).contains {
                ($0.regions["sep2"]?.opacity ?? 1) > 0.1 && ($0.regions["sep2"]?.opacity ?? 1) < 0.9
            })
    }

    static let shapes = EngineFixture.sceneJSON(
        """
        {"id":"canvas","frame":[100,100,300,300],"shape":"crosshair"},
        {"id":"arrow","frame":[500,100,200,100],"shape":{"path":"M0 0 L20 10 L0 20 Z","size":[20,20],"anchor":[0,0]}},
        {"id":"pill","frame":[500,300,200,40],"shape":{"roundedRect":{"size":[120,24],"cornerRadius":12}}},
        {"id":"guides","frame":[100,500,600,200],"shape":"crosshair","constrainedAxes":["vertical"],"snap":{"y":50}}
        """, pointer: "\"autoHideDelay\":0")

    @Test("D21 circle → path morphs as data: kind, name and a transition whose progress runs 0 → 1")
    func pathTransition() throws {
        let frames = try EngineFixture.replay(
            Self.shapes,
            """
            {"t":0,"type":"position","x":50,"y":50}
            {"t":0.2,"type":"position","x":250,"y":250}
            """)
        let start = frames.at(0.2)
        #expect(start.visible.kind == .path)
        #expect(start.visible.name == "crosshair")
        let tr = try #require(start.visible.transition)
        #expect(tr.fromKind == .circle)
        #expect(tr.progress < 0.1)
        let mid = try #require(frames.at(0.3).visible.transition)
        #expect(mid.progress > 0.2 && mid.progress < 1)
        let end = frames.last!
        #expect(end.visible.transition == nil)
        #expect(end.visible.frame == Rect(x: 238, y: 238, width: 24, height: 24))
    }

    @Test("D21 circle → rounded rect morphs frame and corner radius, centred in the region")
    func roundedRectMorph() throws {
        let frames = try EngineFixture.replay(Self.shapes, "{\"t\":0,\"type\":\"position\",\"x\":560,\"y\":320}")
        let mid = frames.at(0.05).visible
        #expect(mid.kind == .roundedRect)
        #expect(mid.frame.width > 19 && mid.frame.width < 120)
        let end = frames.last!.visible
        #expect(end.frame == Rect(x: 540, y: 308, width: 120, height: 24))
        #expect(end.cornerRadius == 12)
    }

    @Test("D22 custom path shapes sit on their anchor point; the built-in cross is 24 pt")
    func customShapeAnchor() throws {
        let end = try EngineFixture.replay(Self.shapes, "{\"t\":0,\"type\":\"position\",\"x\":600,\"y\":150}").last!
            .visible
        #expect(end.kind == .path)
        #expect(end.name == nil)
        #expect(end.frame == Rect(x: 600, y: 150, width: 20, height: 20))
        guard case .path(let p) = end.geometry else {
            Issue.record("no path geometry")
            return
        }
        #expect(p.elements.count == 4)
        let cross = try EngineFixture.replay(Self.shapes, "{\"t\":0,\"type\":\"position\",\"x\":250,\"y\":250}").last!
            .visible
        #expect(cross.frame.size == Size(width: 24, height: 24))
    }

    @Test("D23 a crosshair on horizontal guides: held to the nearest guide, free along it, tossed lands on a guide")
    func constrainedCrosshair() throws {
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":200,\"y\":560}\n"
        for i in 1...20 { trace += "{\"t\":\(0.3 + Double(i) * 0.008),\"type\":\"motion\",\"dx\":4,\"dy\":0.5}\n" }
        trace += "{\"t\":0.47,\"type\":\"lift\"}\n"
        let frames = try EngineFixture.replay(Self.shapes, trace)
        let held = frames.at(0.25)
        #expect(held.visible.name == "crosshair")
        #expect(abs(held.visible.frame.midY - 575) < 0.1) // guide centre: 500 + 50·1 + 25
        #expect(held.visible.frame.midX == 200)
        let last = frames.last!
        #expect(last.target == "guides")
        let guideCentres = (0..<4).map { 525 + 50 * Double($0) }
        #expect(guideCentres.contains(last.pointer.y))
        #expect(guideCentres.contains(last.visible.frame.midY))
    }
}

/// Issue 9 item 4: an effect and a `shape` on the same region both apply.
extension EngineEffectShapeTests {
    static let combined = EngineFixture.sceneJSON(
        """
        {"id":"card","frame":[100,100,300,120],"effect":"hover","shape":"crosshair","content":{"fill":"#DDEBFF"}},
        {"id":"badge","frame":[100,400,300,120],"effect":{"hover":{"scale":1.02}},"shape":{"roundedRect":{"size":[40,40],"cornerRadius":20}},"content":{"fill":"#DDEBFF"}},
        {"id":"tool","frame":[600,200,30,30],"effect":"highlight","shape":{"roundedRect":{"size":[44,44],"cornerRadius":12}},"content":{"symbol":"plus"}},
        {"id":"star","frame":[800,200,37,37],"effect":"highlight","shape":"target","content":{"symbol":"plus"}}
        """, pointer: "\"autoHideDelay\":0")

    @Test("C16 hover with a custom shape: the pointer takes the shape (not the circle) and the object still hovers")
    func hoverTakesShape() throws {
        let frames = try EngineFixture.replay(
            Self.combined,
            """
            {"t":0,"type":"position","x":50,"y":50}
            {"t":0.2,"type":"position","x":180,"y":150}
            {"t":1,"type":"position","x":230,"y":170}
            """)
        let f = frames.at(0.9)
        #expect(f.target == "card")
        #expect(f.visible.kind == .path && f.visible.name == "crosshair")
        #expect(f.visible.frame == Rect(x: 168, y: 138, width: 24, height: 24))
        // Still a hover: the object reports its effect, and the shape follows the pointer.
        #expect(f.effect == .hover(HoverStyle()))
        #expect(frames.last!.visible.frame.center == Point(x: 230, y: 170))
        // A rounded-rect shape sits centred in the hovered region; the region still scales.
        let badge = try EngineFixture.replay(Self.combined, "{\"t\":0,\"type\":\"position\",\"x\":150,\"y\":430}")
        let b = badge.last!
        #expect(b.visible.kind == .roundedRect)
        #expect(b.visible.frame == Rect(x: 230, y: 440, width: 40, height: 40))
        #expect(abs(b.visible.cornerRadius - 20) < 1e-9)
        #expect(abs((b.regions["badge"]?.scale ?? 1) - 1.02) < 0.001)
    }

    @Test("C14 highlight with an outset rounded-rect shape: the platter takes the shape's size and radius, centred")
    func highlightTakesShapeSize() throws {
        let frames = try EngineFixture.replay(Self.combined, "{\"t\":0,\"type\":\"position\",\"x\":615,\"y\":215}")
        let f = frames.last!
        #expect(f.target == "tool" && f.effect == .highlight)
        #expect(abs(f.visible.frame.width - 44) < 0.01 && abs(f.visible.frame.height - 44) < 0.01)
        #expect(abs(f.visible.cornerRadius - 12) < 0.01)
        // Centred on the 30 pt control (the pointer sits on its centre: no parallax).
        #expect(f.visible.frame.center.distance(to: Point(x: 615, y: 215)) < 0.01)
        #expect(abs((f.regions["tool"]?.scale ?? 1) - 1.08) < 0.001)
        // A path shape on a highlighted control is its platter too, centred on the control.
        let star = try EngineFixture.replay(Self.combined, "{\"t\":0,\"type\":\"position\",\"x\":818.5,\"y\":218.5}")
            .last!
        #expect(star.visible.kind == .path && star.visible.name == "target")
        #expect(star.visible.frame.center.distance(to: Point(x: 818.5, y: 218.5)) < 0.01)
    }
}

extension EngineEffectShapeTests {
    /// Where the drawn shape's anchor is: the box corner plus the anchor blended
    /// between the morph's two shapes (unit box), as the renderer morphs outlines.
    static func drawnAnchor(_ v: VisiblePointer, from: Point, to: Point) -> Point {
        let t = min(max(v.transition?.progress ?? 1, 0), 1)
        let u = from.interpolated(to: to, t)
        return Point(x: v.frame.minX + u.x * v.frame.width, y: v.frame.minY + u.y * v.frame.height)
    }

    @Test(
        "D22 the marker tip shares the circle's anchor: no jump between the circle's centre and the tip during the morph, both ways"
    )
    func markerTipKeepsAnchor() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"pins","frame":[100,100,300,200],"shape":"marker-tip","content":{"fill":"#DDEBFF"}}
            """, pointer: "\"autoHideDelay\":0")
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":60,"y":180}
            {"t":0.2,"type":"position","x":200,"y":180}
            {"t":1,"type":"position","x":60,"y":180}
            """)
        let centre = Point(x: 0.5, y: 0.5)
        let tip = Point(x: 0.5, y: 1)
        let enter = frames.between(0.2, 0.95)
        #expect(
            enter.contains {
                ($0.visible.transition?.progress ?? 1) > 0.2 && ($0.visible.transition?.progress ?? 1) < 0.8
            })
        for f in enter {
            let a = Self.drawnAnchor(f.visible, from: centre, to: tip)
            #expect(a.distance(to: f.pointer) < 0.01, "t=\(f.time): anchor \(a), pointer \(f.pointer)")
        }
        // At rest the tip is on the pointer: the box's bottom centre.
        let on = frames.at(0.95).visible
        #expect(on.transition == nil)
        #expect(abs(on.frame.maxY - 180) < 0.01 && abs(on.frame.midX - 200) < 0.01)
        // Leaving, the tip turns back into the circle's centre without moving either.
        for f in frames.between(1, 1.8) {
            let a = Self.drawnAnchor(f.visible, from: tip, to: centre)
            #expect(a.distance(to: f.pointer) < 0.01, "t=\(f.time): anchor \(a), pointer \(f.pointer)")
        }
        #expect(frames.last!.visible.frame.center == Point(x: 60, y: 180))
    }
}
