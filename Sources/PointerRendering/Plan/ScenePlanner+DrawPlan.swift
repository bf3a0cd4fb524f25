import PointerCore

extension ScenePlanner {
    /// What to paint for `frame` (nil = the stage at rest, no pointer) into a target of
    /// `width` × `height` device pixels whose top-left pixel shows canvas point
    /// `origin`, repainting only `clip` (canvas pt, default everything): the one walk
    /// over the scene, which both renderers execute. nil when the clip misses the
    /// target. `outlines`: trace the pointer's outline for the GPU (Cairo traces the
    /// visible pointer itself, curves and all).
    package func drawPlan(
        frame: PointerFrame?, width: Int, height: Int, origin: Point = .zero,
        clip: Rect? = nil, outlines: Bool = true
    ) throws -> DrawPlan? {
        let full = Rect(x: origin.x, y: origin.y, width: Double(width) / scale, height: Double(height) / scale)
        let px = pixelRect(for: clip ?? full, origin: origin)
        let x0 = max(px.x, 0)
        let y0 = max(px.y, 0)
        let x1 = min(px.x + px.width, width)
        let y1 = min(px.y + px.height, height)
        guard x1 > x0, y1 > y0 else { return nil }
        let clipRect = Rect(
            x: origin.x + Double(x0) / scale, y: origin.y + Double(y0) / scale,
            width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        let canvas = layout.scene.canvas
        let opaque = canvas.color.map { $0.a >= 1 } ?? false
        let base = AffineTransform.scaling(scale).concatenating(.translation(-origin.x, -origin.y))
        var ops: [DrawOp] = []

        if let c = canvas.color, !opaque { ops.append(.canvasColor(c)) }
        if let path = canvas.image, let img = images[path] { ops.append(.canvasImage(img, canvas: canvasRect)) }

        let placements = placementCache.placements(for: frame)
        let layering = frame.map { pointerLayering($0, placements: placements) } ?? .plain
        let slot = layering.slot
        let pointerVisible = drawsPointer && frame.map { !$0.hidden && $0.visible.opacity > 0.001 } ?? false
        let pointerBox = frame.flatMap { pointerBounds($0) }

        for i in planCandidates(in: clipRect, placements: placements, slot: slot) {
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
            try planRegion(
                i, r, pl, placements: placements, frame: frame, slot: holdsPointer ? slot : .top,
                base: base, outlines: outlines, ops: &ops)
        }

        let pointerShown = frame != nil && pointerVisible && pointerBox.map { $0.intersects(clipRect) } ?? false
        var topPointer: [DrawOp] = []
        if let frame, pointerShown {
            if slot == .top {
                topPointer = try planTopPointer(
                    frame, owner: layering.owner, placements: placements, base: base,
                    reusesMaterial: false, outlines: outlines)
                ops += topPointer
            }
            for j in layering.above {
                planRepaint(
                    j, strength: layering.contentOver, placements: placements, frame: frame, base: base, ops: &ops)
            }
        }

        if let frame, let menu = frame.menuShown, MenuPainter.bounds(menu).intersects(clipRect) {
            ops.append(.menuPanel(menu))
            if menu.opacity >= 1, !topPointer.isEmpty, let pb = pointerBox, pb.intersects(menu.frame) {
                let shape = ClipShape(
                    transform: base.concatenating(.translation(menu.frame.minX, menu.frame.minY)),
                    size: menu.frame.size, radius: MenuPainter.cornerRadius)
                ops += try planTopPointer(
                    frame, owner: layering.owner, placements: placements, base: base,
                    reusesMaterial: true, outlines: outlines, within: [shape])
            }
            ops.append(.menuText(menu))
        }
        return DrawPlan(
            pixelClip: (x0, y0, x1 - x0, y1 - y0), clipRect: clipRect,
            clearColor: opaque ? canvas.color ?? .clear : .clear, base: base, origin: origin, ops: ops)
    }

    private func pointerDraw(
        _ frame: PointerFrame, highlight: Double, opacity: Double, outlines: Bool,
        reusesMaterial: Bool = false
    ) throws -> PointerDraw {
        PointerDraw(
            visible: frame.visible, outline: outline(frame.visible, outlines),
            opacity: opacity, material: try materialInputs(for: frame, highlight: highlight),
            reusesMaterial: reusesMaterial)
    }

    private func outline(_ v: VisiblePointer, _ traced: Bool) -> PointerOutline {
        traced ? outliner.outline(v, scale: scale) : .polygons([])
    }

    /// The plain circle at the shape's centre (`liftPointerLook`), in its own material.
    private func centreCircleDraw(_ frame: PointerFrame, _ opacity: Double, outlines: Bool) throws -> PointerDraw {
        var circle = frame
        circle.visible = centreCircle(of: frame.visible)
        return try pointerDraw(circle, highlight: 0, opacity: opacity, outlines: outlines)
    }

    /// The highlight's light on the pointer (C14); nil when too faint to see.
    private func highlightLightOp(_ frame: PointerFrame, emphasis: Double, outlines: Bool) -> DrawOp? {
        let amount = emphasis * frame.visible.opacity
        guard amount * 0.5 > 0.002 else { return nil }
        let f = PointerPainter.drawnFrame(frame.visible)
        // On click the light joins the other layers at the control's centre (C14).
        let press = min(max((1 - frame.visible.scale) / 0.1, 0), 1)
        return .highlightLight(
            outline(frame.visible, outlines), visible: frame.visible,
            center: f.clamped(frame.pointer).interpolated(to: f.center, press),
            gradientRadius: max(f.width, f.height) * 0.9, emphasis: amount)
    }

    /// The pointer drawn after every region: plain, or still showing the effect of
    /// the control it is leaving (`owner`): a highlight's lighter background and
    /// light, or a lift's pointer fading back in as the element settles. Clipped by
    /// the owner's viewports and `within`.
    private func planTopPointer(
        _ frame: PointerFrame, owner: Int?, placements: FramePlacements,
        base: AffineTransform, reusesMaterial: Bool, outlines: Bool, within: [ClipShape] = []
    ) throws -> [DrawOp] {
        var ops: [DrawOp] = []
        let clip =
            within + (owner.map { clipShapes(placements[$0].clippers, placements: placements, base: base) } ?? [])
        ops.append(.beginRegion(index: -1, clip: clip, opacity: 1))
        defer { ops.append(.endRegion) }
        guard let o = owner else {
            ops.append(
                .pointer(
                    try pointerDraw(
                        frame, highlight: menuRowHighlight(frame), opacity: 1, outlines: outlines,
                        reusesMaterial: reusesMaterial)))
            return ops
        }
        let r = layout.regions[o]
        let e = min(max(placements[o].state.emphasis, 0), 1)
        if case .lift = r.effect {
            let look = liftPointerLook(frame, emphasis: e)
            ops.append(
                .pointer(
                    try pointerDraw(
                        frame, highlight: look.highlight, opacity: look.opacity, outlines: outlines,
                        reusesMaterial: reusesMaterial)))
            if look.circleOpacity > 0.001 {
                ops.append(.pointer(try centreCircleDraw(frame, look.circleOpacity, outlines: outlines)))
            }
            if let light = look.light,
                let op = highlightLightOp(frame, emphasis: light * look.opacity, outlines: outlines)
            {
                ops.append(op)
            }
            return ops
        }
        ops.append(
            .pointer(
                try pointerDraw(
                    frame, highlight: highlightAmount(frame, region: r, emphasis: e), opacity: 1, outlines: outlines,
                    reusesMaterial: reusesMaterial)))
        if let light = highlightLightOp(frame, emphasis: e, outlines: outlines) { ops.append(light) }
        return ops
    }

    /// Region `j`'s layers that belong above the pointer (its content; a lifted
    /// element's whole body), painted again only where the pointer is, so a control
    /// drawn before the pointer still covers it. They are composed in a group and
    /// laid down through the clip once: clipping each layer on its own would let the
    /// lower ones bleed through along the clip's soft edge.
    private func planRepaint(
        _ j: Int, strength: Double, placements: FramePlacements, frame: PointerFrame, base: AffineTransform,
        ops: inout [DrawOp]
    ) {
        let r = layout.regions[j]
        let pl = placements[j]
        guard pl.opacity * strength > 0.001 else { return }
        ops.append(.beginRepaint(bounds: repaintBounds(frame.visible, base: base)))
        let local = base.concatenating(pl.own)
        if case .lift = r.effect, let fill = r.region.content?.fill {
            let box = Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height)
            let still = pl.own.b == 0 && pl.own.c == 0 && pl.own.a == 1 && pl.own.d == 1
            ops.append(
                .fill(still ? snapped(box, transform: local) : box, radius: r.cornerRadius, color: fill, local: local))
        }
        planUpperLayers(j, r, pl, frame: frame, emphasis: min(max(pl.state.emphasis, 0), 1), base: base, ops: &ops)
        ops.append(
            .endRepaint(
                clip: clipShapes(pl.clippers, placements: placements, base: base),
                mask: grownOutline(frame.visible), opacity: min(pl.opacity, 1) * strength))
    }

