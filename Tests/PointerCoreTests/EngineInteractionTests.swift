import Testing

@testable import PointerCore
@testable import PointerTrace

/// Behaviours E24–E28 (docs/behaviours.md): reveals, two-finger gestures, menus, modifiers, drags.
@Suite struct EngineInteractionTests {
    @Test("E24 hover reveals: a reveal region is hidden (opacity 0) until the pointer is over its hit area")
    func reveal() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"chrome","frame":[100,600,400,60],"reveal":"hover","effect":"none","content":{"fill":"#333333"}}
            """)
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":300,"y":300}
            {"t":0.5,"type":"position","x":300,"y":630}
            {"t":1.5,"type":"position","x":300,"y":300}
            """)
        #expect(frames.at(0.4).regions["chrome"]?.opacity == 0)
        let revealing = try #require(frames.at(0.6).regions["chrome"]?.opacity)
        #expect(revealing > 0 && revealing < 1)
        #expect(frames.at(1.4).regions["chrome"] == nil) // fully shown = rest
        #expect(frames.last!.regions["chrome"]?.opacity == 0)
    }

    static let gestures = EngineFixture.sceneJSON(
        """
        {"id":"list","frame":[100,100,300,400],"scroll":{"contentSize":[300,1000]},"effect":"none","regions":[
          {"id":"row5","frame":[0,200,300,44],"effect":"highlight","hitPadding":0}]},
        {"id":"map","frame":[500,100,600,500],"zoom":{"min":0.5,"max":4,"rotate":true},"effect":"none","regions":[
          {"id":"pin","frame":[100,100,30,30],"effect":"highlight","hitPadding":0}]}
        """)

    @Test("E25 two-finger scroll scrolls the region under the pointer, within its content size")
    func scroll() throws {
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":250,\"y\":120}\n"
        for i in 1...10 {
            trace +=
                "{\"t\":\(Double(i) * 0.016),\"type\":\"scroll\",\"dx\":0,\"dy\":-20,\"source\":\"finger\",\"phase\":\"update\"}\n"
        }
        let frames = try EngineFixture.replay(Self.gestures, trace)
        let f = frames.at(0.2)
        #expect(f.regions["list"]?.offset == Point(x: 0, y: -200))
        #expect(f.regions["map"] == nil)
        #expect(frames.at(0.01).target == nil)
        // The row that scrolled under the pointer is now the target (hit test follows the scroll).
        #expect(frames.at(0.5).target == "row5")
        // …and the pointer morphs onto where the row is drawn (rest y 300 − 200 scrolled).
        let snapped = frames.at(0.8).visible.frame
        #expect(abs(snapped.height - 44) < 0.01)
        #expect(abs(snapped.midY - 122) <= 5.01)
        // Bounded: contentSize 1000 in a 400 pt frame → at most 600.
        var far = "{\"t\":0,\"type\":\"position\",\"x\":250,\"y\":150}\n"
        for i in 1...10 {
            far += "{\"t\":\(Double(i) * 0.016),\"type\":\"scroll\",\"dx\":0,\"dy\":-200,\"source\":\"finger\"}\n"
        }
        far += "{\"t\":0.3,\"type\":\"scroll\",\"dx\":50,\"dy\":0,\"source\":\"finger\"}\n"
        #expect(try EngineFixture.replay(Self.gestures, far).last!.regions["list"]?.offset == Point(x: 0, y: -600))
    }

    @Test("E25 two-finger scroll moves the scroll region under the pointer, never another one")
    func scrollActsUnderPointer() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"left","frame":[100,100,300,400],"scroll":{"contentSize":[300,1000]},"effect":"none"},
            {"id":"right","frame":[500,100,300,400],"scroll":{"contentSize":[300,1000]},"effect":"none"}
            """)
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":650,"y":300}
            {"t":0.1,"type":"scroll","dx":0,"dy":-30,"source":"finger"}
            {"t":0.2,"type":"position","x":250,"y":300}
            {"t":0.3,"type":"scroll","dx":0,"dy":-10,"source":"finger"}
            {"t":0.4,"type":"position","x":450,"y":300}
            {"t":0.5,"type":"scroll","dx":0,"dy":-50,"source":"finger"}
            """)
        #expect(frames.at(0.15).regions["right"]?.offset == Point(x: 0, y: -30))
        #expect(frames.at(0.15).regions["left"] == nil)
        #expect(frames.at(0.35).regions["left"]?.offset == Point(x: 0, y: -10))
        #expect(frames.at(0.35).regions["right"]?.offset == Point(x: 0, y: -30))
        // Over neither: nothing scrolls.
        #expect(frames.last!.regions["left"]?.offset == Point(x: 0, y: -10))
        #expect(frames.last!.regions["right"]?.offset == Point(x: 0, y: -30))
    }

    @Test("E25 pinch zooms and rotates anchored at the pointer: the point under it stays within 0.5 pt")
    func pinchAnchor() throws {
        let pointer = Point(x: 700, y: 300)
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":\(pointer.x),\"y\":\(pointer.y)}\n"
        trace += "{\"t\":0.1,\"type\":\"pinch\",\"phase\":\"begin\",\"scale\":1,\"rotation\":0}\n"
        for i in 1...20 {
            trace +=
                "{\"t\":\(0.1 + Double(i) * 0.016),\"type\":\"pinch\",\"phase\":\"update\",\"scale\":\(1 + Double(i) * 0.05),\"rotation\":\(Double(i) * 1.5)}\n"
        }
        trace += "{\"t\":0.5,\"type\":\"pinch\",\"phase\":\"end\",\"scale\":2,\"rotation\":30}\n"
        let frames = try EngineFixture.replay(Self.gestures, trace)
        // The child point under the pointer at begin, in map coordinates.
        let origin = Point(x: 500, y: 100)
        let anchor = pointer - origin
        for f in frames.between(0.1, 1) {
            let s = f.regions["map"] ?? .rest
            let drawn = RegionTransform(offset: s.offset, scale: s.scale, rotation: s.rotation).apply(
                anchor, origin: origin)
            #expect(drawn.distance(to: pointer) <= 0.5)
        }
        let end = try #require(frames.last!.regions["map"])
        #expect(abs(end.scale - 2) < 1e-9)
        #expect(abs(end.rotation - 30) < 1e-9)
        // The dump (3 decimals) keeps the invariant too.
        let line = FrameDumpWriter.line(frames.last!)
        #expect(line.contains("\"map\":{\"offset\":["))
    }

    @Test("E25 controls inside a zoomed region are hit-tested and snapped to where they are drawn")
    func zoomedChildren() throws {
        let frames = try EngineFixture.replay(
            Self.gestures,
            """
            {"t":0,"type":"position","x":700,"y":300}
            {"t":0.1,"type":"pinch","phase":"begin","scale":1,"rotation":0}
            {"t":0.2,"type":"pinch","phase":"end","scale":2,"rotation":0}
            {"t":0.5,"type":"position","x":530,"y":130}
            """)
        // pin: local [100,100,30,30] → drawn [500,100,60,60] at 2× about (700,300).
        #expect(frames.at(0.45).target == nil)
        let f = frames.last!
        #expect(f.target == "pin")
        #expect(abs(f.visible.frame.width - 60) < 0.01)
        #expect(abs(f.visible.frame.midX - 530) <= 5.01 && abs(f.visible.frame.midY - 130) <= 5.01)
    }

    @Test("B13 magnetism finds controls inside a zoomed region where they are drawn")
    func magnetismIntoZoomedRegion() throws {
        var trace = """
            {"t":0,"type":"position","x":700,"y":300}
            {"t":0.1,"type":"pinch","phase":"begin","scale":1,"rotation":0}
            {"t":0.2,"type":"pinch","phase":"end","scale":2,"rotation":0}
            {"t":0.5,"type":"position","x":800,"y":130}

            """
        var t = 0.6
        for _ in 0..<5 {
            trace += "{\"t\":\(t),\"type\":\"motion\",\"dx\":-8,\"dy\":0}\n"
            t += 0.008
        }
        trace += "{\"t\":\(t),\"type\":\"lift\"}\n"
        let frames = try EngineFixture.replay(Self.gestures, trace)
        // pin drawn at [500,100,60,60]; the flick's plain landing (~x 400) is outside the map.
        #expect(frames.last!.target == "pin")
        #expect(frames.last!.pointer == Point(x: 530, y: 130))
    }

    @Test("E25 pinch clamps to the zoom range; three-finger swipes are ignored")
    func pinchClampAndSwipe() throws {
        let frames = try EngineFixture.replay(
            Self.gestures,
            """
            {"t":0,"type":"position","x":700,"y":300}
            {"t":0.1,"type":"pinch","phase":"begin","scale":1,"rotation":0}
            {"t":0.2,"type":"pinch","phase":"update","scale":9,"rotation":0}
            {"t":0.3,"type":"pinch","phase":"end","scale":9,"rotation":0}
            {"t":0.4,"type":"swipe","phase":"begin","fingers":3,"dx":0,"dy":0}
            {"t":0.5,"type":"swipe","phase":"update","fingers":3,"dx":300,"dy":0}
            {"t":0.6,"type":"swipe","phase":"end","fingers":3,"dx":300,"dy":0}
            """)
        #expect(frames.at(0.35).regions["map"]?.scale == 4)
        #expect(frames.last!.regions["map"] == frames.at(0.35).regions["map"])
        #expect(frames.last!.pointer == Point(x: 700, y: 300))
        // Over a scroll region too, a three-finger swipe scrolls nothing.
        let overList = try EngineFixture.replay(
            Self.gestures,
            """
            {"t":0,"type":"position","x":250,"y":150}
            {"t":0.1,"type":"swipe","phase":"begin","fingers":3,"dx":0,"dy":0}
            {"t":0.2,"type":"swipe","phase":"update","fingers":3,"dx":0,"dy":-300}
            {"t":0.3,"type":"swipe","phase":"end","fingers":4,"dx":0,"dy":-300}
            """)
        #expect(overList.allSatisfy { $0.regions["list"] == nil })
    }

    static let menus = EngineFixture.sceneJSON(
        """
        {"id":"icon","frame":[300,200,120,120],"content":{"fill":"#FF9500"},"menu":["Play","Share…","Remove"]},
        {"id":"plain","frame":[700,200,37,37]}
        """)

    @Test("E26 secondary click opens the region's context menu at once, next to the pointer")
    func contextMenu() throws {
        let (frames, requests) = try EngineFixture.run(
            Self.menus,
            """
            {"t":0,"type":"position","x":360,"y":260}
            {"t":0.5,"type":"button","button":"secondary","state":"pressed"}
            {"t":0.55,"type":"button","button":"secondary","state":"released"}
            {"t":1.0,"type":"button","button":"primary","state":"pressed"}
            {"t":1.05,"type":"button","button":"primary","state":"released"}
            """)
        let open = try #require(frames.at(0.5).menu)
        #expect(open.region == "icon")
        #expect(open.items == ["Play", "Share…", "Remove"])
        #expect(open.frame.minX >= 360 && open.frame.minX < 380 && open.frame.minY >= 260 && open.frame.minY < 280)
        #expect(requests.contains { $0.time == 0.5 && $0.request == .openMenu(open) })
        // A primary click closes it and does not press the control.
        #expect(frames.at(1.02).menu == nil)
        #expect(!frames.at(1.02).pressed)
        #expect(requests.contains { $0.request == .closeMenu })
    }

    @Test("E26 control+click opens the menu too; escape closes it; regions without a menu open none")
    func controlClick() throws {
        let frames = try EngineFixture.replay(
            Self.menus,
            """
            {"t":0,"type":"position","x":360,"y":260}
            {"t":0.2,"type":"modifiers","keys":["ctrl"]}
            {"t":0.3,"type":"button","button":"primary","state":"pressed"}
            {"t":0.35,"type":"button","button":"primary","state":"released"}
            {"t":0.4,"type":"modifiers","keys":[]}
            {"t":0.6,"type":"key","key":"escape"}
            {"t":0.8,"type":"position","x":718,"y":218}
            {"t":0.9,"type":"button","button":"secondary","state":"pressed"}
            """)
        #expect(frames.at(0.3).menu?.region == "icon")
        #expect(!frames.at(0.32).pressed)
        #expect(frames.at(0.65).menu == nil)
        #expect(frames.at(1.0).menu == nil)
    }

    static let modifierScene = EngineFixture.sceneJSON(
        """
        {"id":"timeline","frame":[100,100,600,100],"effect":"hover"},
        {"id":"other","frame":[100,400,600,100],"effect":"hover"}
        """,
        modifiers: """
            {"keys":["ctrl"],"shape":"arrows-horizontal"},
            {"keys":["ctrl"],"shape":"arrows-vertical","regions":["timeline"]},
            {"keys":["ctrl","shift"],"shape":"crosshair"}
            """)

    @Test("E27 modifier keys change the shape while held; the most specific rule wins; regions restrict")
    func modifierShapes() throws {
        let frames = try EngineFixture.replay(
            Self.modifierScene,
            """
            {"t":0,"type":"position","x":300,"y":450}
            {"t":0.2,"type":"modifiers","keys":["ctrl"]}
            {"t":0.6,"type":"position","x":300,"y":150}
            {"t":1.0,"type":"modifiers","keys":["ctrl","shift"]}
            {"t":1.4,"type":"modifiers","keys":[]}
            """)
        #expect(frames.at(0.1).visible.kind == .circle)
        #expect(frames.at(0.5).visible.name == "arrows-horizontal")
        #expect(frames.at(0.9).visible.name == "arrows-vertical")
        #expect(frames.at(1.3).visible.name == "crosshair")
        #expect(frames.at(1.3).modifiers == [.ctrl, .shift])
        #expect(frames.at(1.8).visible.kind == .circle)
        // The swap animates as a path transition.
        #expect(frames.at(0.21).visible.transition != nil)
    }

    static let dragScene = EngineFixture.sceneJSON(
        """
        {"id":"a","frame":[100,100,37,37],"effect":"highlight"},
        {"id":"b","frame":[200,100,37,37],"effect":"highlight"}
        """)

    @Test("E28 press plus motion starts a drag at once; it never re-snaps to other controls until release")
    func drag() throws {
        var trace = """
            {"t":0,"type":"position","x":118,"y":118}
            {"t":0.3,"type":"button","button":"primary","state":"pressed"}
            {"t":0.31,"type":"motion","dx":3,"dy":0}

            """
        for i in 1...50 { trace += "{\"t\":\(0.31 + Double(i) * 0.01),\"type\":\"motion\",\"dx\":2,\"dy\":0}\n" }
        trace += "{\"t\":0.85,\"type\":\"button\",\"button\":\"primary\",\"state\":\"released\"}\n"
        let frames = try EngineFixture.replay(Self.dragScene, trace)
        let first = frames.at(0.32)
        #expect(first.dragging)
        #expect(first.pressed)
        // Passing over control b while pressed: still a drag of a, drawn as the circle at the pointer.
        let over = frames.between(0.32, 0.84).filter { $0.pointer.x > 200 && $0.pointer.x < 237 }
        #expect(over.count > 3)
        #expect(over.allSatisfy { $0.target == "a" && $0.visible.kind == .circle })
        #expect(over.allSatisfy { abs($0.visible.frame.midX - $0.pointer.x) < 0.001 })
        // Released over b: snaps to b.
        #expect(frames.at(1.2).target == "b")
        #expect(!frames.at(1.2).dragging)
    }
}
