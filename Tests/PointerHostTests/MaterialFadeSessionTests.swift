import PointerCore
import PointerRendering
import Testing
@testable import PointerHost

/// D20: the look's cross-fade runs to its end on screen, even when the hand
/// stops in the frame the switch begins.
@Suite struct MaterialFadeSessionTests {
    @Test("D20 a pointer that stops just past a black-white edge keeps drawing until its look has cross-faded")
    func fadeRunsToTheEnd() throws {
        let scene = Scene(canvas: Canvas(size: Size(width: 200, height: 100), color: .white),
                          regions: [Region(id: "black", frame: Rect(x: 100, y: 0, width: 100, height: 100), cornerRadius: .points(0),
                                           effect: EffectSpec.none, content: RegionContent(fill: .black))])
        let painter = try RendererPainter(scene: scene)
        let canvas = FakeCanvas(width: 200, height: 100)
        let session = OverlaySession(model: EngineModel(scene: scene, predict: false), painter: painter, start: 0)
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        var now = 1.0
        // Across the edge at 120 pt/s, stopping in the frame the look starts to change.
        var x = 60.0
        while !painter.materialIsFading, x < 160 {
            x += 2
            session.handle(.position(Point(x: x, y: 50)), at: now)
            session.service(now: now)
            now += 1.0 / 60
        }
        #expect(painter.materialIsFading, "the look never changed on the way to x = \(x)")
        let atStop = canvas.commits.count
        // The hand rests: only the session's own wake-ups from here.
        for _ in 0..<90 {
            session.service(now: now)
            now += 1.0 / 60
        }
        #expect(canvas.commits.count > atStop, "no frame after the hand stopped")
        #expect(!painter.materialIsFading)
        // What rests on screen is the settled look: the light one over black (the ring is mostly black there).
        let last = try #require(painterFrame(session))
        let settled = try SceneRenderer(scene: scene).render(frame: last)
        let grey = Int((canvas.pixel(Int(x), 50) >> 16) & 0xFF), expected = Int(try #require(settled.pixel(x: Int(x), y: 50)).r)
        #expect(expected > 80 && abs(grey - expected) <= 3, "on screen \(grey), the settled look \(expected)")
    }

    /// The frame the session drew last.
    func painterFrame(_ session: OverlaySession) -> PointerFrame? { session.canvases[1]?.lastFrame }
}
