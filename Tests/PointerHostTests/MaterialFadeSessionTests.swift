import PointerCore
import PointerRendering
import Testing

@testable import PointerHost

/// D20: the look's cross-fade runs to its end on screen, even when the hand
/// stops in the frame the switch begins.
@Suite struct MaterialFadeSessionTests {
    static func edge(autoHideDelay: Double) -> Scene {
        var scene = Scene(
            canvas: Canvas(size: Size(width: 200, height: 100), color: .white),
            regions: [
                Region(
                    id: "black", frame: Rect(x: 100, y: 0, width: 100, height: 100), cornerRadius: .points(0),
                    effect: EffectSpec.none, content: RegionContent(fill: .black))
            ])
        scene.pointer.autoHideDelay = autoHideDelay
        return scene
    }

    /// A session drawing `scene` on a fake canvas that shows the pointer, with the Cairo renderer.
    static func session(_ scene: Scene) throws -> (SessionRenderer, FakeCanvas, OverlaySession) {
        let renderer = try SessionRenderer(scene: scene)
        let canvas = FakeCanvas(width: 200, height: 100)
        let session = OverlaySession(
            logic: PredictingEngine(scene: scene, predict: false), renderer: renderer, start: 0,
            clock: ManualClock().read)
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        return (renderer, canvas, session)
    }

    @Test("D20 a pointer that stops just past a black-white edge keeps drawing until its look has cross-faded")
    func fadeRunsToTheEnd() throws {
        // No auto-hide: the settled look is to be seen.
        let scene = Self.edge(autoHideDelay: 60)
        let (renderer, canvas, session) = try Self.session(scene)
        var now = 1.0
        // Across the edge at 120 pt/s, stopping in the frame the look starts to change: over
        // black the dark look leaves the centre black; the light one coming in lifts it.
        var x = 60.0
        func centre() -> Int { Int((canvas.pixel(Int(x), 50) >> 16) & 0xFF) }
        repeat {
            x += 2
            session.handle(.position(Point(x: x, y: 50)), at: now)
            session.service(now: now)
            now += 1.0 / 60
        } while !(x > 110 && centre() > 8) && x < 160
        #expect(
            x < 150 && centre() < 60, "the look never started to change on the way to x = \(x) (centre \(centre()))")
        let atStop = canvas.commits.count
        // The hand rests: only the session's own wake-ups from here.
        for _ in 0..<90 {
            session.service(now: now)
            now += 1.0 / 60
        }
        #expect(canvas.commits.count > atStop, "no frame after the hand stopped")
        #expect(!renderer.materialIsFading, "still fading at x = \(x)")
        // What rests on screen is the settled look: the light one over black (the ring is mostly black
        // there), as a still draws it or stronger (the strength held from the way there).
        let last = try #require(painterFrame(session))
        let settled = try SceneRenderer(scene: scene).render(frame: last)
        let grey = Int((canvas.pixel(Int(x), 50) >> 16) & 0xFF)
        let expected = Int(try #require(settled.pixel(x: Int(x), y: 50)).r)
        #expect(expected > 80 && grey >= expected - 3, "on screen \(grey), the settled look \(expected)")
    }

    @Test("D20 once the pointer hides, a look still settling asks for no more frames")
    func hiddenPointerStopsTheFade() throws {
        let scene = Self.edge(autoHideDelay: 0.1)
        let (renderer, canvas, session) = try Self.session(scene)
        var now = 1.0
        for x in stride(from: 60.0, through: 112, by: 4) {
            session.handle(.position(Point(x: x, y: 50)), at: now)
            session.service(now: now)
            now += 1.0 / 60
        }
        for _ in 0..<120 {
            session.service(now: now)
            now += 1.0 / 60
        }
        let drawn = canvas.commits.count
        for _ in 0..<30 {
            session.service(now: now)
            now += 1.0 / 60
        }
        #expect(!renderer.materialIsFading)
        #expect(canvas.commits.count == drawn, "a hidden pointer still drew \(canvas.commits.count - drawn) frames")
    }

    /// The frame the session drew last.
    func painterFrame(_ session: OverlaySession) -> PointerFrame? { session.canvases[1]?.lastFrame }
}
