import Testing

@testable import PointerCore
@testable import PointerTrace

/// B9, B12, B13 by device (docs/behaviours.md, "Which devices glide"): only a
/// finger on a touchpad lifts, so only a touchpad's motion glides on; a mouse
/// stays where the hand left it and its click goes to the control it is snapped to.
@Suite("Device-aware gestures")
struct EngineDeviceTests {
    /// Two buttons side by side; "save" is hit from its padding on the left.
    static let scene = EngineFixture.sceneJSON(
        """
        {"id":"save","frame":[400,380,60,40],"effect":"highlight","hitPadding":20},
        {"id":"open","frame":[640,380,60,40],"effect":"highlight","hitPadding":20}
        """)

    /// A fast stroke to the right that stops dead at x = 385 (in save's padding).
    static func strokeStoppingInPadding(device: String?, speed: Double) -> (String, Double) {
        var trace = device.map { "{\"t\":0,\"type\":\"device\",\"device\":\"\($0)\"}\n" } ?? ""
        trace += "{\"t\":0,\"type\":\"acceleration\",\"curve\":\"host\"}\n"
        trace += "{\"t\":0.01,\"type\":\"position\",\"x\":100,\"y\":400}\n"
        let dt = 0.008
        let step = speed * dt
        var x = 100.0
        var t = 0.5
        while x + step <= 385 {
            trace += "{\"t\":\(t),\"type\":\"motion\",\"dx\":\(step),\"dy\":0}\n"
            x += step
            t += dt
        }
        trace += "{\"t\":\(t),\"type\":\"motion\",\"dx\":\(385 - x),\"dy\":0}\n"
        return (trace, t)
    }

    static func warps(_ requests: [(time: Double, request: HostRequest)]) -> [Point] {
        requests.compactMap { if case .warpPointer(let p) = $0.request { return p } else { return nil } }
    }

    @Test(
        "B12 B13 a mouse stroke that stops dead in a hit padding never glides: the pointer stays on that control and only ever warps to its centre",
        arguments: [600.0, 1500.0, 3000.0])
    func mouseNeverGlides(speed: Double) throws {
        let (trace, end) = Self.strokeStoppingInPadding(device: "mouse", speed: speed)
        let (frames, requests) = try EngineFixture.run(Self.scene, trace)
        #expect(frames.allSatisfy { $0.time < end || $0.target == "save" }, "left save after the stop")
        #expect(frames.last?.target == "save")
        // Recentred once, on the control the pointer is snapped to (B9).
        #expect(Self.warps(requests) == [Point(x: 430, y: 400)], "warps: \(Self.warps(requests))")
        // No frame after the stop moves the model pointer away from save.
        #expect(frames.filter { $0.time >= end }.allSatisfy { $0.pointer.x <= 460 && $0.pointer.x >= 365 })
    }

    @Test(
        "B12 B13 the same stroke from a touchpad glides on with magnetism, and a trace without a device line replays as it always did"
    )
    func touchpadAndUndeclaredGlide() throws {
        for device in ["touchpad", nil] as [String?] {
            let (trace, end) = Self.strokeStoppingInPadding(device: device, speed: 1500)
            let (frames, _) = try EngineFixture.run(Self.scene, trace)
            #expect(frames.contains { $0.time > end && $0.pointer.x > 500 }, "\(device ?? "undeclared"): no glide")
        }
    }

    @Test("B9 a mouse press before any pause recentres on the snapped control first, so the click is that control's")
    func pressRecentresMouse() throws {
        let (stroke, end) = Self.strokeStoppingInPadding(device: "mouse", speed: 1500)
        // Pressed 10 ms after the stop: before the 50 ms pause a lift is inferred from.
        let trace = stroke + "{\"t\":\(end + 0.01),\"type\":\"button\",\"button\":\"primary\",\"state\":\"pressed\"}\n"
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        let events = try TraceReader.parse(trace)
        for e in events.dropLast() { engine.handle(e) }
        _ = engine.drainHostRequests()
        #expect(engine.modelPointer.x < 400, "the model pointer is in the padding before the press")
        engine.handle(events.last!)
        #expect(engine.drainHostRequests() == [.warpPointer(to: Point(x: 430, y: 400))])
        #expect(engine.interaction.pressTarget.map { engine.facts.regionIDs[$0] } == "save")
        #expect(engine.modelPointer == Point(x: 430, y: 400))
    }

    @Test(
        "B9 a hand that moves on after the pause that recentred it: the warp goes where the model pointer is after that motion, so the real pointer never drifts from it"
    )
    func warpAfterLateMotion() throws {
        let (stroke, end) = Self.strokeStoppingInPadding(device: "mouse", speed: 1500)
        let engine = PointerEngine(scene: try EngineFixture.scene(Self.scene))
        for e in try TraceReader.parse(stroke) {
            engine.handle(e)
            _ = engine.drainHostRequests()
        }
        // The next motion is read 80 ms later: the inferred lift (at 50 ms) recentres
        // on save while the engine catches up to it, then the 20 pt step applies.
        engine.handle(InputEvent(time: end + 0.08, .motion(dx: -20, dy: 0)))
        #expect(engine.modelPointer == Point(x: 410, y: 400))
        #expect(engine.drainHostRequests() == [.warpPointer(to: Point(x: 410, y: 400))])
    }

    @Test("B9 a touchpad that reports its lifts is never recentred by a pause, only by the lift")
    func reportedLifts() throws {
        var trace = "{\"t\":0,\"type\":\"device\",\"device\":\"touchpad\",\"lifts\":true}\n"
        trace +=
            "{\"t\":0.01,\"type\":\"position\",\"x\":390,\"y\":400}\n{\"t\":0.02,\"type\":\"motion\",\"dx\":1,\"dy\":0}\n"
        let (paused, pausedRequests) = try EngineFixture.run(
            Self.scene, trace + "{\"t\":0.5,\"type\":\"motion\",\"dx\":0,\"dy\":1}\n")
        #expect(Self.warps(pausedRequests).isEmpty)
        #expect(paused.last?.pointer.x == 391)
        let (_, liftRequests) = try EngineFixture.run(Self.scene, trace + "{\"t\":0.5,\"type\":\"lift\"}\n")
        #expect(Self.warps(liftRequests) == [Point(x: 430, y: 400)])
    }

    @Test("device lines round-trip through traces; lifts on anything but a touchpad is refused with a fix")
    func traceLines() throws {
        let events = [
            InputEvent(time: 0, .device(.mouse)),
            InputEvent(time: 1, .device(PointingDevice(.touchpad, reportsLift: true))),
            InputEvent(time: 2, .device(PointingDevice(.tablet))),
        ]
        #expect(try TraceReader.parse(TraceWriter.text(events)) == events)
        #expect(TraceWriter.line(events[1]) == "{\"t\":1,\"type\":\"device\",\"device\":\"touchpad\",\"lifts\":true}")
        #expect(throws: TraceError.self) {
            try TraceReader.parse("{\"t\":0,\"type\":\"device\",\"device\":\"mouse\",\"lifts\":true}")
        }
        do {
            _ = try TraceReader.parse("{\"t\":0,\"type\":\"device\",\"device\":\"mose\"}")
            Issue.record("accepted an unknown device")
        } catch let e as TraceError {
            #expect(e.message.contains("did you mean \"mouse\""), "\(e.message)")
        }
    }
}
