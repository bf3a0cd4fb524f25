import Foundation
import PointerCore
import PointerTrace
import SceneFormat

/// libFuzzer target (scripts/fuzz.sh trace): trace bytes → reader → engine steps →
/// frame dump, on a scene with every kind of region (scroll, zoom, menu, snap, shape).
/// The dump must stay valid JSON with finite numbers.
let fuzzScene: Scene = {
    let text = """
        {"version": 1, "canvas": {"size": [800, 600]}, "pointer": {"autoHideDelay": 1},
         "regions": [
          {"id": "bar", "frame": [0, 0, 800, 44], "effect": "none", "regions": [
            {"id": "b1", "frame": [8, 4, 37, 37], "group": "tools", "content": {"symbol": "plus"}},
            {"id": "b2", "frame": [48, 4, 37, 37], "group": "tools", "effect": "lift", "content": {"fill": "#FF9500"}},
            {"id": "seg", "frame": [100, 6, 64, 32], "group": "s", "selected": true, "hides": ["sep"]},
            {"id": "sep", "frame": [164, 10, 1, 24], "effect": "none", "content": {"fill": "#888888"}}]},
          {"id": "list", "frame": [0, 60, 300, 400], "scroll": {"contentSize": [300, 1200]}, "effect": "none", "regions": [
            {"id": "row", "frame": [0, 0, 300, 44], "menu": ["Copy", "Paste"]}]},
          {"id": "text", "frame": [320, 60, 400, 200], "shape": {"verticalBeam": {}}, "snap": {"y": 20}, "constrainedAxes": ["vertical"]},
          {"id": "map", "frame": [320, 280, 400, 300], "zoom": {"min": 0.5, "max": 4, "rotate": true}, "effect": "none",
           "shape": {"path": "M0 0 L10 5 L0 10 Z", "size": [10, 10]}}],
         "modifiers": [{"keys": ["ctrl"], "shape": "crosshair"}]}
        """
    do { return try SceneLoader.load(text: text, file: "fuzz-scene.json") } catch { fatalError("fuzz scene: \(error)") }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let events = try? TraceReader.parse(bytes: bytes) else { return 0 }
    let engine = PointerEngine(scene: fuzzScene)
    // Events and sampled frames in between, bounded however far apart the times are:
    // 600 frames (10 s at 60 fps) cover a glide and auto-hide; then the engine jumps.
    var sampled = 0
    var last = 0.0
    for event in events.prefix(500) {
        var t = last
        while t < event.time && sampled < 600 {
            t = min(event.time, t + 1.0 / 60)
            check(FrameDumpWriter.line(engine.frame(at: t)))
            sampled += 1
        }
        engine.handle(event)
        check(FrameDumpWriter.line(engine.frame(at: event.time)))
        last = event.time
        _ = engine.nextWakeTime(after: event.time)
    }
    check(FrameDumpWriter.line(engine.frame(at: last + 10)))
    _ = TraceWriter.text(events)
    return 0
}

/// A dump line is one JSON object (a bare inf or nan would make it invalid JSON).
func check(_ line: String) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)), object is [String: Any] else {
        fatalError("frame dump line is not a JSON object: \(line)")
    }
}
