import Foundation
import PointerCore
import PointerRendering

/// PointerEngine + SceneRenderer as a `FrameSource`: the engine decides, the
/// renderer draws only the damage between the last frame and this one.
public final class EngineFrameSource: FrameSource {
    private var engine: PointerEngine
    private var renderer: SceneRenderer
    private let scene: Scene
    private var surface: ImageSurface?
    private var surfaceData: UnsafeMutableRawPointer?
    private var lastFrame: PointerFrame?
    private let start: Double
    private let sampler = ClosureSampler()

    /// `outputSize` (pt) sizes a scene that leaves its canvas "output-sized".
    public init(scene original: Scene, scale: Double, outputSize: Size, start: Double = MonotonicClock.now()) throws {
        var scene = original
        if scene.canvas.size == nil { scene.canvas.size = outputSize }
        self.scene = scene
        engine = PointerEngine(scene: scene)
        // X servers accelerate pointer motion themselves: take their steps 1:1.
        engine.acceleration.maxGain = 1
        renderer = try SceneRenderer(scene: scene, scale: scale)
        self.start = start
    }

    public func handle(_ event: InputEvent) {
        engine.handle(InputEvent(time: event.time - start, event.kind))
    }

    public func draw(at time: Double, into target: CanvasTarget) throws -> [Rect] {
        if target.scale != renderer.scale {
            renderer = try SceneRenderer(scene: scene, scale: target.scale, backgroundSampler: renderer.backgroundSampler)
            lastFrame = nil
        }
        if surface == nil || surfaceData != target.data {
            surface = try ImageSurface(wrapping: target.data, width: target.width, height: target.height, stride: target.stride)
            surfaceData = target.data
            lastFrame = nil
        }
        guard let surface else { return [] }
        let frame = engine.frame(at: time - start)
        let full = Rect(x: 0, y: 0, width: Double(target.width) / target.scale, height: Double(target.height) / target.scale)
        let damage = lastFrame == nil ? [full] : renderer.damage(from: lastFrame, to: frame)
        for r in damage { try renderer.draw(frame: frame, into: surface, clip: r) }
        surface.flush()
        lastFrame = frame
        return damage
    }

    public func nextWakeTime(after time: Double) -> Double? {
        engine.nextWakeTime(after: time - start).map { $0 + start }
    }

    public func drainHostRequests() -> [HostRequest] { engine.drainHostRequests() }

    public func backgroundSampleArea(at time: Double) -> Rect? {
        // The frame about to be drawn (the engine is deterministic: asking again
        // for the same time in `draw` gives the same frame).
        let f = engine.frame(at: time - start)
        guard !f.hidden else { return nil }
        let v = f.visible.frame
        let d = max(min(v.width, v.height), scene.pointer.diameter) + 2
        return v.insetBy(dx: -d, dy: -d)
    }

    public func useScreenSampler(_ sample: @escaping (Rect) -> RGBA) {
        sampler.sample = sample
        renderer.backgroundSampler = sampler
    }
}

private final class ClosureSampler: BackgroundSampler {
    var sample: (Rect) -> RGBA = { _ in RGBA(r: 0.5, g: 0.5, b: 0.5) }
    func averageColor(in rect: Rect) -> RGBA { sample(rect) }
}
