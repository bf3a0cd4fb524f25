import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

/// Behaviours A1–A4 (docs/behaviours.md): the circle, snapping into controls, the I-beam, grids.
@Suite struct EngineAdaptivePrecisionTests {
    static let toolbar = EngineFixture.sceneJSON(
        """
        {"id":"bar","frame":[100,20,400,37],"effect":"none","regions":[
          {"id":"b1","frame":[0,0,37,37],"group":"toolbar","content":{"symbol":"chevron-left"}},
          {"id":"b2","frame":[45,0,37,37],"group":"toolbar","content":{"symbol":"chevron-right"}},
          {"id":"b3","frame":[90,0,37,37],"group":"toolbar","cornerRadius":12,"content":{"symbol":"share"}}]}
        """)

    @Test("A1 default pointer is a 19 pt circle centred on the pointer")
    func defaultCircle() throws {
        let frames = try EngineFixture.replay(
            EngineFixture.sceneJSON(""), #"{"t":0,"type":"position","x":400,"y":300}"#)
        let f = frames.at(0)
        #expect(f.visible.kind == .circle)
        #expect(f.visible.frame == Rect(x: 390.5, y: 290.5, width: 19, height: 19))
        #expect(f.visible.cornerRadius == 9.5)
        #expect(f.target == nil)
        let big = try EngineFixture.replay(
            EngineFixture.sceneJSON("", pointer: "\"diameter\":30"),
            #"{"t":0,"type":"position","x":400,"y":300}"#)
        #expect(big.at(0).visible.frame.width == 30)
        // It stays that circle as it moves about (not only on the first frame).
        for (scene, d) in [
            (EngineFixture.sceneJSON(""), 19.0), (EngineFixture.sceneJSON("", pointer: "\"diameter\":30"), 30.0),
        ] {
            let moved = try EngineFixture.replay(
                scene,
                """
                {"t":0,"type":"position","x":400,"y":300}
                {"t":0.2,"type":"motion","dx":40,"dy":-10}
                {"t":0.4,"type":"position","x":800,"y":500}
                """)
            for f in moved where f.time > 0.1 && !f.hidden {
                #expect(f.visible.kind == .circle)
                #expect(
                    abs(f.visible.frame.width - d) < 1e-9 && abs(f.visible.frame.height - d) < 1e-9,
                    "\(f.time): \(f.visible.frame)")
            }
            #expect(moved.at(0.5).visible.frame.center == Point(x: 800, y: 500))
        }
    }

    @Test("A2 entering a control snaps onto it and morphs into its rounded rect (8 pt radius unstated)")
    func snapsAndMorphs() throws {
        let trace = """
            {"t":0,"type":"position","x":60,"y":38}
            {"t":0.1,"type":"position","x":112,"y":36}
            """
        let frames = try EngineFixture.replay(Self.toolbar, trace)
        let settled = frames.at(0.6)
        #expect(settled.target == "b1")
        #expect(settled.effect == .highlight)
        #expect(settled.visible.kind == .roundedRect)
        #expect(abs(settled.visible.cornerRadius - 8) < 0.01)
        // On the control (37 pt) give or take parallax, not the 19 pt circle.
        #expect(abs(settled.visible.frame.width - 37) < 0.01)
        #expect(abs(settled.visible.frame.midX - 118.5) < 5.01)
        // The morph animates: some frame in between is neither circle nor control.
        let mid = frames.between(0.1, 0.3).map(\.visible.frame.width)
        #expect(mid.contains { $0 > 20 && $0 < 36 })
        let radius = try EngineFixture.replay(
            Self.toolbar,
            """
            {"t":0,"type":"position","x":205,"y":38}
            """
        ).at(1).visible.cornerRadius
        #expect(abs(radius - 12) < 0.01)
    }

    @Test("A2 moving across a contiguous toolbar never drops to the circle in between")
    func contiguousToolbar() throws {
        let (moves, end) = EngineFixture.glidePositions(
            from: Point(x: 112, y: 38), to: Point(x: 222, y: 40), steps: 110, t0: 0.5)
        let trace = "{\"t\":0,\"type\":\"position\",\"x\":112,\"y\":38}\n" + moves
        let frames = try EngineFixture.replay(Self.toolbar, trace)
        let crossing = frames.between(0.5, end + 0.3)
        #expect(crossing.allSatisfy { $0.target != nil && $0.visible.kind == .roundedRect })
        #expect(crossing.allSatisfy { $0.visible.frame.width > 30 })
        // It visits every button in order.
        var seen: [String] = []
        for f in crossing { if let t = f.target, seen.last != t { seen.append(t) } }
        #expect(seen == ["b1", "b2", "b3"])
    }

    @Test("A2 between two controls of a group the pointer hands over at the midpoint of the gap, both ways")
    func handsOverAtMidpoint() throws {
        // b1 spans x 100…137 and b2 145…182: their padded hit areas overlap across the
        // whole 8 pt gap; the nearer frame wins, so the switch happens at x = 141.
        func target(_ xs: [Double]) throws -> [String?] {
            var trace = ""
            for (i, x) in xs.enumerated() {
                trace += "{\"t\":\(Double(i) * 0.5),\"type\":\"position\",\"x\":\(x),\"y\":38}\n"
            }
            let frames = try EngineFixture.replay(Self.toolbar, trace)
            return xs.indices.map { frames.at(Double($0) * 0.5 + 0.25).target }
        }
        #expect(try target([120, 138, 140.5, 141.5, 144, 160]) == ["b1", "b1", "b1", "b2", "b2", "b2"])
        #expect(try target([160, 144, 141.5, 140.5, 138, 120]) == ["b2", "b2", "b2", "b1", "b1", "b1"])
    }

    static let notes = EngineFixture.sceneJSON(
        """
        {"id":"notes","frame":[100,100,600,220],"shape":{"verticalBeam":{}},"constrainedAxes":["vertical"],"snap":{"y":22}}
        """)

    @Test("A3 over text the pointer is an I-beam as tall as the line, on line centres, free horizontally")
    func iBeam() throws {
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":200,\"y\":150}\n"
        // Slow vertical drift through several lines, with a horizontal component.
        for i in 1...60 {
            trace +=
                "{\"t\":\(0.5 + Double(i) * 0.05),\"type\":\"position\",\"x\":\(200 + Double(i)),\"y\":\(150 + Double(i))}\n"
        }
        let frames = try EngineFixture.replay(Self.notes, trace)
        let f = frames.at(0.45)
        #expect(f.visible.kind == .verticalBeam)
        #expect(abs(f.visible.frame.height - 22) < 0.01)
        #expect(f.visible.frame.width < 5)
        let lineCentres = (0..<10).map { 100 + 11 + 22 * Double($0) }
        // Whenever the beam is at rest vertically it sits on a line centre, never between.
        for frame in frames where frame.time > 0.3 {
            let cy = frame.visible.frame.midY
            let nearest = lineCentres.min { abs($0 - cy) < abs($1 - cy) }!
            if abs(cy - nearest) < 0.01 { continue }
            // Between lines only while animating from one centre to the next.
            let distance = lineCentres.map { abs($0 - cy) }.min()!
            #expect(distance <= 22)
        }
        let last = frames.last!
        #expect(lineCentres.contains { abs($0 - last.visible.frame.midY) < 0.01 })
        // Horizontal motion is followed exactly.
        let moving = frames.at(1.5)
        #expect(abs(moving.visible.frame.midX - moving.pointer.x) < 0.001)
    }

    static let calendar = EngineFixture.sceneJSON(
        """
        {"id":"day","frame":[100,0,400,800],"shape":{"horizontalBeam":{"length":120}},"snap":{"y":15}}
        """, pointer: "\"autoHideDelay\":0")

    @Test("A4 a grid on one axis: slow motion clearly steps, fast motion barely shows it")
    func customPrecision() throws {
        // Slow: one slot every 0.4 s; the drawn pointer settles on slot centres.
        var slow = "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}\n"
        for i in 1...6 {
            slow += "{\"t\":\(Double(i) * 0.4),\"type\":\"position\",\"x\":300,\"y\":\(100 + Double(i) * 15)}\n"
        }
        let slowFrames = try EngineFixture.replay(Self.calendar, slow)
        for i in 1...6 {
            let f = slowFrames.at(Double(i) * 0.4 + 0.39)
            let slot = 100 + Double(i) * 15
            let centre = (slot / 15).rounded(.down) * 15 + 7.5
            #expect(abs(f.visible.frame.midY - centre) < 0.05)
        }
        // Fast: 150 pt in 0.1 s. The drawn pointer lags smoothly: it never jumps more
        // than a slot between two frames (it trails by a slot at most, so at this speed
        // it sometimes moves a whole one), and passes through many in-between values.
        var fast = "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}\n"
        for i in 1...12 {
            fast += "{\"t\":\(0.5 + Double(i) / 120),\"type\":\"position\",\"x\":300,\"y\":\(100 + Double(i) * 12.5)}\n"
        }
        let fastFrames = try EngineFixture.replay(Self.calendar, fast).between(0.5, 1.2)
        let ys = fastFrames.map(\.visible.frame.midY)
        let jumps = zip(ys, ys.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! <= 15 + 1e-9)
        let offGrid = ys.filter { y in abs((y - 7.5) / 15 - ((y - 7.5) / 15).rounded()) > 0.05 }
        #expect(offGrid.count >= 8)
    }
}

extension EngineAdaptivePrecisionTests {
    @Test("A2 a toolbar with its own background still hands from button to button, never to the bar in between")
    func contiguousInsideTargetableBar() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"bar","frame":[100,20,400,37],"effect":"hover","content":{"fill":"#333333"},"regions":[
              {"id":"b1","frame":[0,0,37,37],"effect":"highlight"},
              {"id":"b2","frame":[45,0,37,37],"effect":"highlight"}]}
            """)
        let (moves, end) = EngineFixture.glidePositions(
            from: Point(x: 112, y: 38), to: Point(x: 175, y: 38), steps: 60, t0: 0.2)
        let frames = try EngineFixture.replay(scene, "{\"t\":0,\"type\":\"position\",\"x\":112,\"y\":38}\n" + moves)
        let crossing = frames.between(0.2, end)
        #expect(crossing.allSatisfy { $0.target == "b1" || $0.target == "b2" })
        #expect(crossing.first?.target == "b1" && crossing.last?.target == "b2")
        // Beyond the buttons' hit areas the bar itself is the target.
        let bar = try EngineFixture.replay(scene, "{\"t\":0,\"type\":\"position\",\"x\":400,\"y\":38}")
        #expect(bar.at(0).target == "bar")
    }
}

extension EngineAdaptivePrecisionTests {
    /// The map scene's search field: one line, a 20 pt beam, a 12 pt hit padding (it has a fill).
    static let searchField = EngineFixture.sceneJSON(
        """
        {"id":"search","frame":[20,14,320,40],"cornerRadius":10,"shape":{"verticalBeam":{"length":20}},"content":{"fill":"#FFFFFF"}},
        {"id":"notes","frame":[400,100,300,200],"shape":{"verticalBeam":{"length":20}},"content":{"fill":"#FFFFFF"}}
        """, pointer: "\"autoHideDelay\":0")

    @Test(
        "A3 in a single-line field the I-beam stays on the line: held on its centre line, never drawn outside the field"
    )
    func singleLineField() throws {
        // Enter the field, then drift slowly down into the padding below it (the gap
        // under the map's search field), then left into the padding beside it.
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":150,\"y\":30}\n"
        for i in 1...40 {
            trace += "{\"t\":\(0.5 + Double(i) * 0.02),\"type\":\"position\",\"x\":150,\"y\":\(30 + Double(i) * 0.8)}\n"
        }
        for i in 1...40 {
            trace += "{\"t\":\(1.5 + Double(i) * 0.02),\"type\":\"position\",\"x\":\(150 - Double(i) * 3.4),\"y\":60}\n"
        }
        let frames = try EngineFixture.replay(Self.searchField, trace)
        let field = Rect(x: 20, y: 14, width: 320, height: 40)
        let inField = frames.filter { $0.time >= 0.4 }
        #expect(inField.allSatisfy { $0.target == "search" && $0.visible.kind == .verticalBeam })
        #expect(inField.contains { $0.pointer.y > 58 }) // the model pointer did reach the gap
        for f in inField {
            let b = f.visible.frame
            #expect(abs(b.midY - 34) < 0.01, "t=\(f.time): beam centred at \(b.midY), not on the line")
            #expect(
                b.minX >= field.minX - 0.01 && b.maxX <= field.maxX + 0.01
                    && b.minY >= field.minY - 0.01 && b.maxY <= field.maxY + 0.01,
                "t=\(f.time): beam \(b) outside \(field)")
        }
        // Along the line it follows the model pointer exactly while inside the field.
        #expect(abs(frames.at(1.6).visible.frame.midX - frames.at(1.6).pointer.x) < 0.001)
    }

    @Test("A3 a text area without a line grid keeps the I-beam inside it, whatever the padding")
    func beamStaysInsideArea() throws {
        let frames = try EngineFixture.replay(
            Self.searchField,
            """
            {"t":0,"type":"position","x":500,"y":200}
            {"t":0.5,"type":"position","x":500,"y":310}
            {"t":1,"type":"position","x":390,"y":150}
            """)
        #expect(abs(frames.at(0.4).visible.frame.midY - 200) < 0.001) // free inside the area
        let below = frames.at(0.95)
        #expect(below.target == "notes")
        #expect(abs(below.visible.frame.maxY - 300) < 0.01, "\(below.visible.frame)")
        let beside = frames.last!
        #expect(beside.target == "notes")
        #expect(
            abs(beside.visible.frame.minX - 400) < 0.01 && abs(beside.visible.frame.midY - 150) < 0.01,
            "\(beside.visible.frame)")
    }
}

extension EngineAdaptivePrecisionTests {
    static let bundledCalendar: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/Scenes/calendar.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test("A4 calendar slots: the 15-minute marker rests on the quarter-hour line where the slot starts, not mid-slot")
    func calendarMarksSlotStart() throws {
        // The bundled day view: its top edge (y 69) is 8:00, hour lines every 60 pt.
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":500,\"y\":151}\n" // inside 9:15–9:30
        trace += "{\"t\":1,\"type\":\"position\",\"x\":500,\"y\":144}\n" // exactly on 9:15
        trace += "{\"t\":2,\"type\":\"position\",\"x\":500,\"y\":143.5}\n" // just before: 9:00–9:15
        trace += "{\"t\":3,\"type\":\"position\",\"x\":500,\"y\":75}\n" // first slot, 8:00
        trace += "{\"t\":4,\"type\":\"position\",\"x\":500,\"y\":612}\n" // below the last slot (padding)
        let frames = try EngineFixture.replay(Self.bundledCalendar, trace)
        let expected: [(Double, Double)] = [(0.9, 144), (1.9, 144), (2.9, 129), (3.9, 69), (4.9, 594)]
        for (t, y) in expected {
            let f = frames.at(t)
            #expect(f.target == "day" && f.visible.kind == .horizontalBeam, "t=\(t): \(String(describing: f.target))")
            #expect(
                abs(f.visible.frame.midY - y) < 0.01, "t=\(t): marker at \(f.visible.frame.midY), slot starts at \(y)")
        }
    }

    @Test("A4 snap to lines: a grid with \"to\": \"lines\" steps between lines, centres stay the default")
    func snapToLines() throws {
        let lines = EngineFixture.sceneJSON(
            """
            {"id":"day","frame":[100,0,400,800],"shape":{"horizontalBeam":{"length":120}},"snap":{"y":15,"to":"lines"}}
            """, pointer: "\"autoHideDelay\":0")
        var slow = "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}\n"
        for i in 1...6 {
            slow += "{\"t\":\(Double(i) * 0.4),\"type\":\"position\",\"x\":300,\"y\":\(100 + Double(i) * 15)}\n"
        }
        let frames = try EngineFixture.replay(lines, slow)
        for i in 0...6 {
            let y = 100 + Double(i) * 15
            #expect(abs(frames.at(Double(i) * 0.4 + 0.39).visible.frame.midY - (y / 15).rounded(.down) * 15) < 0.05)
        }
        // Without "to" the same grid still rests on cell centres.
        let centres = try EngineFixture.replay(Self.calendar, "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}")
        #expect(abs(centres.last!.visible.frame.midY - 97.5) < 0.01)
        // An unknown target is a load error naming the key and the choices.
        #expect(throws: SceneLoadError.self) {
            try EngineFixture.scene(
                EngineFixture.sceneJSON(#"{"id":"d","frame":[0,0,10,10],"snap":{"y":5,"to":"middle"}}"#))
        }
        do {
            _ = try EngineFixture.scene(
                EngineFixture.sceneJSON(#"{"id":"d","frame":[0,0,10,10],"snap":{"y":5,"to":"middle"}}"#))
        } catch {
            let text = "\(error)"
            #expect(text.contains("regions[0].snap.to") && text.contains("\"lines\""), "\(text)")
        }
    }
}

extension EngineAdaptivePrecisionTests {
    @Test("A3 a fast vertical move over text: the I-beam is never more than one line behind the line under the hand")
    func beamKeepsUpWithFastMotion() throws {
        // 22 pt lines from y 100; 3000 pt/s straight down through nine lines, then up again.
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":200,\"y\":111}\n"
        for i in 1...16 {
            trace +=
                "{\"t\":\(0.3 + Double(i) / 120),\"type\":\"position\",\"x\":200,\"y\":\(111 + Double(i) * 12.5)}\n"
        }
        for i in 1...16 {
            trace +=
                "{\"t\":\(0.5 + Double(i) / 120),\"type\":\"position\",\"x\":200,\"y\":\(311 - Double(i) * 12.5)}\n"
        }
        let frames = try EngineFixture.replay(Self.notes, trace)
        for f in frames where f.time > 0.3 {
            let line = 100 + 11 + 22 * ((f.pointer.y - 100) / 22).rounded(.down)
            #expect(
                abs(f.visible.frame.midY - line) <= 22 + 0.01,
                "at \(f.time) the beam is at \(f.visible.frame.midY), the hand's line at \(line)")
        }
    }

    @Test("A2 D21 a snap overshoots a little and settles, as on iPadOS: the morph is springy, not critically damped")
    func snapOvershoots() throws {
        let scene = EngineFixture.sceneJSON(#"{"id":"b","frame":[400,300,80,40],"effect":"highlight","hitPadding":12}"#)
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":300,"y":320}
            {"t":0.2,"type":"position","x":430,"y":320}
            """, fps: 240)
        let widths = frames.filter { $0.time > 0.2 }.map(\.visible.frame.width)
        let peak = try #require(widths.max())
        #expect(
            peak > 80.6 && peak < 80 * 1.08,
            "widest \(peak): a slight overshoot over 80 pt (over 1 % of the 61 pt growth)")
        #expect(abs((widths.last ?? 0) - 80) < 0.01)
    }
}
