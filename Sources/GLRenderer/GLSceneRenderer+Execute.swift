import CGLES
import PointerCore
import PointerRendering

/// Runs a `DrawPlan` on the GPU, op by op (SceneRenderer+Execute.swift runs it with Cairo).
extension GLSceneRenderer {
    /// The state of one plan's execution.
    private struct Pass {
        let plan: DrawPlan
        let canvas: GLFramebuffer
        /// Where ops draw now: the canvas, or an opacity group.
        var target: GLFramebuffer
        var clips: [ClipShape] = []
        var groupOpacity: Double?
        /// Set between `beginRepaint` and `endRepaint`: the group's device-px bounds.
        var repaint: Rect?
    }

    func execute(_ plan: DrawPlan, into canvas: GLFramebuffer) throws {
        guard let r = resourcesForDrawing else { throw GLError.unavailable("the renderer's GL resources are gone") }
        var pass = Pass(plan: plan, canvas: canvas, target: canvas)
        bindTarget(canvas, plan)
        glDisable(GLenum(GL_BLEND))
        let c = plan.clearColor.premultiplied
        glClearColor(GLfloat(c.0), GLfloat(c.1), GLfloat(c.2), GLfloat(c.3))
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for op in plan.ops { try run(op, &pass, r) }
        glDisable(GLenum(GL_SCISSOR_TEST))
        try checkError("drawing a frame")
    }

    private func bindTarget(_ target: GLFramebuffer, _ plan: DrawPlan) {
        target.bind()
        glEnable(GLenum(GL_SCISSOR_TEST))
        let px = plan.pixelClip
        glScissor(GLint(px.x), GLint(px.y), GLsizei(px.width), GLsizei(px.height))
    }

    private func viewport(_ pass: Pass) -> (Int, Int) { (pass.target.width, pass.target.height) }

    private func setClips(_ p: GLProgram, _ clips: [ClipShape]) {
        let n = min(clips.count, 4)
        p.set("u_clipCount", int: n)
        guard n > 0 else { return }
        let used = Array(clips.prefix(n))
        p.set("u_clipFromDevice[0]", matrices: used.map { $0.transform.inverted() })
        p.set(
            "u_clipShape[0]", vec4s: used.map { ($0.size.width, $0.size.height, $0.radius, $0.transform.uniformScale) })
    }

