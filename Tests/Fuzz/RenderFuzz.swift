import Foundation
import PointerCore
import PointerRendering
import PointerTrace
import SceneFormat

/// libFuzzer target (scripts/fuzz.sh render): a scene (bytes up to the first NUL) and
/// a trace (the rest) → renderer → small frames. Scenes that load must draw without
/// trapping; the canvas is held small so each run stays fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    guard
        var scene = try? SceneLoader.load(data: Data(bytes[..<split]), file: "fuzz.json", baseDirectory: "/nonexistent")
    else {
        return 0
    }
    if let s = scene.canvas.size, s.width * s.height > 512 * 512 { scene.canvas.size = Size(width: 512, height: 384) }
    let events = split < bytes.count ? (try? TraceReader.parse(bytes: Array(bytes[(split + 1)...]))) ?? [] : []
    do {
        let renderer = try SceneRenderer(scene: scene, scale: 1.5)
        if scene.canvas.size == nil { renderer.outputSize = Size(width: 320, height: 200) }
        let engine = PointerEngine(scene: scene)
        let surface = try ImageSurface(width: 96, height: 96)
        var previous: PointerFrame?
        for event in events.prefix(40) {
            engine.handle(event)
            let frame = engine.frame(at: event.time)
            let origin = Point(x: frame.pointer.x - 32, y: frame.pointer.y - 32)
            try renderer.draw(frame: frame, into: surface, origin: origin)
            for rect in renderer.damage(from: previous, to: frame) { _ = renderer.pixelRect(for: rect, origin: origin) }
            previous = frame
        }
        let still = try ImageSurface(width: 64, height: 48)
        try renderer.draw(frame: engine.frame(at: (events.last?.time ?? 0) + 0.5), into: still, origin: .zero)
    } catch {
        // Cairo refusing something (an image that vanished) is an error, not a crash.
    }
    return 0
}
