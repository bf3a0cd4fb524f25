import PointerCore
import PointerRendering

/// PointerRendering's SceneRenderer as the session's painter: damage from
/// the renderer, drawing straight into the backend's buffer memory (no copy),
/// one renderer per output scale (each keeps its blur caches).
public final class RendererPainter: OverlayPainter {
    private var scene: Scene
    private var renderers: [Double: SceneRenderer] = [:]
    public var log: (String) -> Void = { _ in }
    /// Where the material samples the background: nil = the stage itself; an
    /// overlay backend sets a sampler of the real screen.
    public var backgroundSampler: BackgroundSampler? {
        didSet { for r in renderers.values { r.backgroundSampler = backgroundSampler } }
    }

    /// Throws when the scene's images cannot be loaded.
    public init(scene: Scene) throws {
        self.scene = scene
        renderers[1] = try SceneRenderer(scene: scene, scale: 1)
    }

    private func renderer(scale: Double) throws -> SceneRenderer {
        if let r = renderers[scale] { return r }
        let r = try SceneRenderer(scene: scene, scale: scale, backgroundSampler: backgroundSampler)
        renderers[scale] = r
        return r
    }

    public func replace(scene: Scene) throws {
        let fresh = try SceneRenderer(scene: scene, scale: 1, backgroundSampler: backgroundSampler)
        self.scene = scene
        renderers = [1: fresh]
    }

    public func damage(from old: PointerFrame?, to new: PointerFrame, canvasSize: Size) -> [Rect] {
        guard old != nil, let r = renderers.values.first else {
            return [Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)]
        }
        return r.damage(from: old, to: new)
    }

    public func draw(_ frame: PointerFrame, into buffer: PixelBuffer, clip: [Rect]) throws {
        let r = try renderer(scale: buffer.scale)
        let surface = try ImageSurface(wrapping: buffer.data, width: buffer.width, height: buffer.height,
                                       stride: buffer.stride)
        for rect in clip { try r.draw(frame: frame, into: surface, origin: buffer.origin, clip: rect) }
        surface.flush()
    }

    public func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws {
        let surface = try ImageSurface(wrapping: buffer.data, width: buffer.width, height: buffer.height,
                                       stride: buffer.stride)
        try BannerPainter.draw(banner, into: surface, scale: buffer.scale, origin: buffer.origin, canvasSize: canvasSize, clip: clip)
        surface.flush()
    }
}