    private func run(_ op: DrawOp, _ pass: inout Pass, _ r: Resources) throws {
        let pipeline = r.pipeline
        let plan = pass.plan
        switch op {
        case .canvasColor(let color):
            let full = Rect(x: 0, y: 0, width: Double(pass.target.width), height: Double(pass.target.height))
            fill(full, radius: 0, color: color, local: .identity, clips: [], pass, pipeline)

        case .canvasImage(let image, let rect):
            try drawLayer(
                texture: imageTexture(image), rect: rect, local: plan.base, alpha: 1, clips: [], pass, pipeline)

        case .beginRegion(_, let clip, let opacity):
            pass.clips = clip
            if opacity < 0.999 {
                let group = try groupTarget(like: pass.canvas, r)
                pass.target = group
                pass.groupOpacity = opacity
                bindTarget(group, plan)
                glClearColor(0, 0, 0, 0)
                glClear(GLenum(GL_COLOR_BUFFER_BIT))
            }

        case .endRegion:
            if let opacity = pass.groupOpacity, pass.target !== pass.canvas {
                let group = pass.target
                pass.target = pass.canvas
                bindTarget(pass.canvas, plan)
                let rect = Rect(x: 0, y: 0, width: Double(group.width), height: Double(group.height))
                drawLayer(
                    texture: group.texture, rect: rect, local: .identity, alpha: opacity, clips: pass.clips, pass,
                    pipeline)
            }
            pass.groupOpacity = nil
            pass.clips = []

        case .liftLayer(let index, let local, let alpha):
            let layer = try r.effects.lift(index, painter: layerPainter, pipeline: pipeline)
            bindTarget(pass.target, plan)
            drawLayer(
                texture: layer.texture, rect: layer.rect, local: local, alpha: alpha, clips: pass.clips, pass, pipeline)

        case .shadow(_, let size, let radius, let local, let alpha, let offset):
            let layer = try r.effects.shadow(size: size, radius: radius, pipeline: pipeline)
            bindTarget(pass.target, plan)
            drawLayer(
                texture: layer.texture, rect: layer.rect, local: local.concatenating(.translation(offset.x, offset.y)),
                alpha: alpha, clips: pass.clips, pass, pipeline)

        case .pointer(let draw):
            let opacity = min(max(draw.opacity * draw.visible.opacity, 0), 1)
            guard opacity > 0.001 else { return }
            if !draw.reusesMaterial { resolveMaterial(draw.material, pass, r) }
            bindTarget(pass.target, plan)
            let p = pipeline.pointer
            p.use()
            try setShape(p, draw.outline, plan.base, r)
            bindTexture(r.material.texture, unit: 1)
            p.set("u_material", int: 1)
            p.set("u_opacity", opacity)
            setClips(p, pass.clips)
            pipeline.drawQuad(
                p, rect: shapeBounds(draw.outline, plan.base, grow: 2), toDevice: .identity, viewport: viewport(pass))

        case .fill(let rect, let radius, let color, let local):
            fill(rect, radius: radius, color: color, local: local, clips: pass.clips, pass, pipeline)

        case .content(let index, let local):
            let (layer, transform, exact) = try r.content.layer(
                index, local: local, scale: scale, painter: layerPainter,
                maxSide: min(context.maxTextureSize, 8192))
            bindTarget(pass.target, plan)
            drawLayer(
                texture: layer.texture, rect: layer.rect, local: transform, alpha: 1, clips: pass.clips,
                sharp: !exact, pass, pipeline)

        case .specular(let box, let radius, let local, let center, let gradientRadius, let strength):
            let p = pipeline.specular
            p.use()
            let pxPerPt = max(local.uniformScale, 1e-6)
            p.set("u_box", box.minX, box.minY, box.width, box.height)
            p.set("u_radius", radius)
            p.set("u_pxPerPt", pxPerPt)
            p.set("u_rotation", local.a / pxPerPt, local.b / pxPerPt)
            let c = plan.base.apply(center)
            p.set("u_center", c.x, c.y)
            p.set("u_gradientRadius", gradientRadius * plan.base.a)
            p.set("u_strength", strength)
            setClips(p, pass.clips)
            pipeline.drawQuad(
                p, rect: box.insetBy(dx: -2 / pxPerPt, dy: -2 / pxPerPt), toDevice: local, viewport: viewport(pass))

        case .highlightLight(let outline, _, let center, let gradientRadius, let emphasis):
            let p = pipeline.highlightLight
            p.use()
            try setShape(p, outline, plan.base, r)
            bindTexture(r.material.texture, unit: 1)
            p.set("u_material", int: 1)
            let c = plan.base.apply(center)
            p.set("u_center", c.x, c.y)
            p.set("u_gradientRadius", gradientRadius * plan.base.a)
            p.set("u_emphasis", emphasis)
            p.set("u_step", ScenePlanner.highlightLightStep)
            setClips(p, pass.clips)
            pipeline.drawQuad(
                p, rect: shapeBounds(outline, plan.base, grow: 2), toDevice: .identity, viewport: viewport(pass))

        case .beginRepaint(let bounds):
            let group = try groupTarget(like: pass.canvas, r)
            pass.target = group
            pass.repaint = bounds
            pass.clips = []
            bindRepaint(group, bounds, plan)
            glClearColor(0, 0, 0, 0)
            glClear(GLenum(GL_COLOR_BUFFER_BIT))

        case .endRepaint(let clip, let mask, let opacity):
            guard let bounds = pass.repaint, pass.target !== pass.canvas else { return }
            let group = pass.target
            pass.target = pass.canvas
            pass.repaint = nil
            bindRepaint(pass.canvas, bounds, plan)
            let p = pipeline.maskedLayer
            p.use()
            try setShape(p, mask, plan.base, r)
            bindTexture(group.texture, unit: 0)
            p.set("u_layer", int: 0)
            let rect = Rect(x: 0, y: 0, width: Double(group.width), height: Double(group.height))
            p.set("u_layerRect", rect.minX, rect.minY, rect.width, rect.height)
            p.set("u_alpha", opacity)
            setClips(p, clip)
            pipeline.drawQuad(p, rect: rect, toDevice: .identity, viewport: viewport(pass))
            bindTarget(pass.canvas, plan)

        case .menuPanel(let menu):
            // Rasterised as the open menu; an opening or closing one is drawn scaled and faded (E26).
            let layer = try r.menus.layer(
                menu.settled, part: .panel, base: plan.base, painter: layerPainter,
                maxSide: min(context.maxTextureSize, 8192))
            bindTarget(pass.target, plan)
            drawLayer(
                texture: layer.texture, rect: layer.rect,
                local: plan.base.concatenating(ScenePlanner.menuTransform(menu)),
                alpha: menu.opacity, clips: [], pass, pipeline)

        case .menuText(let menu):
            let layer = try r.menus.layer(
                menu.settled, part: .text, base: plan.base, painter: layerPainter,
                maxSide: min(context.maxTextureSize, 8192))
            bindTarget(pass.target, plan)
            drawLayer(
                texture: layer.texture, rect: layer.rect,
                local: plan.base.concatenating(ScenePlanner.menuTransform(menu)),
                alpha: menu.opacity, clips: [], pass, pipeline)
        }
    }

