import Foundation
import PointerCore
import Testing

@testable import PointerHost

/// Hot reload is all or nothing, and a failed draw is never shown or remembered.
@Suite struct AtomicReloadTests {
    @Test("a scene the renderer cannot draw leaves the logic on the last good scene too")
    func reloadAllOrNothing() throws {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        let next = Scene(name: "next")
        renderer.failReplace = true
        #expect(throws: FakeRenderer.Broken.self) { try session.replace(scene: next) }
        #expect(logic.scenes.isEmpty, "the logic took a scene the stage could not draw")
        renderer.failReplace = false
        try session.replace(scene: next)
        #expect(logic.scenes.map(\.name) == ["next"] && renderer.scenes.map(\.name) == ["next"])
    }

    @Test("a real unreadable image: SessionRenderer throws and keeps drawing the last good stage")
    func rendererKeepsStage() throws {
        let good = Scene(canvas: Canvas(size: Size(width: 50, height: 50), color: RGBA(r: 1, g: 0, b: 0)))
        let renderer = try SessionRenderer(scene: good)
        var bad = good
        bad.canvas.image = "/nonexistent/\(UUID().uuidString).png"
        #expect(throws: (any Error).self) { try renderer.replace(scene: bad) }
        let canvas = FakeCanvas(width: 50, height: 50)
        let session = OverlaySession(
            logic: PredictingEngine(scene: good), renderer: renderer, start: 0, clock: ManualClock().read)
        session.add(canvas)
        session.service(now: 0.1)
        #expect(canvas.pixel(25, 25) == 0xFFFF_0000, "the stage is still the good one")
    }

    @Test("a draw that fails is not committed, and the next draw repaints everything")
    func failedDrawNotCommitted() {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let canvas = FakeCanvas()
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        var logged: [String] = []
        session.log = { logged.append($0) }
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service(now: 1)
        #expect(canvas.commits.count == 1)
        renderer.failDraws = true
        session.handle(.position(Point(x: 60, y: 60)), at: 1.1)
        session.service(now: 1.1)
        #expect(canvas.commits.count == 1, "a failed draw was committed")
        #expect(canvas.cancels == 1)
        #expect(logged.contains { $0.contains("draw failed") })
        renderer.failDraws = false
        session.handle(.position(Point(x: 61, y: 61)), at: 1.2)
        session.service(now: 1.2)
        #expect(
            canvas.commits.last == [Rect(x: 0, y: 0, width: 100, height: 100)],
            "after a failure the whole canvas is redrawn")
    }
}
