import Foundation
import PointerCore
import PointerRendering
import Testing

@testable import PointerHost

/// Issue "never take the desktop hostage": every stage has a way out, and says so.
@Suite struct WayOutTests {
    @Test("Ctrl+Alt+Esc asks the host to quit; the key never reaches the pointer logic")
    func quitShortcut() {
        let logic = FakeLogic()
        let session = OverlaySession(logic: logic, renderer: FakeRenderer(), start: 0, clock: ManualClock().read)
        var quits = 0
        session.onQuitShortcut = { quits += 1 }
        session.handle(.key("escape"), at: 1) // Escape alone closes menus: the logic gets it
        #expect(quits == 0)
        session.handle(.modifiers([.ctrl]), at: 1.1)
        session.handle(.key("escape"), at: 1.2) // Ctrl+Esc is not the shortcut
        #expect(quits == 0)
        session.handle(.modifiers([.ctrl, .alt]), at: 1.3)
        session.handle(.key("escape"), at: 1.4)
        #expect(quits == 1)
        let escapes = logic.received.filter { $0 == .key("escape") }.count
        #expect(escapes == 2, "the logic saw \(logic.received)")
    }

    @Test("the stage hint is drawn for its seconds, fades, and is gone after; the session wakes for it, then sleeps")
    func bannerShowsThenGoes() throws {
        let scene = Scene(
            canvas: Canvas(size: Size(width: 480, height: 200), color: RGBA(r: 0, g: 0.5, b: 0)),
            pointer: PointerSettings(autoHideDelay: 0))
        let canvas = FakeCanvas(width: 480, height: 200)
        let session = OverlaySession(
            logic: PredictingEngine(scene: scene), renderer: try SessionRenderer(scene: scene), start: 0,
            clock: ManualClock().read)
        var deadlines: [Double?] = []
        session.setDeadline = { deadlines.append($0) }
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.handle(.position(Point(x: 400, y: 180)), at: 0.01)
        session.showBanner("Ctrl+Alt+Esc quits the stage", for: 3, now: 0)
        session.service(now: 0.05)
        let box = BannerPainter.frame(canvasSize: canvas.sizeInPoints)
        let green: UInt32 = 0xFF00_8000
        func bannerPixels() -> (dark: Int, light: Int) {
            var dark = 0
            var light = 0
            for y in Int(box.minY)..<Int(box.maxY) {
                for x in Int(box.minX)..<Int(box.maxX) {
                    let p = canvas.pixel(x, y)
                    let g = (p >> 8) & 0xFF
                    let r = (p >> 16) & 0xFF
                    if g < 0x40 { dark += 1 }
                    if r > 0xC0 && g > 0xC0 { light += 1 }
                }
            }
            return (dark, light)
        }
        let shown = bannerPixels()
        #expect(shown.dark > Int(box.width * box.height) / 2, "the pill is dark: \(shown)")
        #expect(shown.light > 100, "its text is light: \(shown)")
        // Asleep until the fade starts (no frame-rate polling while the hint stands).
        let wake = try #require(deadlines.last ?? nil)
        #expect(abs(wake - 2.6) < 0.01, "woke at \(wake)")
        session.timerFired(now: 3.05)
        #expect(canvas.pixel(Int(box.midX), Int(box.midY)) == green, "the hint is gone after 3 s")
        #expect(bannerPixels().light == 0)
        // Its rim too: the stroke reaches past the pill's frame.
        let reach = BannerPainter.bounds(canvasSize: canvas.sizeInPoints)
        var left = 0
        for y in Int(reach.minY)..<Int(reach.maxY.rounded(.up)) {
            for x in Int(reach.minX)..<Int(reach.maxX.rounded(.up)) where canvas.pixel(x, y) != green { left += 1 }
        }
        #expect(left == 0, "\(left) pixels of the hint stay on screen after it is gone")
        #expect(deadlines.last == .some(nil), "after the hint the session sleeps")
    }
}
