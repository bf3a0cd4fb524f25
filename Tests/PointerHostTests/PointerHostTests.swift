import Foundation
import PointerCore
import PointerTrace
import SceneFormat
import Testing

@testable import PointerHost

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LatencyStatsTests {
    @Test("p50 and p99 are nearest-rank percentiles")
    func percentiles() {
        var s = LatencyStats(name: "x")
        for i in 1...100 { s.add(Double(i) / 1000) }
        #expect(s.percentile(50) == 0.050)
        #expect(s.percentile(99) == 0.099)
        #expect(s.summary.contains("p50 50.0 ms") && s.summary.contains("p99 99.0 ms"))
        #expect(LatencyStats(name: "y").summary == "y: no samples")
    }

    @Test("a long session keeps a fixed number of samples: the most recent ones")
    func boundedMemory() {
        var s = LatencyStats(name: "x", capacity: 100)
        for i in 0..<10_000 { s.add(i < 9_900 ? 1 : 0.001) }
        #expect(s.samples.count == 100)
        #expect(s.count == 10_000)
        #expect(s.percentile(99) == 0.001)
    }
}

@Suite struct TraceRecorderTests {
    @Test("run --record writes the trace format and never a key")
    func recordsModifierSetsOnly() throws {
        let path = NSTemporaryDirectory() + "rec-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try TraceRecorder(path: path)
        r.record(InputEvent(time: 0, .position(Point(x: 400, y: 300))))
        r.record(InputEvent(time: 0.1, .modifiers([.ctrl, .shift])))
        r.record(InputEvent(time: 0.2, .key("escape")))
        r.record(InputEvent(time: 0.3, .button(.secondary, .pressed)))
        r.flush()
        let events = try TraceReader.read(path: path)
        let kinds: [InputEvent.Kind] = events.map { $0.kind }
        #expect(
            kinds == [.position(Point(x: 400, y: 300)), .modifiers([.ctrl, .shift]), .button(.secondary, .pressed)])
    }
}

/// EventLoop blocks SIGINT/SIGTERM on the calling thread, and child processes
/// inherit that mask: these tests run on a thread of their own, so the test
/// runner's threads (which start compositors in other suites) stay unblocked.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error> = .failure(CancellationError())
}

private func onOwnThread<T>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() } // written before signal, read after wait
        done.signal()
    }
    thread.start()
    done.wait()
    return try box.result.get()
}

@Suite struct EventLoopTests {
    @Test("the timer fires at its deadline with a single wake-up (no polling while waiting)")
    func timerWakesOnce() throws {
        let (code, wakeups, late) = try onOwnThread { () throws -> (Int32, Int, Bool) in
            let loop = try EventLoop()
            let start = MonotonicClock.now()
            var fired: Double?
            loop.onTimer = {
                fired = MonotonicClock.now()
                loop.stop(exitCode: 7)
            }
            loop.setDeadline(start + 0.05)
            let code = try loop.run()
            return (code, loop.wakeups, (fired ?? 0) >= start + 0.05)
        }
        #expect(code == 7)
        #expect(wakeups == 1)
        #expect(late)
    }

    @Test("SIGTERM arrives on the signalfd and stops the loop with 0")
    func sigterm() throws {
        let code = try onOwnThread { () throws -> Int32 in
            let loop = try EventLoop()
            loop.setDeadline(MonotonicClock.now() + 5) // a safety net: the test never hangs
            loop.onTimer = { loop.stop(exitCode: 99) }
            pthread_kill(pthread_self(), SIGTERM) // blocked on this thread, so it waits on the signalfd
            return try loop.run()
        }
        #expect(code == 0)
    }
}

@Suite struct OverlaySessionTests {
    @Test("idle: after input is drawn the session asks for no timer (zero wake-ups)")
    func idleAsksForNothing() {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let canvas = FakeCanvas()
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        var deadlines: [Double?] = []
        session.setDeadline = { deadlines.append($0) }
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service(now: 1)
        session.handle(.position(Point(x: 50, y: 50)), at: 1.1)
        session.service(now: 1.1)
        #expect(canvas.commits.count == 2)
        #expect(deadlines.allSatisfy { $0 == nil })
        session.service(now: 1.2) // nothing changed: nothing drawn
        #expect(canvas.commits.count == 2)
    }

