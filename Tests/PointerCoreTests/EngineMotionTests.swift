import Testing

@testable import PointerCore

/// Behaviours B6–B13 (docs/behaviours.md): model vs visible pointer, snapping distance, parallax,
/// recentering, auto-hide, acceleration, inertia, magnetism.
@Suite struct EngineMotionTests {
    static let button = EngineFixture.sceneJSON(
        """
        {"id":"plain","frame":[200,200,37,37],"effect":"highlight"},
        {"id":"bezel","frame":[600,200,60,60],"effect":"highlight","content":{"fill":"#FF9500"}}
        """)

    @Test("B6 hover targeting uses the model pointer; the model stays where the input put it while the drawn one snaps")
    func twoPointers() throws {
        let frames = try EngineFixture.replay(
            Self.button,
            """
            {"t":0,"type":"position","x":190,"y":205}
            {"t":0.01,"type":"motion","dx":0.5,"dy":0}
            """, fps: 120)
        let f = frames.at(0.05)
        #expect(f.target == "plain")
        // The model pointer is outside the control frame (in its padding)…
        #expect(f.pointer == Point(x: 190.5, y: 205))
        // …while the drawn pointer is on its way onto the control.
        #expect(f.visible.frame.midX > f.pointer.x + 3)
        #expect(f.visible.frame.width > 19)
        // Leaving: the model pointer crossing out of the hit area drops the target at
        // once, even though the drawn pointer is still over the control.
        let leaving = try EngineFixture.replay(
            Self.button,
            """
            {"t":0,"type":"position","x":218,"y":218}
            {"t":0.5,"type":"position","x":175,"y":218}
            """, fps: 120)
        #expect(leaving.at(0.45).target == "plain")
        let after = leaving.at(0.5)
        #expect(after.target == nil)
        #expect(after.visible.frame.maxX > 200) // still drawn over the control, animating off
    }

    @Test("B7 snapping starts at the hit area edge: 24 pt without a bezel, 12 pt with one")
    func hitAreaPadding() throws {
        func target(_ x: Double, _ y: Double) throws -> String? {
            try EngineFixture.replay(Self.button, "{\"t\":0,\"type\":\"position\",\"x\":\(x),\"y\":\(y)}").at(0).target
        }
        #expect(try target(200 - 23.5, 210) == "plain")
        #expect(try target(200 - 24.5, 210) == nil)
        #expect(try target(600 - 11.5, 230) == "bezel")
        #expect(try target(600 - 12.5, 230) == nil)
    }

    @Test("B8 parallax: while snapped, the drawn shape and the content shift toward the model pointer")
    func parallax() throws {
        // Slow drift to the right inside the control, finger down throughout.
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":218.5,\"y\":218.5}\n"
        for i in 1...50 {
            trace +=
                "{\"t\":\(0.5 + Double(i) * 0.02),\"type\":\"position\",\"x\":\(218.5 + Double(i) * 0.27),\"y\":218.5}\n"
        }
        let frames = try EngineFixture.replay(Self.button, trace)
        let centred = frames.at(0.45)
        let right = frames.at(1.5)
        #expect(right.target == "plain")
        #expect(right.visible.frame.midX > centred.visible.frame.midX + 1)
        let contentShift = try #require(right.regions["plain"]).offset.x - (1 - right.regions["plain"]!.scale) * 37 / 2
        #expect(contentShift > 1)
        #expect(right.visible.frame.midX - 218.5 <= 5.0001)
    }

    @Test("B9 recentering: on lift the model pointer moves to the control centre and the real cursor is warped")
    func recentering() throws {
        let (frames, requests) = try EngineFixture.run(
            Self.button,
            """
            {"t":0,"type":"position","x":205,"y":230}
            {"t":0.008,"type":"motion","dx":0.5,"dy":0}
            {"t":0.2,"type":"lift"}
            """)
        #expect(frames.at(0.03).pointer == Point(x: 205.5, y: 230))
        #expect(frames.at(0.25).pointer == Point(x: 218.5, y: 218.5))
        #expect(requests.contains { $0.request == .warpPointer(to: Point(x: 218.5, y: 218.5)) })
    }

