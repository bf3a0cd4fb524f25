import PointerCore

/// Runs a `DrawPlan` with Cairo, op by op.
extension SceneRenderer {
    /// The state of one plan's execution.
    private struct Pass {
        let plan: DrawPlan
        /// Per open `beginRegion`: the opacity its group is laid down with (nil: no group).
        var regions: [Double?] = []
        /// The material of the last pointer drawn (what a highlight's light lightens),
        /// and of each pointer drawn so far, for an op that reuses one.
        var lastMaterial: PointerMaterial?
        var materials: [(visible: VisiblePointer, material: PointerMaterial)] = []
    }

    /// Draws `frame` (nil = the stage at rest, no pointer) into `surface`, whose
    /// top-left pixel shows canvas point `origin`, repainting only `clip` (canvas
    /// pt, default everything). Pixels inside the clip are replaced, not blended.
    public func draw(frame: PointerFrame?, into surface: ImageSurface, origin: Point = .zero, clip: Rect? = nil) throws
    {
        if let frame { planner.lastDrawnTime = frame.time }
        guard
            let plan = try planner.drawPlan(
                frame: frame, width: surface.width, height: surface.height, origin: origin, clip: clip,
                outlines: false)
        else { return }
        try execute(plan, into: surface)
    }

    func execute(_ plan: DrawPlan, into surface: ImageSurface) throws {
        let ctx = try CairoContext(surface: surface)
        let px = plan.pixelClip
        ctx.newPath()
        ctx.rectangle(Rect(x: Double(px.x), y: Double(px.y), width: Double(px.width), height: Double(px.height)))
        ctx.clip()
        // Replace the clip's pixels in one pass: with the opaque canvas colour, else clear.
        ctx.setOperator(.source)
        ctx.setSource(plan.clearColor)
        ctx.paint()
        ctx.setOperator(.over)
        var pass = Pass(plan: plan)
        for op in plan.ops { try run(op, &pass, ctx) }
        try ctx.checkStatus("drawing frame")
        surface.flush()
    }