    @Test("the session reads time only from its clock: --stats figures follow a manual clock exactly")
    func manualClock() {
        let clock = ManualClock(1)
        let renderer = FakeRenderer()
        // Each draw takes 5 ms on the manual clock and none on the real one.
        renderer.whileDrawing = { clock.now += 0.005 }
        let canvas = FakeCanvas()
        let session = OverlaySession(logic: FakeLogic(), renderer: renderer, start: 0, clock: clock.read)
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service()
        clock.now = 2
        session.handle(.position(Point(x: 50, y: 50)), at: clock.now)
        session.service()
        #expect(canvas.commits.count == 2)
        let work = session.statistics.frameProcessing.samples
        #expect(work.count == 2 && work.allSatisfy { abs($0 - 0.005) < 1e-9 }, "frame work: \(work)")
        // The motion at 2 s was committed after the 5 ms draw.
        #expect(session.statistics.eventToCommit.samples.last.map { abs($0 - 0.005) < 1e-9 } == true)
    }

    @Test("cost model: a pointer move repaints only its damage, in whole pixels")
    func repaintsOnlyDamage() {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let canvas = FakeCanvas()
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service(now: 1)
        session.handle(.position(Point(x: 50.3, y: 50.3)), at: 1.1)
        session.service(now: 1.1)
        let last = canvas.commits.last ?? []
        #expect(last.count == 2)
        #expect(last.allSatisfy { $0.width <= 21 && $0.minX == $0.minX.rounded() && $0.maxX == $0.maxX.rounded() })
    }

    @Test("animating: frames are paced by the canvas, and the timer only when no callback will come")
    func animationPacing() {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let canvas = FakeCanvas()
        logic.animateUntil = 2
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        var deadline: Double?? = .none
        session.setDeadline = { deadline = $0 }
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service(now: 1) // commits: the frame callback will pace the next draw
        #expect(deadline == .some(nil))
        canvas.isReadyToDraw = true
        logic.pointer = Point(x: 30, y: 30)
        session.service(now: 1.016)
        #expect(canvas.commits.count == 2)
        session.service(now: 1.03) // animating but nothing changed: no commit, so the timer ticks
        if case .some(.some(let t)) = deadline {
            #expect(t > 1.03 && t < 1.06)
        } else {
            Issue.record("no timer while animating")
        }
    }
}

@Suite struct SceneResolverTests {
    @Test(
        "one rule for every command: paths as given, bare names are bundled scenes, unknown names list the bundled ones"
    )
    func resolves() throws {
        let assets = try AssetLocator.locate()
        #expect(try AssetLocator.resolveScene("demo") == assets.scene(named: "demo").path)
        #expect(try AssetLocator.resolveScene("my/scene") == "my/scene")
        #expect(try AssetLocator.resolveScene("mine.json") == "mine.json")
        do {
            _ = try AssetLocator.resolveScene("no-such-scene")
            Issue.record("an unknown name resolved")
        } catch {
            #expect("\(error)".contains("toolbar"), "\(error)")
        }
    }
}

@Suite struct PredictionSettleTests {
    /// The host draws only when input arrives or the logic asks to be woken.
    /// When the hand stops, the last frame drawn must show the pointer where the
    /// hand is, not extrapolated past it: clicks land at the real pointer.
    @Test("a pointer drawn ahead of a moving hand comes back to where the hand stopped, with no further input")
    func predictionSettles() throws {
        let scene = try SceneLoader.load(
            text: #"{"version":1,"canvas":{"size":[1280,800]},"regions":[],"pointer":{"autoHideDelay":0}}"#,
            file: "empty.json")
        // About 150 pt/s, too slow to glide on when the hand stops; reports every
        // 8 ms, or every 28 ms (what a loaded machine delivered in an end-to-end run).
        for interval in [0.008, 0.028] {
            let step = 150 * interval / 2.0.squareRoot()
            let logic = PredictingEngine(scene: scene, predict: true)
            var t = 1.0
            logic.handle(InputEvent(time: t, .position(Point(x: 300, y: 300))))
            for i in 1...12 {
                t += interval
                logic.handle(InputEvent(time: t, .motion(dx: step, dy: -step)))
                if i == 12 { break }
            }
            let stopped = try #require(logic.truePointer)
            // A frame drawn with the last report: drawn ahead.
            let (ahead, _) = logic.frame(at: t + 0.002, presentAt: t + 0.018)
            #expect(
                ahead.pointer.distance(to: stopped) > 1, "interval \(interval): nothing predicted, so nothing to check")
            // Then only wake-ups (an inferred lift, a glide, its end): each draws a
            // frame, and the last one drawn is what stays on screen.
            var now = t + 0.002
            var last = ahead
            while let wake = logic.nextWakeTime(after: now), wake < now + 5 {
                now = max(wake, now + 0.001)
                last = logic.frame(at: now, presentAt: now + 0.016).frame
            }
            let exact = logic.frame(at: now + 1).pointer // where the pointer rests (the real one is warped there)
            #expect(
                last.pointer.distance(to: exact) < 0.01,
                "interval \(interval): the pointer stays drawn at \(last.pointer), it rests at \(exact)")
        }
    }
}
