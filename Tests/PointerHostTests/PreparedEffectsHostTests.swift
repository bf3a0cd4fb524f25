import Foundation
import PointerCore
import Testing

@testable import PointerHost
@testable import PointerRendering

/// C15/C16 at the host: a stage's effect layers are made before its first frame
/// is drawn, and again for a reloaded scene, so no later frame pays for them.
@Suite struct PreparedEffectsHostTests {
    static func scene(iconAt x: Double) -> Scene {
        Scene(
            name: "icons", appearance: .light,
            canvas: Canvas(size: Size(width: 200, height: 120), color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(
                    id: "icon", frame: Rect(x: x, y: 20, width: 60, height: 60), cornerRadius: .points(14),
                    effect: .lift,
                    content: RegionContent(fill: RGBA(r: 1, g: 0.58, b: 0), symbol: "music", color: .white))
            ])
    }

    func blurs(_ renderer: SessionRenderer) throws -> Int {
        try #require(try renderer.frameRenderer(scale: 1) as? SceneRenderer).effects.blurCount
    }

    @Test("C15 the first frame drawn comes with the stage's lift layers made; a reload makes the new scene's")
    func madeBeforeFirstFrameAndOnReload() throws {
        let renderer = try SessionRenderer(scene: Self.scene(iconAt: 20))
        let canvas = FakeCanvas(width: 200, height: 120)
        let session = OverlaySession(
            logic: PredictingEngine(scene: Self.scene(iconAt: 20)), renderer: renderer, start: 0,
            clock: ManualClock().read)
        session.add(canvas)
        session.service(now: 0.1)
        // The icon's shadow and radiosity, though nothing has lifted yet.
        #expect(try blurs(renderer) == 2)

        try session.replace(scene: Self.scene(iconAt: 110))
        #expect(try blurs(renderer) == 0, "a fresh renderer for the reloaded scene")
        session.service(now: 0.2)
        #expect(try blurs(renderer) == 2)

        // The display went away and came back: new renderers, made ahead again.
        renderer.windowSystemClosing()
        let pixels = Pixels(width: 200, height: 120, fill: 0)
        try renderer.draw(
            PredictingEngine(scene: Self.scene(iconAt: 110)).frame(at: 0), into: pixels.buffer(),
            clip: [Rect(x: 0, y: 0, width: 200, height: 120)])
        #expect(try blurs(renderer) == 2)
    }
}
