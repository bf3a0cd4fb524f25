import PointerCore

/// Draws a scene and one `PointerFrame` with Cairo. The API the backends call.
///
/// Coordinates: everything is in canvas points; `scale` (any positive value,
/// e.g. 1, 1.25, 1.5, 2) maps points to device pixels. A target surface may cover
/// the whole canvas (`origin` = .zero) or only part of it (a small pointer buffer
/// placed at `origin`): surface pixel (px, py) shows canvas point
/// `origin + (px, py) / scale`.
///
/// Typical backend loop (per frame callback):
///
///     let rects = renderer.damage(from: lastFrame, to: frame)   // canvas pt
///     for r in rects { try renderer.draw(frame: frame, into: buffer, clip: r) }
///     // then damage `renderer.pixelRect(for: r)` on the compositor
///
/// `draw` clears and repaints only the clip (grown to whole device pixels), so the
/// cost of a frame scales with the damaged area, never with the output size.
/// Draw exactly the rects `damage` returns (or everything): the pointer's material
/// reads what was just painted around it, and `damage` keeps that area in one rect.
/// Blurred layers are computed once per element and cached. A scene without canvas
/// colour or image leaves every pixel outside the pointer and effects fully
/// transparent, ready to composite over a live desktop.
///
/// One renderer is used from one thread at a time (it keeps caches).
public final class SceneRenderer {
    public let layout: SceneLayout
    /// Device pixels per point.
    public let scale: Double
    /// Where the pointer material looks up the colour under the pointer. nil = the
    /// renderer's own `StageBackgroundSampler`, built on first use.
    public var backgroundSampler: BackgroundSampler?

    let palette: Palette
    let images: SceneImages
    let content: RegionContentPainter
    let effects = EffectCache()
    /// The open menu drawn once (panel and text, device pixels), laid down scaled
    /// and faded while it opens or closes (E26): those frames cost one blit.
    var openingMenu: (menu: ContextMenu, image: ImageSurface)?
    let pointerPainter = PointerPainter()
    /// The pointer's look across this renderer's frames (D20).
    var materialMemory: MaterialMemory?
    /// The time of the last frame drawn, pointer shown or not.
    var lastDrawnTime: Double?
    let placementCache: PlacementCache
    /// Each region's drawn bounds at rest (canvas pt), indexed for culling against a clip.
    let restGrid: RegionGrid
    /// False for the renderer that draws the sampler's still of the stage.
    var drawsPointer = true
    /// False composites blurred layers whole (tests compare the two: the pixels are the same).
    var leavesHiddenEffectsOut = true

    public convenience init(scene: Scene, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil) throws {
        try self.init(layout: SceneLayout(scene: scene), scale: scale, backgroundSampler: backgroundSampler)
    }

    /// Loads the scene's images (a missing or corrupt PNG throws `CairoError.pngRead` naming it).
    public init(layout: SceneLayout, scale: Double = 1, backgroundSampler: BackgroundSampler? = nil) throws {
        guard scale > 0, scale.isFinite else {
            throw CairoError.invalidSize(
                width: 0, height: 0, stride: 0, reason: "scale must be a positive number, got \(scale)")
        }
        self.layout = layout
        self.scale = scale
        self.backgroundSampler = backgroundSampler
        palette = Palette(appearance: layout.scene.appearance)
        images = try SceneImages(scene: layout.scene)
        content = RegionContentPainter(palette: palette, images: images)
        placementCache = PlacementCache(layout: layout)
        restGrid = RegionGrid(frames: placementCache.rest.map { $0.bounds.insetBy(dx: -1, dy: -1) }, cell: 128)
    }

    private init(sharing other: SceneRenderer, scale: Double) {
        layout = other.layout
        self.scale = scale
        palette = other.palette
        images = other.images
        content = other.content
        placementCache = other.placementCache
        restGrid = other.restGrid
        drawsPointer = false
        backgroundSampler = UniformBackgroundSampler(color: .clear)
    }

    /// The output's size in pt, for scenes whose canvas is output-sized (no
    /// `canvas.size`): a backend sets it from its output. Ignored when the scene
    /// gives a size.
    public var outputSize: Size?

    /// The scene's canvas size, else `outputSize`, else the regions' bounds.
    public var canvasSize: Size { layout.scene.canvas.size ?? outputSize ?? layout.canvasSize }
    public var canvasRect: Rect { Rect(origin: .zero, size: canvasSize) }
    /// The canvas in device pixels.
    public var pixelWidth: Int { max(1, Int((canvasSize.width * scale).rounded(.up))) }
    public var pixelHeight: Int { max(1, Int((canvasSize.height * scale).rounded(.up))) }

