import CGLES
import PointerCore
import PointerRendering

/// Lift's shadow and radiosity (C15) and hover's shadow (C16), made on the GPU
/// once per element (or size) and kept: an animation frame only transforms
/// and composites them. They match the Cairo EffectCache's layers: the same
/// extent and resolution (≤ 1 px per pt), the same spread (its three box
/// blurs of radius r are a Gaussian of σ = √(r(r+1)) px), the shadow drawn
/// analytically (shadow.frag), the radiosity a separable blur (blur.frag) of
/// the element's body.
final class EffectLayers {
    private var lifts: [Int: TextureLayer] = [:]
    private var shadows: [String: TextureLayer] = [:]
    private(set) var made = 0

    func removeAll() {
        lifts = [:]
        shadows = [:]
    }

    var byteCount: Int { (Array(lifts.values) + Array(shadows.values)).reduce(0) { $0 + $1.texture.byteCount } }

    /// The extent and resolution of an element's effect layers (its pt).
    private static func frame(for size: Size) -> (rect: Rect, k: Double, width: Int, height: Int) {
        let g = ScenePlanner.effectGeometry(size: size)
        let rect = Rect(
            x: -g.margin, y: -g.margin, width: size.width + 2 * g.margin, height: size.height + 2 * g.margin)
        let k = ScenePlanner.effectBlur(size: size, blur: g.shadowBlur).pixelsPerPoint
        return (rect, k, max(1, Int((rect.width * k).rounded(.up))), max(1, Int((rect.height * k).rounded(.up))))
    }

    private static func sigma(_ boxRadius: Int) -> Double {
        let r = Double(boxRadius)
        return (r * (r + 1)).squareRoot()
    }

    /// A black rounded-rect shadow of `size`, `radius`, alpha 1 (drawn at the caller's alpha).
    func shadow(size: Size, radius: Double, pipeline: GLPipeline) throws -> TextureLayer {
        let key = "\(Int(size.width.rounded()))x\(Int(size.height.rounded()))r\(Int(radius.rounded()))"
        if let hit = shadows[key] { return hit }
        let f = Self.frame(for: size)
        let target = try GLFramebuffer(width: f.width, height: f.height)
        target.bind()
        clear()
        drawShadow(size: size, radius: radius, alpha: 1, offset: 0, frame: f, pipeline: pipeline)
        let layer = TextureLayer(
            texture: target.texture,
            rect: Rect(
                x: f.rect.minX, y: f.rect.minY,
                width: Double(f.width) / f.k, height: Double(f.height) / f.k), density: f.k)
        shadows[key] = layer
        made += 1
        return layer
    }

    /// Region `i`'s lift layer: its shadow (alpha `shadowAlpha`, dropped) under its
    /// body's blurred colours grown 6 % about the centre (alpha 0.5).
    func lift(_ i: Int, painter: CairoLayerPainter, pipeline: GLPipeline) throws -> TextureLayer {
        if let hit = lifts[i] { return hit }
        let shape = painter.planner.regionShape(i)
        let size = shape.size
        let g = ScenePlanner.effectGeometry(size: size)
        let f = Self.frame(for: size)
        let target = try GLFramebuffer(width: f.width, height: f.height)
        var glow: GLFramebuffer?
        if painter.planner.hasBody(i) {
            // The body as Cairo draws it, at the layer's resolution, then blurred on the GPU.
            let blurRadius = ScenePlanner.effectBlur(size: size, blur: g.glowBlur).boxRadius
            let body = try LayerRaster.make(bounds: f.rect, density: f.k, phase: .zero, pad: 0, maxSide: 8192) {
                image, t in
                try painter.drawBodyLayer(i, into: image, transform: t)
            }
            let across = try GLFramebuffer(width: f.width, height: f.height)
            let down = try GLFramebuffer(width: f.width, height: f.height)
            blur(body.texture, into: across, direction: (1, 0), sigma: Self.sigma(blurRadius), pipeline: pipeline)
            blur(across.texture, into: down, direction: (0, 1), sigma: Self.sigma(blurRadius), pipeline: pipeline)
            glow = down
        }
        target.bind()
        clear()
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        drawShadow(
            size: size, radius: shape.radius, alpha: painter.planner.shadowAlpha, offset: g.shadowOffset, frame: f,
            pipeline: pipeline)
        if let glow {
            let toLayer = Self.toLayer(f)
            let c = Point(x: size.width / 2, y: size.height / 2)
            let grown = toLayer.concatenating(.translation(c.x, c.y)).concatenating(.scaling(1.06))
                .concatenating(.translation(-c.x, -c.y))
            let p = pipeline.layer
            p.use()
            bindTexture(glow.texture, unit: 0)
            p.set("u_layer", int: 0)
            let rect = Rect(
                x: f.rect.minX, y: f.rect.minY, width: Double(f.width) / f.k, height: Double(f.height) / f.k)
            p.set("u_layerRect", rect.minX, rect.minY, rect.width, rect.height)
            p.set("u_alpha", 0.5)
            p.set("u_clipCount", int: 0)
            pipeline.drawQuad(p, rect: rect, toDevice: grown, viewport: (f.width, f.height))
        }
        let layer = TextureLayer(
            texture: target.texture,
            rect: Rect(
                x: f.rect.minX, y: f.rect.minY,
                width: Double(f.width) / f.k, height: Double(f.height) / f.k), density: f.k)
        lifts[i] = layer
        made += 1
        return layer
    }

    /// Element pt → layer pixels.
    private static func toLayer(_ f: (rect: Rect, k: Double, width: Int, height: Int)) -> AffineTransform {
        AffineTransform.scaling(f.k).concatenating(.translation(-f.rect.minX, -f.rect.minY))
    }

    private func clear() {
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
    }

    private func drawShadow(
        size: Size, radius: Double, alpha: Double, offset: Double,
        frame f: (rect: Rect, k: Double, width: Int, height: Int), pipeline: GLPipeline
    ) {
        let g = ScenePlanner.effectGeometry(size: size)
        let sigma = Self.sigma(ScenePlanner.effectBlur(size: size, blur: g.shadowBlur).boxRadius) / f.k
        let p = pipeline.shadow
        p.use()
        p.set("u_box", 0, offset, size.width, size.height)
        p.set("u_radius", radius)
        p.set("u_sigma", sigma)
        p.set("u_alpha", alpha)
        pipeline.drawQuad(p, rect: f.rect, toDevice: Self.toLayer(f), viewport: (f.width, f.height))
    }

    private func blur(
        _ source: GLTexture, into target: GLFramebuffer, direction: (Double, Double), sigma: Double,
        pipeline: GLPipeline
    ) {
        target.bind()
        clear()
        glDisable(GLenum(GL_BLEND))
        let p = pipeline.blur
        p.use()
        bindTexture(source, unit: 0)
        p.set("u_source", int: 0)
        p.set("u_direction", direction.0, direction.1)
        p.set("u_sigma", max(sigma, 0.01))
        pipeline.drawQuad(
            p, rect: Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height)),
            toDevice: .identity, viewport: (target.width, target.height))
        glEnable(GLenum(GL_BLEND))
    }
}

func bindTexture(_ t: GLTexture, unit: Int) {
    glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
    glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
}