    /// The outline `PointerPainter.addGrownPath` traces: a device pixel beyond the pointer.
    private func grownOutline(_ v: VisiblePointer) -> PointerOutline {
        let g = 1 / scale
        let f = PointerPainter.drawnFrame(v).insetBy(dx: -g, dy: -g)
        if v.transition == nil, case .roundedRect = v.geometry {
            let r = max(0, min(v.cornerRadius * max(v.scale, 0) + g, min(f.width, f.height) / 2))
            return .roundedRect(f, radius: r <= 0.01 ? 0 : r)
        }
        return .roundedRect(f, radius: 0)
    }

    private func clipShapes(_ clippers: [Int], placements: FramePlacements, base: AffineTransform) -> [ClipShape] {
        clippers.map { c in
            let cr = layout.regions[c]
            return ClipShape(
                transform: base.concatenating(placements[c].own), size: cr.frame.size, radius: cr.cornerRadius)
        }
    }

    /// Regions that may touch `clip`, in drawing order: those whose rest bounds meet
    /// it, those the frame moves, and the one holding the pointer.
    private func planCandidates(in clip: Rect, placements: FramePlacements, slot: PointerSlot) -> [Int] {
        let out = restGrid.query(clip)
        var extra = placements.changedIndices
        switch slot {
        case .highlight(let i), .underLift(let i): extra.append(i)
        case .top: break
        }
        guard !extra.isEmpty else { return out }
        return Array(Set(out).union(extra)).sorted()
    }

