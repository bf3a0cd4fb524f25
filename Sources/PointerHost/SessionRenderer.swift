import GLRenderer
import PointerCore
import PointerRendering

/// A `FrameRenderer` as the session's renderer: damage from the renderer,
/// drawing straight into the backend's buffer memory (no copy), one renderer
/// per output scale (each keeps its caches). The renderers come from a
/// `RendererFactory`: Cairo, or the GL renderer — reading its frames back into
/// the buffer, or drawing a canvas's EGL window surface, which the canvas presents.
public final class SessionRenderer: OverlayRenderer {
    private var scene: Scene
    private var renderers: [Double: MadeRenderer] = [:]
    public let factory: RendererFactory
    public var log: (String) -> Void = { _ in }
    /// Where the material samples the background: nil = the stage itself; an
    /// overlay backend sets a sampler of the real screen.
    public var backgroundSampler: BackgroundSampler? {
        didSet { for r in renderers.values { r.renderer.backgroundSampler = backgroundSampler } }
    }

    private var bannerImage: (banner: Banner, width: Int, height: Int, scale: Double, image: ImageSurface)?

    /// Throws when the scene's images cannot be loaded. The renderers are made on
    /// the first draw, so a backend can first offer a window platform
    /// (`windowContext(for:)`).
    public init(scene: Scene, factory: RendererFactory = RendererFactory(choice: .cairo, log: { _ in })) throws {
        self.scene = scene
        self.factory = factory
        _ = try SceneRenderer(scene: scene, scale: 1)
    }

    func frameRenderer(scale: Double) throws -> FrameRenderer { try made(scale: scale).renderer }

    private func made(scale: Double) throws -> MadeRenderer {
        if let r = renderers[scale] { return r }
        let r = try factory.make(scene: scene, scale: scale, backgroundSampler: backgroundSampler)
        renderers[scale] = r
        return r
    }

    public func replace(scene: Scene) throws {
        let fresh = try factory.make(scene: scene, scale: 1, backgroundSampler: backgroundSampler)
        self.scene = scene
        renderers = [1: fresh]
        prepared = []
    }

    /// Scales whose renderer has made its effect layers ahead.
    private var prepared: Set<Double> = []
    /// At most this long and this much (bytes) before a scale's first draw: the
    /// demo stage's take about 30 ms and 1.1 MB.
    static let effectPreparation = (seconds: 0.1, bytes: 4 << 20)

    /// The renderer that draws at `scale`, its effect layers made before its first draw.
    private func drawingRenderer(scale: Double) throws -> FrameRenderer {
        let r = try frameRenderer(scale: scale)
        if prepared.insert(scale).inserted {
            let end = MonotonicClock.now() + Self.effectPreparation.seconds
            r.prepareEffects(until: { MonotonicClock.now() >= end }, upTo: Self.effectPreparation.bytes)
        }
        return r
    }

    public func damage(from old: PointerFrame?, to new: PointerFrame, canvasSize: Size) -> [Rect] {
        // Damage is geometry: any scale's renderer answers (made now before the first draw).
        guard old != nil, let r = renderers.values.first?.renderer ?? (try? frameRenderer(scale: 1)) else {
            return [Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)]
        }
        return r.damage(from: old, to: new)
    }

    public var materialIsFading: Bool { renderers.values.contains { $0.renderer.materialIsFading } }

    public func windowContext(for platform: GLContext.Platform) -> GLContext? {
        factory.windowContext(platform: platform)
    }

    public func windowSystemClosing() {
        renderers = [:]
        prepared = []
        bannerImage = nil
        factory.closeWindowContext()
    }

    public func draw(_ frame: PointerFrame, into target: DrawTarget, clip: [Rect]) throws {
        switch target {
        case .pixels(let buffer):
            try draw(frame, into: buffer, clip: clip)
        case .window(let window):
            guard let r = try made(scale: window.scale).gl else { throw RendererCannotDrawWindows() }
            for rect in Rect.coalesced(clip) { try r.draw(frame: frame, into: window, clip: rect) }
        }
    }

    public func drawBanner(_ banner: Banner, into target: DrawTarget, canvasSize: Size, clip: [Rect]) throws {
        switch target {
        case .pixels(let buffer):
            try drawBanner(banner, into: buffer, canvasSize: canvasSize, clip: clip)
        case .window(let window):
            guard let r = try made(scale: window.scale).gl else { throw RendererCannotDrawWindows() }
            // Cairo draws the banner once per look into an image over the top of the
            // canvas; the GPU lays it over the frame.
            let height = min(
                window.pixelHeight, Int((BannerPainter.bounds(canvasSize: canvasSize).maxY + 1) * window.scale) + 1)
            var image = bannerImage?.image
            if bannerImage?.banner != banner || bannerImage?.width != window.pixelWidth || bannerImage?.height != height
                || bannerImage?.scale != window.scale || image == nil
            {
                let fresh = try ImageSurface(width: window.pixelWidth, height: max(height, 1))
                try BannerPainter.draw(
                    banner, into: fresh, scale: window.scale, canvasSize: canvasSize,
                    clip: [Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)])
                bannerImage = (banner, window.pixelWidth, height, window.scale, fresh)
                image = fresh
            }
            if let image { try r.drawOverlay(image, into: window, clip: clip) }
        }
    }

    public func draw(_ frame: PointerFrame, into buffer: PixelBuffer, clip: [Rect]) throws {
        let r = try drawingRenderer(scale: buffer.scale)
        let surface = try ImageSurface(
            wrapping: buffer.data, width: buffer.width, height: buffer.height,
            stride: buffer.stride)
        // Within the buffer, so overlaps are judged by what is really drawn.
        let extent = Rect(
            x: buffer.origin.x, y: buffer.origin.y,
            width: Double(buffer.width) / buffer.scale, height: Double(buffer.height) / buffer.scale)
        for rect in Rect.coalesced(clip.map { $0.intersection(extent) }) {
            try r.draw(frame: frame, into: surface, origin: buffer.origin, clip: rect)
        }
        surface.flush()
    }

    public func drawBanner(_ banner: Banner, into buffer: PixelBuffer, canvasSize: Size, clip: [Rect]) throws {
        let surface = try ImageSurface(
            wrapping: buffer.data, width: buffer.width, height: buffer.height,
            stride: buffer.stride)
        try BannerPainter.draw(
            banner, into: surface, scale: buffer.scale, origin: buffer.origin, canvasSize: canvasSize, clip: clip)
        surface.flush()
    }
}