    /// A mouse cannot say when the hand lets go, so a pause is taken for a lift.
    /// Recentring at every pause pulled a hand nudging out of a control back
    /// to its centre each time, and it could not leave in small steps.
    @Test("B9 a pause over a control recentres once; small nudges with pauses then leave it")
    func pausesRecentreOncePerVisit() throws {
        var trace = """
            {"t":0,"type":"position","x":205,"y":230}
            {"t":0.008,"type":"motion","dx":0.5,"dy":0}
            """
        for i in 0..<8 { trace += "\n{\"t\":\(0.3 + Double(i) * 0.15),\"type\":\"motion\",\"dx\":0,\"dy\":8}" }
        trace += "\n{\"t\":1.8,\"type\":\"motion\",\"dx\":0.5,\"dy\":0}"
        let (frames, requests) = try EngineFixture.run(Self.button, trace)
        // The first pause recentres, as a lift does…
        #expect(frames.at(0.25).pointer == Point(x: 218.5, y: 218.5))
        #expect(requests.contains { $0.request == .warpPointer(to: Point(x: 218.5, y: 218.5)) })
        // …the later ones leave the pointer where the hand put it, so it walks off.
        let nudged = frames.at(0.3 + 2 * 0.15 + 0.1).pointer
        #expect(nudged.y > 218.5 + 12, "after two nudges and their pauses the pointer is at \(nudged)")
        #expect(
            frames.at(1.9).target == nil,
            "eight 8 pt nudges with pauses did not leave the control: \(frames.at(1.9).pointer)")
    }

    @Test("B9 an explicit lift still recentres every time")
    func explicitLiftsAlwaysRecentre() throws {
        let frames = try EngineFixture.replay(
            Self.button,
            """
            {"t":0,"type":"position","x":205,"y":230}
            {"t":0.008,"type":"motion","dx":0.5,"dy":0}
            {"t":0.02,"type":"lift"}
            {"t":0.1,"type":"motion","dx":0,"dy":6}
            {"t":0.11,"type":"lift"}
            """)
        #expect(frames.at(0.2).pointer == Point(x: 218.5, y: 218.5))
    }

    @Test("B9 constrained shapes recentre only along their constrained axes")
    func recenteringConstrained() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"rail","frame":[100,100,600,40],"shape":"crosshair","constrainedAxes":["vertical"]}
            """)
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":300,"y":110}
            {"t":0.01,"type":"motion","dx":0.5,"dy":0}
            {"t":0.1,"type":"lift"}
            """)
        #expect(frames.at(0.2).pointer == Point(x: 300.5, y: 120))
    }

    @Test("B10 auto-hide: after the idle delay the pointer fades out, then the engine sleeps; motion brings it back")
    func autoHide() throws {
        let scene = try EngineFixture.scene(EngineFixture.sceneJSON("", pointer: "\"autoHideDelay\":1"))
        let engine = PointerEngine(scene: scene)
        engine.handle(InputEvent(time: 0, .position(Point(x: 400, y: 300))))
        #expect(engine.frame(at: 0.9).visible.opacity == 1)
        #expect(engine.nextWakeTime(after: 0.9) == 1.0)
        let fading = engine.frame(at: 1.2)
        #expect(fading.visible.opacity < 0.9 && fading.visible.opacity > 0)
        #expect(!fading.hidden)
        let gone = engine.frame(at: 3)
        #expect(gone.visible.opacity == 0)
        #expect(gone.hidden)
        // Idle means zero wake-ups.
        #expect(engine.nextWakeTime(after: 3) == nil)
        #expect(!engine.isAnimating)
        engine.handle(InputEvent(time: 5, .motion(dx: 1, dy: 0)))
        let back = engine.frame(at: 5.5)
        #expect(!back.hidden)
        #expect(back.visible.opacity > 0.9)
    }

    @Test("B11 acceleration: the same finger distance moved faster covers more canvas")
    func acceleration() throws {
        func travel(steps: Int, dt: Double) throws -> Double {
            var trace = "{\"t\":0,\"type\":\"position\",\"x\":100,\"y\":400}\n"
            let per = 300.0 / Double(steps)
            for i in 1...steps { trace += "{\"t\":\(Double(i) * dt),\"type\":\"motion\",\"dx\":\(per),\"dy\":0}\n" }
            // No inertia so only the curve counts.
            let scene = EngineFixture.sceneJSON("", pointer: "\"inertia\":false")
            return try EngineFixture.replay(scene, trace).last!.pointer.x - 100
        }
        let slow = try travel(steps: 300, dt: 0.01) // 100 pt/s
        let fast = try travel(steps: 30, dt: 0.008) // 1250 pt/s
        #expect(abs(slow - 300) < 0.001)
        #expect(fast > slow * 1.5)
    }

    static func flick(from x: Double, y: Double, dx: Double, count: Int = 6) -> (String, Double) {
        var trace = "{\"t\":0,\"type\":\"position\",\"x\":\(x),\"y\":\(y)}\n"
        var t = 0.5
        for _ in 0..<count {
            trace += "{\"t\":\(t),\"type\":\"motion\",\"dx\":\(dx),\"dy\":0}\n"
            t += 0.008
        }
        trace += "{\"t\":\(t),\"type\":\"lift\"}\n"
        return (trace, t)
    }

    @Test("B12 inertia: a flick keeps gliding after lift, decaying; a hold stops it")
    func inertia() throws {
        let scene = EngineFixture.sceneJSON("", pointer: "\"magnetism\":{\"radius\":0}")
        let (trace, lift) = Self.flick(from: 100, y: 400, dx: 10)
        let frames = try EngineFixture.replay(scene, trace)
        let atLift = frames.at(lift).pointer.x
        let a = frames.at(lift + 0.05).pointer.x
        let b = frames.at(lift + 0.1).pointer.x
        let c = frames.at(lift + 0.15).pointer.x
        #expect(a > atLift + 5)
        #expect(b - a < a - atLift) // decaying
        #expect(c - b < b - a)
        let final = frames.last!.pointer.x
        #expect(final > atLift + 50)

        let held = try EngineFixture.replay(
            scene, trace + "{\"t\":\(lift + 0.05),\"type\":\"hold\",\"phase\":\"begin\"}\n")
        let stop = held.at(lift + 0.06).pointer.x
        #expect(held.last!.pointer.x == stop)
        #expect(stop < final - 20)
    }

    @Test("B12 moving on mid-glide carries on from where the pointer glided to, and takes the real pointer there too")
    func motionDuringGlideWarps() throws {
        let scene = EngineFixture.sceneJSON("", pointer: "\"magnetism\":{\"radius\":0}")
        let (flick, lift) = Self.flick(from: 100, y: 400, dx: 10)
        // 50 ms into the glide the hand moves 3 pt down.
        let trace = flick + "{\"t\":\(lift + 0.05),\"type\":\"motion\",\"dx\":0,\"dy\":3}\n"
        let (frames, requests) = try EngineFixture.run(scene, trace)
        let glidedTo = try EngineFixture.replay(scene, flick).at(lift + 0.05).pointer
        let final = try #require(frames.last).pointer
        // From the glide's position, not from where the hand lifted (x ≈ 160).
        // (`glidedTo` is the nearest 60 Hz frame: the glide covers ~15 pt per frame there.)
        #expect(abs(final.x - glidedTo.x) < 20 && abs(final.y - (glidedTo.y + 3)) < 0.5, "\(final) vs \(glidedTo)")
        #expect(final.x > 180)
        let warp = requests.first { if case .warpPointer = $0.request { return true } else { return false } }
        #expect(warp?.request == .warpPointer(to: final), "requests: \(requests)")
    }

    @Test("B13 magnetism: a flick that lands on nothing glides to the control ahead, not a nearer one behind")
    func magnetism() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"behind","frame":[420,380,40,40],"effect":"highlight","hitPadding":4},
            {"id":"ahead","frame":[760,380,40,40],"effect":"highlight","hitPadding":4},
            {"id":"beside","frame":[560,100,40,40],"effect":"highlight","hitPadding":4}
            """)
        let (trace, lift) = Self.flick(from: 500, y: 400, dx: 8, count: 5)
        let (frames, requests) = try EngineFixture.run(scene, trace)
        // Where plain inertia would stop: nothing there.
        let plain = try EngineFixture.replay(
            scene.replacingOccurrences(
                of: "\"regions\"", with: "\"pointer\":{\"magnetism\":{\"radius\":0}},\"regions\""), trace)
        #expect(plain.last!.target == nil)
        #expect(abs(plain.last!.pointer.x - 780) > 50)
        _ = lift
        let last = frames.last!
        #expect(last.target == "ahead")
        #expect(last.pointer == Point(x: 780, y: 400))
        #expect(requests.contains { $0.request == .warpPointer(to: Point(x: 780, y: 400)) })
        // Glides there (passes through in-between positions), never via "behind".
        #expect(frames.contains { $0.pointer.x > 640 && $0.pointer.x < 760 })
        #expect(!frames.contains { $0.target == "behind" || $0.target == "beside" })
    }

    @Test("B13 magnetism never picks a control behind the swipe")
    func magnetismNeverBehind() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"behind","frame":[430,380,40,40],"effect":"highlight","hitPadding":4}
            """)
        let (trace, _) = Self.flick(from: 500, y: 400, dx: 8, count: 5)
        let frames = try EngineFixture.replay(scene, trace)
        #expect(frames.last!.target == nil)
        #expect(frames.last!.pointer.x > 520)
    }

    @Test("B13 magnetism picks the control ahead even when one behind or beside the swipe is nearer the landing")
    func magnetismDirectionBeatsDistance() throws {
        // A short flick (lift ≈ 524, plain landing ≈ 600): "behind" (edge 120 pt from the
        // landing) and "beside" (102 pt, 72° off the swipe) are both nearer than "ahead" (130 pt).
        let (trace, _) = Self.flick(from: 500, y: 400, dx: 3)
        let ahead = #"{"id":"ahead","frame":[730,380,40,40],"effect":"highlight","hitPadding":4}"#
        let plain = try EngineFixture.replay(
            EngineFixture.sceneJSON("", pointer: "\"magnetism\":{\"radius\":0}"), trace)
        #expect(abs(plain.last!.pointer.x - 600) < 5)
        for other in [
            #"{"id":"behind","frame":[440,380,40,40],"effect":"highlight","hitPadding":4}"#,
            #"{"id":"beside","frame":[540,500,40,40],"effect":"highlight","hitPadding":4}"#,
        ] {
            let frames = try EngineFixture.replay(EngineFixture.sceneJSON(other + "," + ahead), trace)
            #expect(frames.last!.target == "ahead", "\(other)")
            #expect(frames.last!.pointer == Point(x: 750, y: 400))
        }
    }

    @Test("press feedback: pressing scales the drawn pointer down; releasing restores it")
    func pressFeedback() throws {
        let frames = try EngineFixture.replay(
            Self.button,
            """
            {"t":0,"type":"position","x":218,"y":218}
            {"t":0.3,"type":"button","button":"primary","state":"pressed"}
            {"t":0.6,"type":"button","button":"primary","state":"released"}
            """)
        #expect(frames.at(0.29).visible.scale == 1)
        #expect(frames.at(0.55).pressed)
        #expect(frames.at(0.55).visible.scale < 0.95)
        #expect(!frames.at(1.0).pressed)
        #expect(frames.at(1.0).visible.scale > 0.99)
    }
}

