import Testing

@testable import X11Backend

/// D20 on the shaped overlay: a capture of the desktop kept across moves
/// answers only while nothing but our own window drew on it; otherwise the
/// pointer's glass would show a desktop that is no longer there.
@Suite("Kept desktop capture")
struct KeptCaptureTests {
    /// A capture around a pointer window at (500, 400), then two moves of 4 px right.
    static func moving() -> KeptCapture {
        var kept = KeptCapture()
        kept.captured(
            PixelRect(x: 470, y: 370, width: 80, height: 80), window: PixelRect(x: 500, y: 400, width: 20, height: 20))
        kept.windowShown(PixelRect(x: 504, y: 400, width: 20, height: 20))
        kept.windowShown(PixelRect(x: 508, y: 400, width: 20, height: 20))
        return kept
    }
    static let nextMove = PixelRect(x: 500, y: 392, width: 36, height: 36)

    @Test("D20 while nothing draws, the kept capture answers the next move inside it, not one beyond it")
    func answersInside() {
        let kept = Self.moving()
        #expect(kept.answers(Self.nextMove))
        #expect(!kept.answers(PixelRect(x: 540, y: 392, width: 36, height: 36)))
        #expect(!KeptCapture().answers(Self.nextMove))
    }

    @Test(
        "D20 an application drawing on the kept capture, outside our window's places, makes the next move capture again"
    )
    func foreignDamageDrops() {
        var kept = Self.moving()
        kept.damaged(PixelRect(x: 530, y: 405, width: 6, height: 12)) // a text cursor ahead of the pointer
        #expect(!kept.answers(Self.nextMove))
        // Partly over our window's places counts too: it reaches beyond them.
        var partly = Self.moving()
        partly.damaged(PixelRect(x: 515, y: 395, width: 30, height: 10))
        #expect(!partly.answers(Self.nextMove))
    }

    @Test("D20 damage from our own window moving (and what it uncovered being redrawn) keeps the capture")
    func ownDamageKeeps() {
        var kept = Self.moving()
        kept.damaged(PixelRect(x: 500, y: 400, width: 24, height: 20)) // first move: old and new place
        kept.damaged(PixelRect(x: 504, y: 400, width: 4, height: 20)) // an application redrawing the uncovered strip
        kept.damaged(PixelRect(x: 900, y: 100, width: 50, height: 50)) // elsewhere on the screen
        #expect(kept.answers(Self.nextMove))
    }

    @Test("D20 windows rearranged, or too many moves since the capture, make the next move capture again")
    func droppedOtherwise() {
        var rearranged = Self.moving()
        rearranged.drop()
        #expect(!rearranged.answers(Self.nextMove))
        var many = KeptCapture()
        many.captured(
            PixelRect(x: 0, y: 0, width: 300, height: 300), window: PixelRect(x: 100, y: 100, width: 20, height: 20))
        let around = PixelRect(x: 90, y: 90, width: 40, height: 40)
        for i in 1..<KeptCapture.maxTrail { many.windowShown(PixelRect(x: 100 + i % 2, y: 100, width: 20, height: 20)) }
        #expect(many.answers(around))
        many.windowShown(PixelRect(x: 100, y: 100, width: 20, height: 20))
        #expect(!many.answers(around))
    }

    @Test("D20 after the hand rests our window's old places no longer excuse damage")
    func restForgetsTrail() {
        var kept = Self.moving()
        kept.forget()
        kept.captured(
            PixelRect(x: 470, y: 370, width: 80, height: 80), window: PixelRect(x: 508, y: 400, width: 20, height: 20))
        kept.damaged(PixelRect(x: 500, y: 400, width: 8, height: 20)) // where the window was before resting
        #expect(!kept.answers(Self.nextMove))
    }
}