    /// The backdrop the scene's appearance assumes under transparent pixels (what a
    /// desktop behind an overlay is taken to look like when nothing is sampled).
    public var backdropColor: RGBA { palette.backdrop }

    /// A transparent surface covering the whole canvas at `scale`.
    public func makeCanvasSurface() throws -> ImageSurface {
        try ImageSurface(width: pixelWidth, height: pixelHeight)
    }

    /// Renders the whole canvas for `frame` (nil = the stage at rest, no pointer).
    public func render(frame: PointerFrame?) throws -> ImageSurface {
        let s = try makeCanvasSurface()
        try draw(frame: frame, into: s)
        return s
    }

    /// `rect` (canvas pt) grown to whole device pixels of a surface placed at `origin`.
    /// Coordinates are held to ±2^40 px (NaN counts as 0), so no input can trap the
    /// conversion to Int; real canvases are far inside that.
    public func pixelRect(for rect: Rect, origin: Point = .zero) -> (x: Int, y: Int, width: Int, height: Int) {
        func held(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -0x1p40), 0x1p40) }
        let x0 = held(((rect.minX - origin.x) * scale + 1e-6).rounded(.down))
        let y0 = held(((rect.minY - origin.y) * scale + 1e-6).rounded(.down))
        let x1 = held(((rect.maxX - origin.x) * scale - 1e-6).rounded(.up))
        let y1 = held(((rect.maxY - origin.y) * scale - 1e-6).rounded(.up))
        return (Int(x0), Int(y0), max(0, Int(x1 - x0)), max(0, Int(y1 - y0)))
    }

    /// Everything the pointer of `frame` covers (canvas pt), nil when invisible: a
    /// backend drawing the pointer into a small moving buffer sizes it from this.
    public func pointerBounds(_ frame: PointerFrame) -> Rect? {
        PointerPainter.bounds(frame.visible, hidden: frame.hidden)
    }

    // MARK: sampling

    private var stageSampler: StageBackgroundSampler?

    /// The sampler in use (the own stage sampler is made on first call).
    func sampler() throws -> BackgroundSampler {
        if let s = backgroundSampler { return s }
        if let s = stageSampler { return s }
        let ppp = StageBackgroundSampler.pointsPerPixel(for: canvasSize)
        let still = SceneRenderer(sharing: self, scale: 1 / ppp)
        let image = try still.render(frame: nil)
        let s = try StageBackgroundSampler(image: image, pointsPerPixel: ppp)
        stageSampler = s
        return s
    }

    /// `top` composited over `bottom` (straight alpha).
    static func over(_ top: RGBA, _ bottom: RGBA) -> RGBA {
        let a = top.a + bottom.a * (1 - top.a)
        guard a > 0.0001 else { return .clear }
        func ch(_ t: Double, _ b: Double) -> Double { (t * top.a + b * bottom.a * (1 - top.a)) / a }
        return RGBA(r: ch(top.r, bottom.r), g: ch(top.g, bottom.g), b: ch(top.b, bottom.b), a: a)
    }

    /// `sample` (the stage under `rect`) with the open context menu, which the
    /// renderer draws over the stage, blended in by how much of `rect` it covers.
    /// E26: inside an open menu the pointer is the row's highlight, a control's
    /// lighter background behind its label: the highlight material (1), else 0.
    func menuRowHighlight(_ frame: PointerFrame) -> Double {
        guard let menu = frame.menu, frame.visible.kind == .roundedRect else { return 0 }
        return menu.rows.contains { $0.contains(frame.visible.frame.center) } ? 1 : 0
    }

    private func covered(_ sample: RGBA, _ rect: Rect, by menu: ContextMenu?) -> RGBA {
        guard let menu, rect.width > 0, rect.height > 0 else { return sample }
        let overlap = rect.intersection(menu.frame)
        guard !overlap.isEmpty else { return sample }
        let fraction = overlap.width * overlap.height / (rect.width * rect.height)
        var bg = palette.menuBackground
        bg.a = 1
        let a = min(max(sample.a, 0), 1)
        let base = RGBA(
            r: sample.r * a + palette.backdrop.r * (1 - a), g: sample.g * a + palette.backdrop.g * (1 - a),
            b: sample.b * a + palette.backdrop.b * (1 - a))
        return base.interpolated(to: bg, fraction * palette.menuBackground.a)
    }

    /// The area whose colour sets the pointer's material: its box grown by half a
    /// pointer diameter on each side.
    func materialRing(_ frame: PointerFrame) -> Rect {
        let f = frame.visible.frame
        let d = max(min(f.width, f.height), layout.scene.pointer.diameter)
        return f.insetBy(dx: -d / 2, dy: -d / 2)
    }

    /// The pointer's material for `frame` (D20): the colour under its footprint,
    /// weighted towards the centre (its box counts as much as the ring around it),
    /// the contrast target met right under it too, highlight and press applied.
    ///
    /// `drawn` reads what this draw call has already painted (the live stage:
    /// zoomed maps, lifted and tinted elements, the open menu); it is laid over the
    /// sampler's answer, which fills in wherever nothing opaque was drawn (a
    /// transparent overlay shows the desktop the sampler sees).
    func material(for frame: PointerFrame, highlight: Double, drawn: ((Rect) -> RGBA?)? = nil) throws -> PointerMaterial
    {
        try materialInputs(for: frame, highlight: highlight).resolve(
            drawn: drawn, memory: &materialMemory, at: frame.time)
    }

    /// True while the pointer's look cross-fades between dark and light (D20):
    /// the next frame differs even if nothing else does.
    /// Not while the pointer is hidden: the memory waits for it to show again.
    public var materialIsFading: Bool {
        guard let m = materialMemory, let t = lastDrawnTime else { return false }
        return m.isFading && m.time >= t - 1e-9
    }

    /// The sampler's part of the material of `frame`: what a GPU renderer needs to
    /// finish it on the GPU, where `drawn` is its own framebuffer.
    package func materialInputs(for frame: PointerFrame, highlight: Double) throws -> MaterialInputs {
        let sampler = try self.sampler()
        let f = frame.visible.frame
        let ring = materialRing(frame)
        // Right under it: the square inscribed in a round pointer.
        let core = f.insetBy(dx: f.width * 0.15, dy: f.height * 0.15)
        // From the animated press scale, not the `pressed` flag, so it eases in with it.
        let press = min(max((1 - frame.visible.scale) / 0.1, 0), 1)
        return MaterialInputs(
            inner: covered(sampler.averageColor(in: f), f, by: frame.menuShown),
            outer: covered(sampler.averageColor(in: ring), ring, by: frame.menuShown),
            core: covered(sampler.averageColor(in: core), core, by: frame.menuShown),
            box: f, ring: ring, coreBox: core, fallback: palette.backdrop,
            highlight: highlight, press: press, time: frame.time)
    }
}