    /// Region `i` in its viewports' clip (an opacity group when faded): below it the
    /// lift or hover shadow, the pointer when the region holds it (under a lift, or
    /// on a highlight's platter), its fill and tint, then its upper layers.
    private func planRegion(
        _ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement, placements: FramePlacements,
        frame: PointerFrame?, slot: PointerSlot, base: AffineTransform, outlines: Bool,
        ops: inout [DrawOp]
    ) throws {
        let e = min(max(pl.state.emphasis, 0), 1)
        let size = r.frame.size
        let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let local = base.concatenating(pl.own)
        ops.append(
            .beginRegion(
                index: i, clip: clipShapes(pl.clippers, placements: placements, base: base), opacity: pl.opacity))
        defer { ops.append(.endRegion) }

        let geo = EffectGeometry(size: size)
        switch r.effect {
        case .lift where e > 0.001:
            ops.append(.liftLayer(index: i, local: local, alpha: e))
        case .hover(let style) where e > 0.001 && style.shadow && pl.state.scale > 1.0001:
            let amount = e * min((pl.state.scale - 1) / 0.04, 1)
            ops.append(
                .shadow(
                    index: i, size: size, radius: r.cornerRadius, local: local,
                    alpha: palette.shadowAlpha * 0.8 * amount, offset: Point(x: 0, y: geo.shadowOffset)))
        default:
            break
        }

        if case .underLift = slot, let frame {
            let look = liftPointerLook(frame, emphasis: e)
            ops.append(
                .pointer(
                    try pointerDraw(frame, highlight: look.highlight, opacity: look.opacity, outlines: outlines)))
            if look.circleOpacity > 0.001 {
                ops.append(.pointer(try centreCircleDraw(frame, look.circleOpacity, outlines: outlines)))
            }
            if let light = look.light,
                let op = highlightLightOp(frame, emphasis: light * look.opacity, outlines: outlines)
            {
                ops.append(op)
            }
        }

        // The element's fill, pixel-snapped when it sits still so edges stay crisp.

        if let fill = r.region.content?.fill {
            let still = pl.own.b == 0 && pl.own.c == 0 && pl.own.a == 1 && pl.own.d == 1
            ops.append(
                .fill(still ? snapped(box, transform: local) : box, radius: r.cornerRadius, color: fill, local: local))
        }

        if case .hover(let style) = r.effect, style.tint == .underlay, e > 0.001 {
            ops.append(.fill(box, radius: r.cornerRadius, color: tintColor(alpha: e), local: local))
        }

        if case .highlight = slot, let frame {
            ops.append(
                .pointer(
                    try pointerDraw(
                        frame, highlight: highlightAmount(frame, region: r, emphasis: e), opacity: 1,
                        outlines: outlines)))
            if let light = highlightLightOp(frame, emphasis: e, outlines: outlines) { ops.append(light) }
        }

        planUpperLayers(i, r, pl, frame: frame, emphasis: e, base: base, ops: &ops)
    }

    /// What lies above the pointer in a region: content, overlay tint, specular (C15).
    private func planUpperLayers(
        _ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement, frame: PointerFrame?,
        emphasis e: Double, base: AffineTransform, ops: inout [DrawOp]
    ) {
        let box = Rect(x: 0, y: 0, width: r.frame.width, height: r.frame.height)
        let local = base.concatenating(pl.own)
        if hasContentLayer(i) { ops.append(.content(index: i, local: local)) }
        if case .hover(let style) = r.effect, style.tint == .overlay, e > 0.001 {
            ops.append(.fill(box, radius: r.cornerRadius, color: tintColor(alpha: e), local: local))
        }
        if case .lift = r.effect, e > 0.001, let frame {
            let strength = EffectGeometry.specularStrength(size: r.frame.size) * e * specularFade(r)
            if strength > 0.002 {
                ops.append(
                    .specular(
                        box: box, radius: r.cornerRadius, local: local,
                        center: pl.own.apply(box).clamped(frame.light(for: r.region.id)),
                        gradientRadius: max(EffectGeometry.specularRadius(size: r.frame.size) * pl.state.scale, 1),
                        strength: strength))
            }
        }
    }

    private func tintColor(alpha: Double) -> RGBA {
        var c = palette.hoverTint
        c.a *= alpha
        return c
    }
}