    private func run(_ op: DrawOp, _ pass: inout Pass, _ ctx: CairoContext) throws {
        let base = pass.plan.base
        switch op {
        case .canvasColor(let color):
            ctx.setMatrix(base)
            ctx.newPath()
            ctx.rectangle(pass.plan.clipRect)
            ctx.setSource(color)
            ctx.fill()

        case .canvasImage(let image, let canvas):
            ctx.save()
            ctx.setMatrix(base)
            ctx.newPath()
            ctx.rectangle(pass.plan.clipRect.intersection(canvas))
            ctx.clip()
            ctx.translate(canvas.minX, canvas.minY)
            ctx.scale(canvas.width / Double(image.width), canvas.height / Double(image.height))
            ctx.setSource(image, x: 0, y: 0)
            ctx.paint()
            ctx.restore()

        case .beginRegion(_, let clip, let opacity):
            ctx.save()
            self.clip(to: clip, ctx)
            let group = opacity < 0.999
            if group { ctx.pushGroup() }
            pass.regions.append(group ? opacity : nil)

        case .endRegion:
            guard let group = pass.regions.popLast() else { return }
            if let opacity = group {
                ctx.popGroupToSource()
                ctx.setMatrix(.identity)
                ctx.paint(alpha: opacity)
            }
            ctx.restore()

        case .liftLayer(let index, let local, let alpha):
            let r = layout.regions[index]
            ctx.setMatrix(local)
            drawUnder(r, try liftLayer(index, r), local: local, alpha: alpha, ctx: ctx)

        case .shadow(let index, let size, let radius, let local, let alpha, let offset):
            ctx.setMatrix(local)
            drawUnder(
                layout.regions[index], try effects.shadow(size: size, radius: radius), local: local, alpha: alpha,
                offset: offset, ctx: ctx)

        case .pointer(let draw):
            ctx.setMatrix(base)
            let m: PointerMaterial
            if draw.reusesMaterial, let kept = pass.materials.last(where: { $0.visible == draw.visible }) {
                m = kept.material
            } else {
                m = draw.material.resolve(
                    drawn: drawnSampler(ctx: ctx, origin: pass.plan.origin), memory: &materialMemory,
                    at: draw.material.time)
                pass.materials.append((draw.visible, m))
            }
            pass.lastMaterial = m
            pointerPainter.draw(draw.visible, material: m, opacity: draw.opacity, scale: scale, ctx: ctx)

        case .fill(let rect, let radius, let color, let local):
            ctx.setMatrix(local)
            ctx.newPath()
            ctx.roundedRect(rect, radius: radius)
            ctx.setSource(color)
            ctx.fill()

        case .content(let index, let local):
            ctx.setMatrix(local)
            content.drawContent(layout.regions[index], ctx: ctx)

        case .specular(let box, let radius, let local, let center, let gradientRadius, let strength):
            let spot = try effects.specularSpot()
            ctx.save()
            // The element's shape in its own space, the light in canvas space.
            ctx.setMatrix(local)
            ctx.newPath()
            ctx.roundedRect(box, radius: radius)
            ctx.setMatrix(base)
            ctx.clip()
            ctx.translate(center.x - gradientRadius, center.y - gradientRadius)
            let side = Double(EffectCache.spotSide)
            ctx.scale(2 * gradientRadius / side, 2 * gradientRadius / side)
            // Beyond the image nothing: the light ends at its rim.
            ctx.setSource(spot, x: 0, y: 0, extend: false)
            ctx.paint(alpha: min(strength, 1))
            ctx.restore()

        case .highlightLight(_, let visible, let center, let gradientRadius, let emphasis):
            guard let m = pass.lastMaterial else { return }
            let strength = ScenePlanner.highlightLightStrength(m) * emphasis
            ctx.save()
            ctx.setMatrix(base)
            pointerPainter.addPath(visible, ctx: ctx)
            let g = try CairoPattern.radial(center: center, radius: gradientRadius)
            g.addStop(0, RGBA(r: 1, g: 1, b: 1, a: strength))
            g.addStop(1, RGBA(r: 1, g: 1, b: 1, a: 0))
            ctx.setSource(g)
            ctx.fill()
            ctx.restore()

        case .beginRepaint(let bounds):
            ctx.save()
            ctx.setMatrix(.identity)
            ctx.newPath()
            ctx.rectangle(bounds)
            ctx.clip()
            ctx.pushGroup()

        case .endRepaint(let clip, let mask, let opacity):
            ctx.popGroupToSource()
            self.clip(to: clip, ctx)
            ctx.setMatrix(base)
            ctx.newPath()
            addPath(mask, ctx)
            ctx.clip()
            ctx.setMatrix(.identity)
            ctx.paint(alpha: opacity)
            ctx.restore()

        case .menuPanel(let menu):
            let painter = MenuPainter(palette: palette)
            if menu.opacity < 1 {
                // E26: opening or closing, the open menu's own image is scaled about where it
                // opened and faded, in one blit: drawing its text and shadow again every frame
                // of the fade cost up to 250 ms a frame in a debug build.
                try drawOpeningMenu(menu, painter: painter, base: base, ctx: ctx)
            } else {
                ctx.setMatrix(base)
                try painter.drawPanel(menu, effects: effects, ctx: ctx)
            }

        case .menuText(let menu):
            // An opening or closing menu's text is in its image (menuPanel).
            guard menu.opacity >= 1 else { return }
            ctx.setMatrix(base)
            MenuPainter(palette: palette).drawText(menu, color: palette.label, ctx: ctx)
        }
    }

    /// Clips to rounded rects (a region's viewport ancestors).
    private func clip(to shapes: [ClipShape], _ ctx: CairoContext) {
        for shape in shapes {
            ctx.setMatrix(shape.transform)
            ctx.newPath()
            ctx.roundedRect(
                Rect(x: 0, y: 0, width: shape.size.width, height: shape.size.height), radius: shape.radius)
            ctx.clip()
        }
    }

    private func addPath(_ outline: PointerOutline, _ ctx: CairoContext) {
        switch outline {
        case .roundedRect(let rect, let radius):
            ctx.roundedRect(rect, radius: radius)
        case .polygons(let polygons):
            for polygon in polygons { ctx.polygon(polygon) }
        }
    }
}