extension EngineMotionTests {
    @Test("B9 a snap grid without constrained axes moves only the drawn pointer, never the model on lift")
    func gridWithoutConstraintDoesNotRecenter() throws {
        let scene = EngineFixture.sceneJSON(
            """
            {"id":"day","frame":[100,0,400,800],"shape":{"horizontalBeam":{"length":120}},"snap":{"y":15}}
            """)
        let frames = try EngineFixture.replay(
            scene,
            """
            {"t":0,"type":"position","x":300,"y":101}
            {"t":0.01,"type":"motion","dx":0,"dy":0.5}
            {"t":0.2,"type":"lift"}
            """)
        #expect(frames.last!.pointer == Point(x: 300, y: 101.5))
        #expect(frames.last!.visible.frame.midY == 97.5)
    }
}

extension EngineMotionTests {
    static let hideScene = EngineFixture.sceneJSON(
        """
        {"id":"button","frame":[200,200,37,37],"effect":"highlight","content":{"symbol":"plus"}},
        {"id":"icon","frame":[500,200,120,120],"cornerRadius":27,"effect":"lift","content":{"fill":"#FF9500"}},
        {"id":"chrome","frame":[500,400,200,40],"effect":"none","reveal":"hover","content":{"fill":"#DDDDDD"}}
        """, pointer: "\"autoHideDelay\":1")

