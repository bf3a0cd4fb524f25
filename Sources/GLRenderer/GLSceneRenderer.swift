import CGLES
import PointerCore
import PointerRendering

/// The GPU renderer: draws the same frames as the Cairo `SceneRenderer` with
/// OpenGL ES 3 (docs/gpu-renderer.md). It executes the same plans: its
/// `ScenePlanner` plans each draw (`drawPlan`, the one walk over the scene)
/// and answers the damage and the background samples; a `CairoLayerPainter`
/// rasterises the text and vector art into cached layers; shapes, the
/// material, effects, transforms and composition run in the shaders of
/// Shaders/.
///
/// Frames are drawn into a framebuffer the size of the target that keeps its
/// pixels between frames (so a frame repaints only its damage); `draw(into:
/// ImageSurface)` reads the repainted pixels back into the surface, a window
/// target presents them (`GLWindowSurface`).
///
/// One renderer is used from one thread at a time; it makes its context current.
public final class GLSceneRenderer: PlannedRenderer {
    public let rendererName = "gl"
    /// The scene's layout, plans, damage and material inputs.
    public let planner: ScenePlanner
    /// Text and vector art, rasterised into the layers the GPU composites.
    let layerPainter: CairoLayerPainter
    let context: GLContext
    private var resources: Resources?

    /// Everything holding GL objects, released with the context current.
    final class Resources {
        let pipeline: GLPipeline
        var canvases: [GLFramebuffer] = []
        var group: GLFramebuffer?
        /// The material targets (4×1: fill, backdrop, the look's memory in two texels): each
        /// resolve reads the memory from one and writes the other (D20).
        let materials: [GLFramebuffer]
        var materialIndex = 0
        var material: GLFramebuffer { materials[materialIndex] }
        /// The frame time of the last resolve; nil before the first (no memory yet).
        var materialTime: Double?
        /// The last frame time whose material inputs changed: the look may still
        /// be fading for `MaterialMemory.settleTime` after it.
        var materialChanged = -Double.infinity
        var lastMaterialInputs: MaterialInputs?
        var edges: GLTexture?
        var uploadedOutline: PointerOutline?
        let content = ContentLayers()
        let menus = MenuLayers()
        let effects = EffectLayers()
        var images: [ObjectIdentifier: (ImageSurface, GLTexture)] = [:]
        var overlay: GLTexture?

        init(pipeline: GLPipeline, floatTargets: Bool) throws {
            self.pipeline = pipeline
            materials = try (0..<2).map { _ in
                floatTargets
                    ? try GLFramebuffer(
                        width: 4, height: 1, internalFormat: GLenum(GL_RGBA32F), format: GLenum(GL_RGBA),
                        type: GLenum(GL_FLOAT), linear: false)
                    : try GLFramebuffer(width: 4, height: 1, linear: false)
            }
        }
    }

    /// Builds the renderer; compiles every shader of `shaders` (a broken one throws
    /// `GLError.shaderCompile` naming its file and line).
    public convenience init(
        scene: Scene, scale: Double = 1, context: GLContext, shaders: ShaderSources = .builtIn,
        backgroundSampler: BackgroundSampler? = nil
    ) throws {
        try self.init(
            planner: ScenePlanner(scene: scene, scale: scale, backgroundSampler: backgroundSampler),
            context: context, shaders: shaders)
    }

    /// Executes `planner`'s plans; the planner must serve no other renderer.
    public init(planner: ScenePlanner, context: GLContext, shaders: ShaderSources = .builtIn) throws {
        self.planner = planner
        layerPainter = CairoLayerPainter(planner: planner)
        self.context = context
        try context.makeCurrent()
        let pipeline = try context.pipeline(for: shaders)
        let float = context.hasGLExtension("GL_EXT_color_buffer_float")
        resources = try Resources(pipeline: pipeline, floatTargets: float)
    }

    deinit {
        try? context.makeCurrent()
        resources = nil
    }

    // MARK: FrameRenderer

    public func damage(from previous: PointerFrame?, to current: PointerFrame) -> [Rect] {
        var rects = planner.damage(from: previous, to: current)
        if previous != nil, materialIsFading, !current.hidden, let b = planner.pointerBounds(current) {
            rects.append(b)
        }
        return rects
    }
    /// The memory lives on the GPU: judged from when the material's inputs last
    /// changed, and not while the pointer is hidden (its memory waits).
    public var materialIsFading: Bool {
        guard let r = resources, let t = r.materialTime, let drawn = lastDrawnTime, t >= drawn - 1e-9 else {
            return false
        }
        return t - r.materialChanged < MaterialMemory.settleTime
    }
    /// The time of the last frame drawn, pointer shown or not.
    private var lastDrawnTime: Double?

    public func draw(frame: PointerFrame?, into surface: ImageSurface, origin: Point, clip: Rect?) throws {
        if let frame { lastDrawnTime = frame.time }
        try context.makeCurrent()
        guard
            let plan = try planner.drawPlan(
                frame: frame, width: surface.width, height: surface.height,
                origin: origin, clip: clip)
        else { return }
        let canvas = try canvas(width: surface.width, height: surface.height)
        try execute(plan, into: canvas)
        try readBack(canvas, plan.pixelClip, into: surface)
    }