    /// Binds `target` with the scissor on the plan's clip within a repaint's `bounds` (device px).
    private func bindRepaint(_ target: GLFramebuffer, _ bounds: Rect, _ plan: DrawPlan) {
        target.bind()
        glEnable(GLenum(GL_SCISSOR_TEST))
        let px = plan.pixelClip
        let x0 = max(px.x, Int(bounds.minX))
        let y0 = max(px.y, Int(bounds.minY))
        let x1 = min(px.x + px.width, Int(bounds.maxX))
        let y1 = min(px.y + px.height, Int(bounds.maxY))
        glScissor(GLint(x0), GLint(y0), GLsizei(max(x1 - x0, 0)), GLsizei(max(y1 - y0, 0)))
    }

    /// `image` over `target` (identity placement), inside `clip` (canvas pt).
    func drawOverlay(_ image: ImageSurface, into target: GLFramebuffer, clip: [Rect]) throws {
        guard let r = resourcesForDrawing else { return }
        let texture = try overlayTexture(image, r)
        target.bind()
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glEnable(GLenum(GL_SCISSOR_TEST))
        let p = r.pipeline.layer
        p.use()
        bindTexture(texture, unit: 0)
        p.set("u_layer", int: 0)
        let rect = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        p.set("u_layerRect", rect.minX, rect.minY, rect.width, rect.height)
        p.set("u_alpha", 1)
        p.set("u_clipCount", int: 0)
        for c in clip {
            let px = planner.pixelRect(for: c)
            glScissor(GLint(px.x), GLint(px.y), GLsizei(max(px.width, 0)), GLsizei(max(px.height, 0)))
            r.pipeline.drawQuad(p, rect: rect, toDevice: .identity, viewport: (target.width, target.height))
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        try checkError("drawing an overlay")
    }

    private func overlayTexture(_ image: ImageSurface, _ r: Resources) throws -> GLTexture {
        if let t = r.overlay, t.width == image.width, t.height == image.height {
            try t.upload(image)
            return t
        }
        let t = try GLTexture(image: image)
        r.overlay = t
        return t
    }

    private func groupTarget(like canvas: GLFramebuffer, _ r: Resources) throws -> GLFramebuffer {
        if let g = r.group, g.width == canvas.width, g.height == canvas.height { return g }
        let g = try GLFramebuffer(width: canvas.width, height: canvas.height, linear: false)
        r.group = g
        return g
    }

    private func fill(
        _ rect: Rect, radius: Double, color: RGBA, local: AffineTransform, clips: [ClipShape],
        _ pass: Pass, _ pipeline: GLPipeline
    ) {
        let p = pipeline.fill
        p.use()
        let pxPerPt = max(local.uniformScale, 1e-6)
        p.set("u_box", rect.minX, rect.minY, rect.width, rect.height)
        p.set("u_radius", radius)
        p.set("u_pxPerPt", pxPerPt)
        p.set("u_rotation", local.a / pxPerPt, local.b / pxPerPt)
        let c = color.premultiplied
        p.set("u_color", c.0, c.1, c.2, c.3)
        setClips(p, clips)
        pipeline.drawQuad(
            p, rect: rect.insetBy(dx: -1.5 / pxPerPt, dy: -1.5 / pxPerPt), toDevice: local, viewport: viewport(pass))
    }

    private func drawLayer(
        texture: GLTexture, rect: Rect, local: AffineTransform, alpha: Double, clips: [ClipShape],
        sharp: Bool = false, _ pass: Pass, _ pipeline: GLPipeline
    ) {
        let p = sharp ? pipeline.sharpLayer : pipeline.layer
        p.use()
        bindTexture(texture, unit: 0)
        p.set("u_layer", int: 0)
        p.set("u_layerRect", rect.minX, rect.minY, rect.width, rect.height)
        p.set("u_alpha", alpha)
        setClips(p, clips)
        pipeline.drawQuad(p, rect: rect, toDevice: local, viewport: viewport(pass))
    }

    /// The material pass: the colour drawn so far under and around the pointer,
    /// with the sampler's, into the other 4×1 material target, the look's memory
    /// read from the current one.
    private func resolveMaterial(_ m: MaterialInputs, _ pass: Pass, _ r: Resources) {
        let base = pass.plan.base
        let previous = r.material
        // A first frame, or one from earlier in time (a new sequence), decides alone.
        let hasMemory = r.materialTime.map { m.time >= $0 } ?? false
        let dt = hasMemory ? m.time - r.materialTime! : 0
        r.materialTime = hasMemory ? max(r.materialTime!, m.time) : m.time
        var unchanged = r.lastMaterialInputs
        unchanged?.time = m.time
        if !hasMemory || unchanged != m { r.materialChanged = m.time }
        r.lastMaterialInputs = m
        r.materialIndex = 1 - r.materialIndex
        r.material.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        let p = r.pipeline.material
        p.use()
        bindTexture(pass.canvas.texture, unit: 0)
        p.set("u_canvas", int: 0)
        let box = base.apply(m.box)
        let ring = base.apply(m.ring)
        let core = base.apply(m.coreBox)
        p.set("u_boxPx", box.minX, box.minY, box.maxX, box.maxY)
        p.set("u_ringPx", ring.minX, ring.minY, ring.maxX, ring.maxY)
        p.set("u_corePx", core.minX, core.minY, core.maxX, core.maxY)
        let i = m.inner.straight
        let o = m.outer.straight
        let k = m.core.straight
        p.set("u_inner", i.0, i.1, i.2, i.3)
        p.set("u_outer", o.0, o.1, o.2, o.3)
        p.set("u_core", k.0, k.1, k.2, k.3)
        p.set("u_fallback", m.fallback.r, m.fallback.g, m.fallback.b)
        p.set("u_highlight", m.highlight)
        p.set("u_press", m.press)
        bindTexture(previous.texture, unit: 3)
        p.set("u_memory", int: 3)
        p.set("u_hasMemory", int: hasMemory ? 1 : 0)
        p.set("u_dt", dt)
        r.pipeline.drawQuad(p, rect: Rect(x: 0, y: 0, width: 4, height: 1), toDevice: .identity, viewport: (4, 1))
        glEnable(GLenum(GL_BLEND))
    }

    /// Sets pointer_shape.glsl's uniforms for `outline` (canvas pt, mapped by `base` to px).
    private func setShape(_ p: GLProgram, _ outline: PointerOutline, _ base: AffineTransform, _ r: Resources) throws {
        switch outline {
        case .roundedRect(let rect, let radius):
            let d = base.apply(rect)
            p.set("u_shapeKind", int: 0)
            p.set("u_shapeRect", d.minX, d.minY, d.width, d.height)
            p.set("u_shapeRadius", radius * base.a)
            p.set("u_edgeCount", int: 0)
        case .polygons(let contours):
            let count = try uploadEdges(outline, contours, base, r)
            p.set("u_shapeKind", int: 1)
            p.set("u_edgeCount", int: count)
        }
        bindTexture(r.edges ?? r.material.texture, unit: 2)
        p.set("u_edges", int: 2)
    }

    /// One texel per polygon edge (device px), uploaded when the outline changes.
    private func uploadEdges(
        _ outline: PointerOutline, _ contours: [[Point]], _ base: AffineTransform,
        _ r: Resources
    ) throws -> Int {
        var data: [Float] = []
        for c in contours where c.count >= 2 {
            for i in c.indices {
                let a = base.apply(c[i])
                let b = base.apply(c[(i + 1) % c.count])
                data += [Float(a.x), Float(a.y), Float(b.x), Float(b.y)]
            }
        }
        let count = data.count / 4
        if r.uploadedOutline == outline, r.edges != nil { return count }
        let rows = max(1, (count + 1023) / 1024)
        data += [Float](repeating: 0, count: rows * 1024 * 4 - data.count)
        if r.edges?.height != rows {
            r.edges = GLTexture(
                width: 1024, height: rows, internalFormat: GLenum(GL_RGBA32F), format: GLenum(GL_RGBA),
                type: GLenum(GL_FLOAT), linear: false)
        }
        guard let edges = r.edges else { return 0 }
        glBindTexture(GLenum(GL_TEXTURE_2D), edges.id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, 1024, GLsizei(rows), GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
        r.uploadedOutline = outline
        try checkError("uploading the pointer's outline")
        return count
    }

    /// The outline's bounds in device px, grown by `grow` px.
    private func shapeBounds(_ outline: PointerOutline, _ base: AffineTransform, grow: Double) -> Rect {
        let b: Rect
        switch outline {
        case .roundedRect(let rect, _):
            b = base.apply(rect)
        case .polygons(let contours):
            let pts = contours.joined().map { base.apply($0) }
            let xs = pts.map(\.x)
            let ys = pts.map(\.y)
            let x0 = xs.min() ?? 0
            let y0 = ys.min() ?? 0
            b = Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
        }
        return b.insetBy(dx: -grow, dy: -grow)
    }
}
