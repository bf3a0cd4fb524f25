import PointerCore

extension SceneRenderer {
    /// Draws `frame` (nil = the stage at rest, no pointer) into `surface`, whose
    /// top-left pixel shows canvas point `origin`, repainting only `clip` (canvas
    /// pt, default everything). Pixels inside the clip are replaced, not blended.
    public func draw(frame: PointerFrame?, into surface: ImageSurface, origin: Point = .zero, clip: Rect? = nil) throws
    {
        if let frame { lastDrawnTime = frame.time }
        let full = Rect(
            x: origin.x, y: origin.y,
            width: Double(surface.width) / scale, height: Double(surface.height) / scale)
        let px = pixelRect(for: clip ?? full, origin: origin)
        let x0 = max(px.x, 0)
        let y0 = max(px.y, 0)
        let x1 = min(px.x + px.width, surface.width)
        let y1 = min(px.y + px.height, surface.height)
        guard x1 > x0, y1 > y0 else { return }
        // The clip in canvas pt, grown to whole device pixels.
        let clipRect = Rect(
            x: origin.x + Double(x0) / scale, y: origin.y + Double(y0) / scale,
            width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)

        let ctx = try CairoContext(surface: surface)
        ctx.newPath()
        ctx.rectangle(Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)))
        ctx.clip()
        // Replace the clip's pixels in one pass: with the opaque canvas colour, else clear.
        let canvas = layout.scene.canvas
        let opaque = canvas.color.map { $0.a >= 1 } ?? false
        ctx.setOperator(.source)
        ctx.setSource(opaque ? canvas.color ?? .clear : .clear)
        ctx.paint()
        ctx.setOperator(.over)

        let base = AffineTransform.scaling(scale).concatenating(.translation(-origin.x, -origin.y))
        ctx.setMatrix(base)
        drawCanvas(ctx, clip: clipRect, colorDone: opaque)

        let placements = placementCache.placements(for: frame)
        let layering = frame.map { pointerLayering($0, placements: placements) } ?? .plain
        let slot = layering.slot
        let pointerVisible = drawsPointer && frame.map { !$0.hidden && $0.visible.opacity > 0.001 } ?? false
        let pointerBox = frame.flatMap { pointerBounds($0) }

        for i in candidates(in: clipRect, placements: placements, slot: slot) {
            let r = layout.regions[i]
            let pl = placements[i]
            guard pl.opacity > 0.001 else { continue }
            var extent = pl.bounds
            if pl.state.emphasis > 0.001 || pl.state.scale > 1.0001 {
                extent = effectBounds(i, r, pl)
            }
            let holdsPointer = (slot == .highlight(i) || slot == .underLift(i)) && pointerVisible
            if holdsPointer, let pb = pointerBox { extent = extent.union(pb) }
            guard extent.intersects(clipRect) else { continue }
            try drawRegion(
                i, r, pl, placements: placements, frame: frame,
                slot: holdsPointer ? slot : .top, base: base, origin: origin, ctx: ctx)
        }

        let pointerShown = frame != nil && pointerVisible && pointerBox.map { $0.intersects(clipRect) } ?? false
        var topLook: TopPointerLook?
        if let frame, pointerShown {
            if slot == .top {
                let look = try topPointerLook(
                    frame, owner: layering.owner, placements: placements, origin: origin, ctx: ctx)
                try paintTopPointer(
                    frame, look, owner: layering.owner, placements: placements, origin: origin, base: base, ctx: ctx)
                topLook = look
            }
            // Controls being left, or left for the next, keep their content over the pointer.
            for j in layering.above {
                try repaintAbovePointer(
                    j, strength: layering.contentOver, placements: placements, frame: frame, base: base, ctx: ctx)
            }
        }

        if let frame, let menu = frame.menuShown, MenuPainter.bounds(menu).intersects(clipRect) {
            let painter = MenuPainter(palette: palette)
            if menu.opacity < 1 {
                // E26: opening or closing, the open menu's own image is scaled about where it
                // opened and faded, in one blit: drawing its text and shadow again every frame
                // of the fade cost up to 250 ms a frame in a debug build.
                try drawOpeningMenu(menu, painter: painter, base: base, ctx: ctx)
            } else {
                ctx.setMatrix(base)
                try painter.drawPanel(menu, effects: effects, ctx: ctx)
                // The menu lies above the stage; the pointer above the panel, under the text.
                if let look = topLook, let pb = pointerBox, pb.intersects(menu.frame) {
                    ctx.save()
                    ctx.setMatrix(base)
                    ctx.newPath()
                    ctx.roundedRect(menu.frame, radius: MenuPainter.cornerRadius)
                    ctx.clip()
                    try paintTopPointer(
                        frame, look, owner: layering.owner, placements: placements, origin: origin, base: base, ctx: ctx
                    )
                    ctx.restore()
                }
                ctx.setMatrix(base)
                painter.drawText(menu, color: palette.label, ctx: ctx)
            }
        }

        try ctx.checkStatus("drawing frame")
        surface.flush()
    }

    /// A menu opening or closing: its settled look, drawn once into an image at
    /// device scale, laid down scaled about its anchor with its opacity.
    private func drawOpeningMenu(_ menu: ContextMenu, painter: MenuPainter, base: AffineTransform, ctx: CairoContext)
        throws
    {
        let settled = menu.settled
        let bounds = MenuPainter.bounds(settled)
        let image: ImageSurface
        if let cached = openingMenu, cached.menu == settled {
            image = cached.image
        } else {
            image = try ImageSurface(
                width: Int((bounds.width * scale).rounded(.up)) + 1,
                height: Int((bounds.height * scale).rounded(.up)) + 1)
            let c = try CairoContext(surface: image)
            c.setMatrix(AffineTransform.scaling(scale).concatenating(.translation(-bounds.minX, -bounds.minY)))
            // The pointer is not drawn between the layers while the menu fades.
            try painter.draw(settled, effects: effects, ctx: c)
            try c.checkStatus("drawing the menu")
            image.flush()
            openingMenu = (settled, image)
        }
        ctx.save()
        defer { ctx.restore() }
        ctx.setMatrix(base.concatenating(MenuPainter.openingTransform(menu)))
        ctx.translate(bounds.minX, bounds.minY)
        ctx.scale(1 / scale, 1 / scale)
        ctx.setSource(image, x: 0, y: 0, extend: false)
        ctx.paint(alpha: menu.opacity)
    }

    /// Reads the mean colour this draw call has painted so far over a canvas rect.
    func drawnSampler(ctx: CairoContext, origin: Point) -> (Rect) -> RGBA? {
        let s = scale
        return { r in
            ctx.target.averageColor(
                x0: (r.minX - origin.x) * s, y0: (r.minY - origin.y) * s,
                x1: (r.maxX - origin.x) * s, y1: (r.maxY - origin.y) * s)
        }
    }

    /// How far a region's effects reach beyond its drawn frame (canvas pt), on every side.
    func effectReach(_ r: LaidOutRegion, _ pl: RegionPlacement) -> Double {
        switch r.effect {
        case .lift, .hover:
            return EffectGeometry(size: r.frame.size).margin * max(pl.own.uniformScale, 1) + 1
        default:
            return 1
        }
    }

    /// What region `i` can draw, its effects included (canvas pt). Around a
    /// blurred layer this renderer has made, that layer's extent: the margin is
    /// sized for the wider blur plus the drop on every side. Else `effectReach`
    /// on every side, which is also what a GPU renderer planning from this one
    /// (it makes no layers here) keeps.
    func effectBounds(_ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement) -> Rect {
        let layer: Rect?
        switch r.effect {
        case .lift:
            layer = effects.liftExtent(i)
        case .hover(let style) where style.shadow:
            layer = effects.shadowExtent(size: r.frame.size, radius: r.cornerRadius)?
                .offsetBy(Point(x: 0, y: EffectGeometry(size: r.frame.size).shadowOffset))
        default:
            layer = nil
        }
        guard let layer else {
            let reach = effectReach(r, pl)
            return pl.bounds.insetBy(dx: -reach, dy: -reach)
        }
        return pl.bounds.union(pl.own.apply(layer)).insetBy(dx: -1, dy: -1)
    }

    private func drawCanvas(_ ctx: CairoContext, clip: Rect, colorDone: Bool) {
        let canvas = layout.scene.canvas
        if let c = canvas.color, !colorDone {
            ctx.newPath()
            ctx.rectangle(clip)
            ctx.setSource(c)
            ctx.fill()
        }
        if let path = canvas.image, let img = images[path] {
            ctx.save()
            ctx.newPath()
            ctx.rectangle(clip.intersection(canvasRect))
            ctx.clip()
            ctx.scale(canvasSize.width / Double(img.width), canvasSize.height / Double(img.height))
            ctx.setSource(img, x: 0, y: 0)
            ctx.paint()
            ctx.restore()
        }
    }

    /// Regions that may touch `clip`, in drawing order: those whose rest bounds meet
    /// it, those the frame moves, and the one holding the pointer.
    private func candidates(in clip: Rect, placements: FramePlacements, slot: PointerSlot) -> [Int] {
        let out = restGrid.query(clip)
        var extra = placements.changedIndices
        switch slot {
        case .highlight(let i), .underLift(let i): extra.append(i)
        case .top: break
        }
        guard !extra.isEmpty else { return out }
        return Array(Set(out).union(extra)).sorted()
    }

    private func drawRegion(
        _ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement, placements: FramePlacements,
        frame: PointerFrame?, slot: PointerSlot, base: AffineTransform,
        origin: Point, ctx: CairoContext
    ) throws {
        let e = min(max(pl.state.emphasis, 0), 1)
        let size = r.frame.size
        let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let local = base.concatenating(pl.own)
        ctx.save()
        defer { ctx.restore() }
        clip(to: pl.clippers, placements: placements, base: base, ctx: ctx)
        let group = pl.opacity < 0.999
        if group { ctx.pushGroup() }

        // Below the element: shadow, radiosity (C15), hover shadow (C16, only with scale).
        ctx.setMatrix(local)
        let geo = EffectGeometry(size: size)
        switch r.effect {
        case .lift where e > 0.001:
            drawUnder(r, try liftLayer(i, r), local: local, alpha: e, ctx: ctx)
        case .hover(let style) where e > 0.001 && style.shadow && pl.state.scale > 1.0001:
            let amount = e * min((pl.state.scale - 1) / 0.04, 1)
            drawUnder(
                r, try effects.shadow(size: size, radius: r.cornerRadius), local: local,
                alpha: palette.shadowAlpha * 0.8 * amount, offset: Point(x: 0, y: geo.shadowOffset), ctx: ctx)
        default:
            break
        }

        if case .underLift = slot, let frame {
            ctx.setMatrix(base)
            let drawn = drawnSampler(ctx: ctx, origin: origin)
            let look = liftPointerLook(frame, emphasis: e)
            let m = try material(for: frame, highlight: look.highlight, drawn: drawn)
            pointerPainter.draw(frame.visible, material: m, opacity: look.opacity, scale: scale, ctx: ctx)
            if look.circleOpacity > 0.001 {
                try drawCentreCircle(frame, opacity: look.circleOpacity, drawn: drawn, ctx: ctx)
            }
            if let light = look.light {
                try highlightLight(frame, material: m, emphasis: light * look.opacity, ctx: ctx, base: base)
            }
            ctx.setMatrix(local)
        }

        // The element's fill, pixel-snapped when it sits still so edges stay crisp.
        let still = pl.own.b == 0 && pl.own.c == 0 && pl.own.a == 1 && pl.own.d == 1
        content.drawFill(r, ctx: ctx, snap: still ? { self.snapped($0, transform: local) } : nil)

        if case .hover(let style) = r.effect, style.tint == .underlay, e > 0.001 {
            tint(box, radius: r.cornerRadius, alpha: e, ctx: ctx)
        }

        if case .highlight = slot, let frame {
            ctx.setMatrix(base)
            let m = try material(
                for: frame, highlight: highlightAmount(frame, region: r, emphasis: e),
                drawn: drawnSampler(ctx: ctx, origin: origin))
            pointerPainter.draw(frame.visible, material: m, opacity: 1, scale: scale, ctx: ctx)
            try highlightLight(frame, material: m, emphasis: e, ctx: ctx, base: base)
            ctx.setMatrix(local)
        }

        try drawUpperLayers(r, pl, frame: frame, emphasis: e, base: base, ctx: ctx)

        if group {
            ctx.popGroupToSource()
            ctx.setMatrix(.identity)
            ctx.paint(alpha: pl.opacity)
        }
    }

    /// Region `i`'s shadow and radiosity, pre-composited (made on first use, then kept).
    func liftLayer(_ i: Int, _ r: LaidOutRegion) throws -> EffectCache.Blurred {
        let hasBody = r.region.content?.fill != nil || r.region.content?.image != nil
        return try effects.liftLayer(
            index: i, size: r.frame.size, radius: r.cornerRadius, shadowAlpha: palette.shadowAlpha, glowAlpha: 0.5,
            body: hasBody
                ? { c in
                    self.content.drawFill(r, ctx: c)
                    self.content.drawContent(r, ctx: c)
                } : nil)
    }

    /// Clips to the viewport ancestors that clip a region.
    private func clip(to clippers: [Int], placements: FramePlacements, base: AffineTransform, ctx: CairoContext) {
        for c in clippers {
            let cr = layout.regions[c]
            ctx.setMatrix(base.concatenating(placements[c].own))
            ctx.newPath()
            ctx.roundedRect(Rect(x: 0, y: 0, width: cr.frame.width, height: cr.frame.height), radius: cr.cornerRadius)
            ctx.clip()
        }
    }

    /// What lies above the pointer in a region: content, overlay tint, specular.
    /// Leaves the context's matrix at the region's local transform.
    private func drawUpperLayers(
        _ r: LaidOutRegion, _ pl: RegionPlacement, frame: PointerFrame?, emphasis e: Double,
        base: AffineTransform, ctx: CairoContext
    ) throws {
        let box = Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height)
        ctx.setMatrix(base.concatenating(pl.own))
        content.drawContent(r, ctx: ctx)
        if case .hover(let style) = r.effect, style.tint == .overlay, e > 0.001 {
            tint(box, radius: r.cornerRadius, alpha: e, ctx: ctx)
        }
        if case .lift = r.effect, e > 0.001, let frame {
            try specular(
                box, radius: r.cornerRadius, pointer: frame.light(for: r.region.id), local: pl.own,
                strength: EffectGeometry.specularStrength(size: r.frame.size) * e * specularFade(r),
                spread: EffectGeometry.specularRadius(size: r.frame.size) * pl.state.scale, ctx: ctx, base: base)
        }
    }

    /// White light would only grey a dark label on a light surface: the specular
    /// fades there (to 30 % on white with a black label).
    func specularFade(_ r: LaidOutRegion) -> Double {
        let surface = r.region.content?.fill.map { PointerMaterial.lightness($0) } ?? 0
        let label =
            r.region.content?.color.map { PointerMaterial.lightness($0) }
            ?? r.region.content?.fill.map { PointerMaterial.lightness(Palette.contrasting($0)) } ?? 1
        return mix(1, 0.3, surface * (1 - label))
    }

    /// How the pointer looks where a lift holds it (under the lifting element, or
    /// leaving one, `e` its emphasis) (C15, C19). The element shows the lift, not
    /// the pointer: past the circle's size the pointer's shape fades with its
    /// growth and a plain circle at its centre takes over (`circleOpacity`), so no
    /// slab shows beside an element it enters and a fast pass between elements
    /// shows the circle, not element-sized squares. A highlight's platter sliding
    /// on under a lift (one segment to the selected one) keeps the highlight's
    /// lighter look and light as it fades, never the circle's darker one.
    func liftPointerLook(_ frame: PointerFrame, emphasis e: Double)
        -> (highlight: Double, opacity: Double, light: Double?, circleOpacity: Double)
    {
        let d = layout.scene.pointer.diameter
        // 0 at the circle's size, 1 at one and a half times it.
        let growth = min(max((min(frame.visible.frame.width, frame.visible.frame.height) - d) / (d / 2), 0), 1)
        var handedOver: Double?
        for (id, state) in frame.regions where state.emphasis > 0.001 {
            guard let i = layout.indexByID[id], case .highlight = layout.regions[i].effect else { continue }
            handedOver = max(handedOver ?? 0, min(state.emphasis, 1))
        }
        if let h = handedOver { return (min(1, 2 * growth), 1 - e, h, 0) }
        return (0, (1 - e) * (1 - growth), nil, (1 - e) * growth)
    }

    /// The plain circle at the centre of `frame`'s shape, in its own material.
    private func drawCentreCircle(
        _ frame: PointerFrame, opacity: Double, drawn: @escaping (Rect) -> RGBA?, ctx: CairoContext
    ) throws {
        var circle = frame
        circle.visible = centreCircle(of: frame.visible)
        pointerPainter.draw(
            circle.visible, material: try material(for: circle, highlight: 0, drawn: drawn), opacity: opacity,
            scale: scale, ctx: ctx)
    }

    /// The plain circle at the centre of `v`, as wide as the scene's pointer.
    func centreCircle(of v: VisiblePointer) -> VisiblePointer {
        let d = layout.scene.pointer.diameter
        return VisiblePointer(
            kind: .circle, frame: Rect(center: v.frame.center, size: Size(width: d, height: d)),
            cornerRadius: d / 2, opacity: v.opacity, scale: v.scale,
            geometry: .roundedRect(size: Size(width: d, height: d), cornerRadius: d / 2))
    }

    /// How far the pointer has turned into region `r`'s lighter background: it turns
    /// light as it grows into the control (and early in the fade-in), so a large
    /// shape is never drawn with the small circle's dark fill; leaving, the reverse.
    func highlightAmount(_ frame: PointerFrame, region r: LaidOutRegion, emphasis e: Double) -> Double {
        let d = layout.scene.pointer.diameter
        let grown =
            (min(frame.visible.frame.width, frame.visible.frame.height) - d)
            / max(min(r.frame.width, r.frame.height) - d, 1)
        return max(min(1, 2 * e), min(max(grown, 0), 1))
    }

    /// How the pointer looks when drawn after every region: plain, or still showing
    /// the effect of the control it is leaving (`owner`): a highlight's lighter
    /// background and light, or a lift's pointer fading back in as the element settles.
    struct TopPointerLook {
        var material: PointerMaterial
        var opacity: Double
        /// The highlight light's emphasis, when the owner is a highlight.
        var light: Double?
        /// A plain circle drawn at the shape's centre too (leaving a lift, `liftPointerLook`).
        var circleOpacity: Double = 0
    }

    private func topPointerLook(
        _ frame: PointerFrame, owner: Int?, placements: FramePlacements,
        origin: Point, ctx: CairoContext
    ) throws -> TopPointerLook {
        let drawn = drawnSampler(ctx: ctx, origin: origin)
        guard let o = owner else {
            return TopPointerLook(
                material: try material(for: frame, highlight: menuRowHighlight(frame), drawn: drawn),
                opacity: 1, light: nil)
        }
        let r = layout.regions[o]
        let e = min(max(placements[o].state.emphasis, 0), 1)
        if case .lift = r.effect {
            let look = liftPointerLook(frame, emphasis: e)
            return TopPointerLook(
                material: try material(for: frame, highlight: look.highlight, drawn: drawn),
                opacity: look.opacity, light: look.light.map { $0 * look.opacity },
                circleOpacity: look.circleOpacity)
        }
        let m = try material(for: frame, highlight: highlightAmount(frame, region: r, emphasis: e), drawn: drawn)
        return TopPointerLook(material: m, opacity: 1, light: e)
    }

    private func paintTopPointer(
        _ frame: PointerFrame, _ look: TopPointerLook, owner: Int?, placements: FramePlacements, origin: Point,
        base: AffineTransform, ctx: CairoContext
    ) throws {
        ctx.save()
        defer { ctx.restore() }
        if let o = owner { clip(to: placements[o].clippers, placements: placements, base: base, ctx: ctx) }
        ctx.setMatrix(base)
        pointerPainter.draw(frame.visible, material: look.material, opacity: look.opacity, scale: scale, ctx: ctx)
        if look.circleOpacity > 0.001 {
            try drawCentreCircle(
                frame, opacity: look.circleOpacity, drawn: drawnSampler(ctx: ctx, origin: origin), ctx: ctx)
        }
        if let e = look.light { try highlightLight(frame, material: look.material, emphasis: e, ctx: ctx, base: base) }
    }

    /// Paints region `j`'s layers that belong above the pointer (its content; a
    /// lifted element's whole body) again, only where the pointer is, so a control
    /// drawn before the pointer still covers it. The layers are composed in a group
    /// first and laid down through the clip once: clipping each layer on its own
    /// would let the lower ones bleed through along the clip's soft edge.
    private func repaintAbovePointer(
        _ j: Int, strength: Double, placements: FramePlacements, frame: PointerFrame,
        base: AffineTransform, ctx: CairoContext
    ) throws {
        let r = layout.regions[j]
        let pl = placements[j]
        guard pl.opacity * strength > 0.001 else { return }
        ctx.save()
        defer { ctx.restore() }
        // Whole device pixels around the pointer bound the group (a hard edge).
        ctx.setMatrix(.identity)
        ctx.newPath()
        ctx.rectangle(repaintBounds(frame.visible, base: base))
        ctx.clip()
        ctx.pushGroup()
        if case .lift = r.effect {
            let local = base.concatenating(pl.own)
            ctx.setMatrix(local)
            let still = pl.own.b == 0 && pl.own.c == 0 && pl.own.a == 1 && pl.own.d == 1
            content.drawFill(r, ctx: ctx, snap: still ? { self.snapped($0, transform: local) } : nil)
        }
        try drawUpperLayers(r, pl, frame: frame, emphasis: min(max(pl.state.emphasis, 0), 1), base: base, ctx: ctx)
        ctx.popGroupToSource()
        clip(to: pl.clippers, placements: placements, base: base, ctx: ctx)
        // A device pixel beyond the pointer's edge, so no sliver of its antialiased
        // edge shows through the repainted layers.
        ctx.setMatrix(base)
        pointerPainter.addGrownPath(frame.visible, grow: 1 / scale, ctx: ctx)
        ctx.clip()
        ctx.setMatrix(.identity)
        ctx.paint(alpha: min(pl.opacity, 1) * strength)
    }

    /// The device pixels a repaint over the pointer may touch: whole pixels around it.
    func repaintBounds(_ v: VisiblePointer, base: AffineTransform) -> Rect {
        let box = base.apply(PointerPainter.drawnFrame(v).insetBy(dx: -2 / scale, dy: -2 / scale))
        return Rect(
            x: box.minX.rounded(.down), y: box.minY.rounded(.down),
            width: box.maxX.rounded(.up) - box.minX.rounded(.down),
            height: box.maxY.rounded(.up) - box.minY.rounded(.down))
    }

    /// `rect` (local pt) moved so its edges land on device pixels under `transform`
    /// (a pure translation times the device scale).
    func snapped(_ rect: Rect, transform t: AffineTransform) -> Rect {
        let d = t.apply(rect)
        let x0 = d.minX.rounded()
        let y0 = d.minY.rounded()
        let x1 = d.maxX.rounded()
        let y1 = d.maxY.rounded()
        return Rect(x: (x0 - t.tx) / t.a, y: (y0 - t.ty) / t.d, width: (x1 - x0) / t.a, height: (y1 - y0) / t.d)
    }

    private func tint(_ box: Rect, radius: Double, alpha: Double, ctx: CairoContext) {
        var c = palette.hoverTint
        c.a *= alpha
        ctx.newPath()
        ctx.roundedRect(box, radius: radius)
        ctx.setSource(c)
        ctx.fill()
    }

    /// A soft white spot centred on the model pointer (its true position, kept on
    /// the element), `spread` pt in radius, clipped to the element (C15).
    private func specular(
        _ box: Rect, radius: Double, pointer: Point, local: AffineTransform,
        strength: Double, spread: Double, ctx: CairoContext, base: AffineTransform
    ) throws {
        guard strength > 0.002 else { return }
        let spot = try effects.specularSpot()
        ctx.save()
        // The element's shape in local space, the light in canvas space.
        ctx.newPath()
        ctx.roundedRect(box, radius: radius)
        ctx.setMatrix(base)
        ctx.clip()
        let c = local.apply(box).clamped(pointer)
        let r = max(spread, 1)
        ctx.translate(c.x - r, c.y - r)
        ctx.scale(2 * r / Double(EffectCache.spotSide), 2 * r / Double(EffectCache.spotSide))
        // Beyond the image nothing: the light ends at its rim.
        ctx.setSource(spot, x: 0, y: 0, extend: false)
        ctx.paint(alpha: min(strength, 1))
        ctx.restore()
    }

    /// The highlight's soft light following the model pointer, on the platter and
    /// under the content, so it never greys a label (C14). Its strength is set so
    /// it lightens the platter (material `m` over its backdrop) by about
    /// `highlightLightStep` at its centre, whatever the platter's colour.
    package static let highlightLightStep = 20.0 / 255

    /// The light's peak alpha on a platter of material `m`, before emphasis.
    static func highlightLightStrength(_ m: PointerMaterial) -> Double {
        // White at alpha a lifts a colour c by a·(1 − c).
        let seen = m.seen
        let room = max(1 - max(seen.r, seen.g, seen.b), 0.05)
        return min(max(highlightLightStep / room, 0.06), 0.5)
    }

    private func highlightLight(
        _ frame: PointerFrame, material m: PointerMaterial, emphasis: Double,
        ctx: CairoContext, base: AffineTransform
    ) throws {
        let amount = emphasis * frame.visible.opacity
        guard amount * 0.5 > 0.002 else { return }
        let strength = Self.highlightLightStrength(m) * amount
        ctx.save()
        ctx.setMatrix(base)
        pointerPainter.addPath(frame.visible, ctx: ctx)
        let f = PointerPainter.drawnFrame(frame.visible)
        // On click the light joins the other layers at the control's centre (C14).
        let press = min(max((1 - frame.visible.scale) / 0.1, 0), 1)
        let centre = f.clamped(frame.pointer).interpolated(to: f.center, press)
        let g = try CairoPattern.radial(center: centre, radius: max(f.width, f.height) * 0.9)
        g.addStop(0, RGBA(r: 1, g: 1, b: 1, a: strength))
        g.addStop(1, RGBA(r: 1, g: 1, b: 1, a: 0))
        ctx.setSource(g)
        ctx.fill()
        ctx.restore()
    }
}