    /// Frames of a pointer resting on (x, y) from t = 0, auto-hiding at 1 s, moved by 1 pt at t = 4.
    static func restThenMove(_ x: Double, _ y: Double) throws -> [PointerFrame] {
        try EngineFixture.replay(
            hideScene,
            """
            {"t":0,"type":"position","x":\(x),"y":\(y)}
            {"t":4,"type":"motion","dx":1,"dy":0}
            """)
    }

    @Test("B10 hiding ends the highlight, animated; motion brings it back over the control")
    func hidingEndsHighlight() throws {
        let frames = try Self.restThenMove(218, 218)
        let shown = try #require(frames.at(0.9).regions["button"])
        #expect(abs(shown.scale - 1.08) < 0.005 && shown.emphasis > 0.99)
        // Hidden: the content is back at rest (no state reported), not still at 1.08.
        let hidden = frames.at(3.5)
        #expect(hidden.hidden)
        #expect(hidden.regions["button"] == nil, "\(String(describing: hidden.regions["button"]))")
        // Animated, no pop: the scale passes through values in between, in small steps.
        let fading = frames.between(1, 3)
        let scales = fading.map { $0.regions["button"]?.scale ?? 1 }
        #expect(scales.contains { $0 > 1.01 && $0 < 1.07 })
        for (a, b) in zip(scales, scales.dropFirst()) { #expect(abs(a - b) < 0.01, "scale jumped \(a) → \(b)") }
        // No frame that counts as hidden still shows the effect.
        for f in frames where f.hidden {
            let s = f.regions["button"] ?? .rest
            #expect(abs(s.scale - 1) < 0.001 && s.emphasis < 0.001, "t=\(f.time): \(s)")
        }
        // Motion brings the pointer and, still over the control, the effect back.
        let back = frames.at(4.6)
        #expect(!back.hidden && back.target == "button")
        #expect(abs((back.regions["button"]?.scale ?? 1) - 1.08) < 0.005)
    }

    @Test("B10 hiding lowers a lifted element, animated; motion lifts it again")
    func hidingEndsLift() throws {
        let frames = try Self.restThenMove(560, 260)
        let lifted = try #require(frames.at(0.9).regions["icon"])
        #expect(lifted.scale > 1.03 && lifted.emphasis > 0.99)
        #expect(frames.at(3.5).hidden)
        #expect(frames.at(3.5).regions["icon"] == nil, "\(String(describing: frames.at(3.5).regions["icon"]))")
        let scales = frames.between(1, 3).map { $0.regions["icon"]?.scale ?? 1 }
        #expect(scales.contains { $0 > 1.01 && $0 < lifted.scale - 0.01 })
        for (a, b) in zip(scales, scales.dropFirst()) { #expect(abs(a - b) < 0.01, "scale jumped \(a) → \(b)") }
        // The pointer stays faded out behind the element while it lowers: no ghost circle.
        #expect(frames.between(1, 3.9).allSatisfy { $0.visible.opacity < 0.01 })
        let back = frames.at(4.6)
        #expect(!back.hidden && back.target == "icon")
        #expect(abs((back.regions["icon"]?.scale ?? 1) - lifted.scale) < 0.005)
    }

    @Test("B10 hover-revealed chrome hides with the pointer and comes back with it")
    func hidingEndsReveal() throws {
        let frames = try Self.restThenMove(600, 420)
        #expect((frames.at(0.9).regions["chrome"]?.opacity ?? 1) > 0.99)
        #expect((frames.at(3.5).regions["chrome"]?.opacity ?? 1) < 0.001)
        #expect((frames.at(4.6).regions["chrome"]?.opacity ?? 1) > 0.99)
    }
}
