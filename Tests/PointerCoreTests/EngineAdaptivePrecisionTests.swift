import Testing
@testable import PointerCore

/// MISSION-NOTES A1–A4: the circle, snapping into controls, the I-beam, grids.
@Suite struct EngineAdaptivePrecisionTests {
    static let toolbar = EngineFixture.sceneJSON("""
        {"id":"bar","frame":[100,20,400,37],"effect":"none","regions":[
          {"id":"b1","frame":[0,0,37,37],"group":"toolbar","content":{"symbol":"chevron-left"}},
          {"id":"b2","frame":[45,0,37,37],"group":"toolbar","content":{"symbol":"chevron-right"}},
          {"id":"b3","frame":[90,0,37,37],"group":"toolbar","cornerRadius":12,"content":{"symbol":"share"}}]}
        """)

    @Test("A1 default pointer is a 19 pt circle centred on the pointer")
    func defaultCircle() throws {
        let frames = try EngineFixture.replay(EngineFixture.sceneJSON(""), #"{"t":0,"type":"position","x":400,"y":300}"#)
        let f = frames.at(0)
        #expect(f.visible.kind == .circle)
        #expect(f.visible.frame == Rect(x: 390.5, y: 290.5, width: 19, height: 19))
        #expect(f.visible.cornerRadius == 9.5)
        #expect(f.target == nil)
        let big = try EngineFixture.replay(EngineFixture.sceneJSON("", pointer: "\"diameter\":30"),
                                           #"{"t":0,"type":"position","x":400,"y":300}"#)
        #expect(big.at(0).visible.frame.width == 30)
        // It stays that circle as it moves about (not only on the first frame).
        for (scene, d) in [(EngineFixture.sceneJSON(""), 19.0), (EngineFixture.sceneJSON("", pointer: "\"diameter\":30"), 30.0)] {
            let moved = try EngineFixture.replay(scene, """
                {"t":0,"type":"position","x":400,"y":300}
                {"t":0.2,"type":"motion","dx":40,"dy":-10}
                {"t":0.4,"type":"position","x":800,"y":500}
                """)
            for f in moved where f.time > 0.1 && !f.hidden {
                #expect(f.visible.kind == .circle)
                #expect(abs(f.visible.frame.width - d) < 1e-9 && abs(f.visible.frame.height - d) < 1e-9, "\(f.time): \(f.visible.frame)")
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
        let radius = try EngineFixture.replay(Self.toolbar, """
            {"t":0,"type":"position","x":205,"y":38}
            """).at(1).visible.cornerRadius
        #expect(abs(radius - 12) < 0.01)
    }

    @Test("A2 moving across a contiguous toolbar never drops to the circle in between")
    func contiguousToolbar() throws {
        let (moves, end) = EngineFixture.glidePositions(from: Point(x: 112, y: 38), to: Point(x: 222, y: 40), steps: 110, t0: 0.5)
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
            for (i, x) in xs.enumerated() { trace += "{\"t\":\(Double(i) * 0.5),\"type\":\"position\",\"x\":\(x),\"y\":38}\n" }
            let frames = try EngineFixture.replay(Self.toolbar, trace)
            return xs.indices.map { frames.at(Double($0) * 0.5 + 0.25).target }
        }
        #expect(try target([120, 138, 140.5, 141.5, 144, 160]) == ["b1", "b1", "b1", "b2", "b2", "b2"])
        #expect(try target([160, 144, 141.5, 140.5, 138, 120]) == ["b2", "b2", "b2", "b1", "b1", "b1"])
    }

    static let notes = EngineFixture.sceneJSON("""
        {"id":"notes","frame":[100,100,600,220],"shape":{"verticalBeam":{}},"constrainedAxes":["vertical"],"snap":{"y":22}}
        """)

    @Test("A3 over text the pointer is an I-beam as tall as the line, on line centres, free horizontally")
    func iBeam() throws {
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":200,\"y\":150}\n"
        // Slow vertical drift through several lines, with a horizontal component.
        for i in 1...60 {
            trace += "{\"t\":\(0.5 + Double(i) * 0.05),\"type\":\"position\",\"x\":\(200 + Double(i)),\"y\":\(150 + Double(i))}\n"
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

    static let calendar = EngineFixture.sceneJSON("""
        {"id":"day","frame":[100,0,400,800],"shape":{"horizontalBeam":{"length":120}},"snap":{"y":15}}
        """, pointer: "\"autoHideDelay\":0")

    @Test("A4 a grid on one axis: slow motion clearly steps, fast motion barely shows it")
    func customPrecision() throws {
        // Slow: one slot every 0.4 s; the drawn pointer settles on slot centres.
        var slow = "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}\n"
        for i in 1...6 { slow += "{\"t\":\(Double(i) * 0.4),\"type\":\"position\",\"x\":300,\"y\":\(100 + Double(i) * 15)}\n" }
        let slowFrames = try EngineFixture.replay(Self.calendar, slow)
        for i in 1...6 {
            let f = slowFrames.at(Double(i) * 0.4 + 0.39)
            let slot = 100 + Double(i) * 15
            let centre = (slot / 15).rounded(.down) * 15 + 7.5
            #expect(abs(f.visible.frame.midY - centre) < 0.05)
        }
        // Fast: 150 pt in 0.1 s. The drawn pointer lags smoothly: it never jumps a
        // whole slot between two frames, and passes through many in-between values.
        var fast = "{\"t\":0,\"type\":\"position\",\"x\":300,\"y\":100}\n"
        for i in 1...12 { fast += "{\"t\":\(0.5 + Double(i) / 120),\"type\":\"position\",\"x\":300,\"y\":\(100 + Double(i) * 12.5)}\n" }
        let fastFrames = try EngineFixture.replay(Self.calendar, fast).between(0.5, 1.2)
        let ys = fastFrames.map(\.visible.frame.midY)
        let jumps = zip(ys, ys.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 15)
        let offGrid = ys.filter { y in abs((y - 7.5) / 15 - ((y - 7.5) / 15).rounded()) > 0.05 }
        #expect(offGrid.count >= 8)
    }
}

extension EngineAdaptivePrecisionTests {
    @Test("A2 a toolbar with its own background still hands from button to button, never to the bar in between")
    func contiguousInsideTargetableBar() throws {
        let scene = EngineFixture.sceneJSON("""
            {"id":"bar","frame":[100,20,400,37],"effect":"hover","content":{"fill":"#333333"},"regions":[
              {"id":"b1","frame":[0,0,37,37],"effect":"highlight"},
              {"id":"b2","frame":[45,0,37,37],"effect":"highlight"}]}
            """)
        let (moves, end) = EngineFixture.glidePositions(from: Point(x: 112, y: 38), to: Point(x: 175, y: 38), steps: 60, t0: 0.2)
        let frames = try EngineFixture.replay(scene, "{\"t\":0,\"type\":\"position\",\"x\":112,\"y\":38}\n" + moves)
        let crossing = frames.between(0.2, end)
        #expect(crossing.allSatisfy { $0.target == "b1" || $0.target == "b2" })
        #expect(crossing.first?.target == "b1" && crossing.last?.target == "b2")
        // Beyond the buttons' hit areas the bar itself is the target.
        let bar = try EngineFixture.replay(scene, "{\"t\":0,\"type\":\"position\",\"x\":400,\"y\":38}")
        #expect(bar.at(0).target == "bar")
    }
}