/// The material of one pointer draw before this draw call's own pixels are laid
/// over the samples (`resolve(drawn:)` does that; the GL renderer does it in
/// Shaders/material_resolve.frag).
package struct MaterialInputs: Equatable {
    /// The sampler's colour (menu included) over the pointer's box, over the ring
    /// around it, and over the square inscribed in it.
    package var inner: RGBA
    package var outer: RGBA
    package var core: RGBA
    /// Canvas pt.
    package var box: Rect
    package var ring: Rect
    package var coreBox: Rect
    /// The appearance's backdrop under unknown (transparent) parts.
    package var fallback: RGBA
    package var highlight: Double
    package var press: Double
    /// The frame's time: the look's memory advances by it (D20).
    package var time: Double

    /// The material once `drawn` (the mean of what was painted over a canvas rect) is laid over the samples.
    package func resolve(drawn: ((Rect) -> RGBA?)?) -> PointerMaterial {
        var noMemory: MaterialMemory?
        return resolve(drawn: drawn, memory: &noMemory, at: nil)
    }

    /// As above, the look remembered across frames in `memory` (at frame time `time`).
    package func resolve(drawn: ((Rect) -> RGBA?)?, memory: inout MaterialMemory?, at time: Double?) -> PointerMaterial
    {
        var inner = self.inner
        var outer = self.outer
        var core = self.core
        if let drawn {
            if let d = drawn(box) { inner = SceneRenderer.over(d, inner) }
            if let d = drawn(ring) { outer = SceneRenderer.over(d, outer) }
            if let d = drawn(coreBox) { core = SceneRenderer.over(d, core) }
        }
        return PointerMaterial.resolve(
            background: inner.interpolated(to: outer, 0.5), fallback: fallback,
            highlight: highlight, press: press, surroundings: outer, footprint: core,
            memory: &memory, at: time)
    }
}
