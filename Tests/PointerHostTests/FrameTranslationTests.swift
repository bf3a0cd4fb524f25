import PointerCore
import Testing

@testable import PointerHost

/// A canvas that can move what it shows (the X11 overlay's pointer-sized window).
final class MovingCanvas: TranslatingCanvas {
    let canvasID = 1
    let canvasName = "moving"
    let sizeInPoints = Size(width: 100, height: 100)
    var isReadyToDraw = true
    var commits = 0
    var moves: [Point] = []
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 4 * 100 * 100, alignment: 16)
    deinit { memory.deallocate() }
    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)? {
        (PixelBuffer(data: memory, width: 100, height: 100, stride: 400, scale: 1), commits == 0 ? nil : [])
    }
    func cancelDraw() {}
    func endDraw(damage: [Rect], frameID: Int) { commits += 1 }
    func translate(by offset: Point) -> Bool {
        moves.append(offset)
        return true
    }
}

@Suite struct FrameTranslationTests {
    static func frame(at p: Point, pressed: Bool = false) -> PointerFrame {
        PointerFrame(
            time: 0, pointer: p,
            visible: VisiblePointer(
                kind: .circle, frame: Rect(center: p, size: Size(width: 19, height: 19)),
                cornerRadius: 9.5, geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5)),
            pressed: pressed)
    }

    @Test("a frame that only moves the pointer is a translation; a changed look is not")
    func translationOrNot() {
        let a = Self.frame(at: Point(x: 10, y: 10))
        #expect(FrameTranslation.offset(from: a, to: Self.frame(at: Point(x: 13, y: 11))) == Point(x: 3, y: 1))
        #expect(FrameTranslation.offset(from: a, to: Self.frame(at: Point(x: 13, y: 11), pressed: true)) == nil)
        #expect(FrameTranslation.offset(from: a, to: a) == nil, "nothing moved")
        var hidden = Self.frame(at: Point(x: 13, y: 11))
        hidden.hidden = true
        #expect(FrameTranslation.offset(from: a, to: hidden) == nil)
        var faded = Self.frame(at: Point(x: 13, y: 11))
        faded.visible.opacity = 0.5
        #expect(FrameTranslation.offset(from: a, to: faded) == nil)
    }

    @Test("pure motion on a canvas that can move: moved by the offset, not repainted")
    func sessionMovesInsteadOfPainting() {
        let logic = FakeLogic()
        let renderer = FakeRenderer()
        let canvas = MovingCanvas()
        let session = OverlaySession(logic: logic, renderer: renderer, start: 0, clock: ManualClock().read)
        session.add(canvas)
        session.pointerMoved(toCanvas: 1)
        session.service(now: 1)
        #expect(canvas.commits == 1)
        session.handle(.position(Point(x: 50, y: 50)), at: 1.1)
        session.service(now: 1.1)
        session.handle(.position(Point(x: 53, y: 52)), at: 1.2)
        session.service(now: 1.2)
        #expect(canvas.commits == 1, "pure motion was painted")
        #expect(canvas.moves == [Point(x: 40, y: 40), Point(x: 3, y: 2)])
        #expect(session.statistics.translatedFrames == 2 && session.statistics.paintedFrames == 1)
    }
}
