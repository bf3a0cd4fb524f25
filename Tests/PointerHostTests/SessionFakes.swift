import PointerCore
import PointerRendering

@testable import PointerHost

/// A fake canvas and logic to test what the session draws and when it sleeps.
final class FakeCanvas: OverlayCanvas {
    let canvasID = 1
    let canvasName = "fake"
    let sizeInPoints: Size
    var isReadyToDraw = true
    var commits: [[Rect]] = []
    let memory: UnsafeMutableRawPointer
    init(width: Int = 100, height: Int = 100) {
        sizeInPoints = Size(width: Double(width), height: Double(height))
        memory = UnsafeMutableRawPointer.allocate(byteCount: 4 * width * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: 4 * width * height)
    }
    deinit { memory.deallocate() }
    func beginDraw() -> (buffer: PixelBuffer, stale: [Rect]?)? {
        let w = Int(sizeInPoints.width)
        let h = Int(sizeInPoints.height)
        return (PixelBuffer(data: memory, width: w, height: h, stride: 4 * w, scale: 1), commits.isEmpty ? nil : [])
    }
    /// The ARGB pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        memory.load(fromByteOffset: 4 * (y * Int(sizeInPoints.width) + x), as: UInt32.self)
    }
    var cancels = 0
    func cancelDraw() { cancels += 1 }
    func endDraw(damage: [Rect], frameID: Int) { commits.append(damage) }
}

final class FakeLogic: PointerLogic {
    var pointer = Point(x: 10, y: 10)
    var animateUntil = -1.0
    var received: [InputEvent.Kind] = []
    func handle(_ event: InputEvent) {
        received.append(event.kind)
        if case .position(let p) = event.kind { pointer = p }
    }
    func frame(at time: Double) -> PointerFrame {
        PointerFrame(
            time: time, pointer: pointer,
            visible: VisiblePointer(
                kind: .circle, frame: Rect(center: pointer, size: Size(width: 19, height: 19)),
                cornerRadius: 9.5, geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5)))
    }
    func nextWakeTime(after time: Double) -> Double? { time < animateUntil ? time : nil }
    func drainHostRequests() -> [HostRequest] { [] }
    var scenes: [Scene] = []
    func replace(scene: Scene) { scenes.append(scene) }
}

final class FakeRenderer: OverlayRenderer {
    var clips: [[Rect]] = []
    func damage(from old: PointerFrame?, to new: PointerFrame, canvasSize: Size) -> [Rect] {
        guard let old else { return [Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)] }
        return old.visible.frame == new.visible.frame ? [] : [old.visible.frame, new.visible.frame]
    }
    struct Broken: Error {}
    var failDraws = false
    var failReplace = false
    /// Called as each frame is drawn (a test advances its manual clock here).
    var whileDrawing: () -> Void = {}
    var scenes: [Scene] = []
    var failBanners = false
    /// Fills what it draws with opaque black (a layered canvas splits only an opaque stage).
    var paintsOpaque = false
    func draw(_ frame: PointerFrame, into buffer: PixelBuffer, clip: [Rect]) throws {
        if failDraws { throw Broken() }
        whileDrawing()
        clips.append(clip)
        guard paintsOpaque else { return }
        for y in 0..<buffer.height {
            buffer.data.advanced(by: y * buffer.stride).initializeMemory(
                as: UInt32.self, repeating: 0xFF00_0000, count: buffer.width)
        }
    }
    func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws {
        if failBanners { throw Broken() }
    }
    func replace(scene: Scene) throws {
        if failReplace { throw Broken() }
        scenes.append(scene)
    }
}

/// Time for a session under test: it moves only when the test says.
final class ManualClock {
    var now: Double
    init(_ now: Double = 0) { self.now = now }
    func read() -> Double { now }
}