    /// Draws into the framebuffer kept for targets of `width` × `height` px (a
    /// window's), repainting `clip`; the caller presents it.
    func drawFrame(_ frame: PointerFrame?, width: Int, height: Int, clip: Rect?) throws -> GLFramebuffer {
        let canvas = try canvas(width: width, height: height)
        if let plan = try planner.drawPlan(frame: frame, width: width, height: height, origin: .zero, clip: clip) {
            try execute(plan, into: canvas)
        }
        return canvas
    }

    /// How many layers Cairo rasterised and effect layers the GPU made (for tests of the cache).
    public var layerCounts: (content: Int, effects: Int) {
        (resources?.content.rasterised ?? 0, resources?.effects.made ?? 0)
    }

    // MARK: targets

    private func res() throws -> Resources {
        guard let r = resources else { throw GLError.unavailable("the renderer's GL resources are gone") }
        return r
    }

    /// The persistent framebuffer for targets of this size (the last two sizes are kept).
    private func canvas(width: Int, height: Int) throws -> GLFramebuffer {
        let r = try res()
        if let hit = r.canvases.first(where: { $0.width == width && $0.height == height }) { return hit }
        guard width <= context.maxTextureSize, height <= context.maxTextureSize else {
            throw GLError.tooLarge(width: width, height: height, limit: context.maxTextureSize)
        }
        let fb = try GLFramebuffer(width: width, height: height, linear: false)
        fb.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        r.canvases.insert(fb, at: 0)
        if r.canvases.count > 2 { r.canvases.removeLast() }
        r.group = nil
        return fb
    }

    /// Copies the repainted pixels into the Cairo surface (premultiplied ARGB32).
    private func readBack(
        _ canvas: GLFramebuffer, _ px: (x: Int, y: Int, width: Int, height: Int),
        into surface: ImageSurface
    ) throws {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), canvas.id)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(surface.stride / 4))
        let bgra = context.hasGLExtension("GL_EXT_read_format_bgra")
        let stride = surface.stride
        try surface.withPixels { raw in
            let start = raw + px.y * stride + px.x * 4
            glReadPixels(
                GLint(px.x), GLint(px.y), GLsizei(px.width), GLsizei(px.height),
                GLenum(bgra ? GL_BGRA_EXT : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), start)
            if !bgra {
                for row in 0..<px.height {
                    let p = (start + row * stride).assumingMemoryBound(to: UInt8.self)
                    for i in 0..<px.width {
                        let t = p[4 * i]
                        p[4 * i] = p[4 * i + 2]
                        p[4 * i + 2] = t
                    }
                }
            }
        }
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        try checkError("reading back \(px.width)×\(px.height) px")
    }

    func checkError(_ operation: String) throws {
        let e = glGetError()
        guard e == GLenum(GL_NO_ERROR) else { throw GLError.gl(operation: operation, code: UInt32(e)) }
    }

    func imageTexture(_ image: ImageSurface) throws -> GLTexture {
        let r = try res()
        if let hit = r.images[ObjectIdentifier(image)] { return hit.1 }
        let t = try GLTexture(image: image)
        r.images[ObjectIdentifier(image)] = (image, t)
        return t
    }

    var resourcesForDrawing: Resources? { resources }
}

extension GLContext {
    /// The programs for `shaders`, compiled once per context.
    func pipeline(for shaders: ShaderSources) throws -> GLPipeline {
        if let hit = pipelines[shaders.origin] { return hit }
        let p = try GLPipeline(sources: shaders)
        pipelines[shaders.origin] = p
        return p
    }
}

// MARK: window surfaces

extension GLSceneRenderer {
    /// Draws `frame` into `window`'s framebuffer, repainting `clip` (canvas pt, nil =
    /// everything); `window.present` then shows it. The window must be on this
    /// renderer's context.
    public func draw(frame: PointerFrame?, into window: GLWindowSurface, clip: Rect?) throws {
        if let frame { lastDrawnTime = frame.time }
        guard window.context === context else {
            throw GLError.unavailable("the window surface belongs to another GL context")
        }
        try window.makeCurrent()
        let fb = try window.targetFramebuffer()
        if let plan = try planner.drawPlan(
            frame: frame, width: fb.width, height: fb.height, origin: .zero, clip: clip)
        {
            try execute(plan, into: fb)
        }
    }

    /// Composites `image` (premultiplied, its top-left on the window's top-left,
    /// one pixel per device pixel) over the window's frame inside `clip` (canvas pt):
    /// the host's banner, drawn by Cairo.
    public func drawOverlay(_ image: ImageSurface, into window: GLWindowSurface, clip: [Rect]) throws {
        try window.makeCurrent()
        let fb = try window.targetFramebuffer()
        try drawOverlay(image, into: fb, clip: clip)
    }
}

// MARK: benchmarks

extension GLSceneRenderer {
    /// Draws `frame` into the framebuffer kept for a `width` × `height` px target
    /// (as for a window surface: no read-back) and waits until the GPU is done,
    /// so a benchmark times the whole frame.
    public func drawAndFinish(frame: PointerFrame?, width: Int, height: Int, clip: Rect?) throws {
        try context.makeCurrent()
        _ = try drawFrame(frame, width: width, height: height, clip: clip)
        glFinish()
    }

    /// What this renderer runs on ("OpenGL ES 3.2 Mesa … (llvmpipe …)").
    public var contextSummary: String { context.summary }
}
