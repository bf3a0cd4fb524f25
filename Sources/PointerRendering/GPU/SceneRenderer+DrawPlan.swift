import PointerCore

extension SceneRenderer {
    /// The plan of `draw(frame:into:origin:clip:)` for a target of `width` × `height`
    /// device pixels: the same steps in the same order, as data (nil when the clip
    /// misses the target). Keep it in step with SceneRenderer+Drawing.swift: the
    /// parity tests compare what the GL renderer draws from it with Cairo's pixels.
    package func drawPlan(frame: PointerFrame?, width: Int, height: Int, origin: Point = .zero,
                          clip: Rect? = nil) throws -> DrawPlan? {
        let full = Rect(x: origin.x, y: origin.y, width: Double(width) / scale, height: Double(height) / scale)
        let px = pixelRect(for: clip ?? full, origin: origin)
        let x0 = max(px.x, 0), y0 = max(px.y, 0)
        let x1 = min(px.x + px.width, width), y1 = min(px.y + px.height, height)
        guard x1 > x0, y1 > y0 else { return nil }
        let clipRect = Rect(x: origin.x + Double(x0) / scale, y: origin.y + Double(y0) / scale,
                            width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        let canvas = layout.scene.canvas
        let opaque = canvas.color.map { $0.a >= 1 } ?? false
        let base = AffineTransform.scaling(scale).concatenating(.translation(-origin.x, -origin.y))
        var ops: [DrawOp] = []

        if let c = canvas.color, !opaque { ops.append(.canvasColor(c)) }
        if let path = canvas.image, let img = images[path] { ops.append(.canvasImage(img, canvas: canvasRect)) }

        let placements = placementCache.placements(for: frame)
        let slot: PointerSlot = frame.map(pointerSlot) ?? .top
        let pointerVisible = drawsPointer && frame.map { !$0.hidden && $0.visible.opacity > 0.001 } ?? false
        let pointerBox = frame.flatMap { pointerBounds($0) }

        for i in planCandidates(in: clipRect, placements: placements, slot: slot) {
            let r = layout.regions[i]
            let pl = placements[i]
            guard pl.opacity > 0.001 else { continue }
            var extent = pl.bounds
            if pl.state.emphasis > 0.001 || pl.state.scale > 1.0001 {
                extent = extent.insetBy(dx: -effectReach(r, pl), dy: -effectReach(r, pl))
            }
            let holdsPointer = (slot == .highlight(i) || slot == .underLift(i)) && pointerVisible
            if holdsPointer, let pb = pointerBox { extent = extent.union(pb) }
            guard extent.intersects(clipRect) else { continue }
            try planRegion(i, r, pl, placements: placements, frame: frame, slot: holdsPointer ? slot : .top,
                           base: base, ops: &ops)
        }

        if let frame, let menu = frame.menu, MenuPainter.bounds(menu).intersects(clipRect) {
            ops.append(.menu(menu, pointer: frame.pointer))
        }
        if let frame, pointerVisible, slot == .top, let pb = pointerBox, pb.intersects(clipRect) {
            ops.append(.pointer(try pointerDraw(frame, highlight: 0, opacity: 1)))
        }
        return DrawPlan(pixelClip: (x0, y0, x1 - x0, y1 - y0), clipRect: clipRect,
                        clearColor: opaque ? canvas.color ?? .clear : .clear, base: base, ops: ops)
    }

    private func pointerDraw(_ frame: PointerFrame, highlight: Double, opacity: Double) throws -> PointerDraw {
        PointerDraw(visible: frame.visible, outline: pointerPainter.outline(frame.visible, scale: scale),
                    opacity: opacity, material: try materialInputs(for: frame, highlight: highlight),
                    rimWidth: max(1 / scale, 1))
    }

    /// As `candidates(in:placements:slot:)` in SceneRenderer+Drawing.swift.
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

    /// As `drawRegion` in SceneRenderer+Drawing.swift.
    private func planRegion(_ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement, placements: FramePlacements,
                            frame: PointerFrame?, slot: PointerSlot, base: AffineTransform,
                            ops: inout [DrawOp]) throws {
        let e = min(max(pl.state.emphasis, 0), 1)
        let size = r.frame.size
        let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let local = base.concatenating(pl.own)
        let clip = pl.clippers.map { c in
            let cr = layout.regions[c]
            return ClipShape(transform: base.concatenating(placements[c].own), size: cr.frame.size, radius: cr.cornerRadius)
        }
        ops.append(.beginRegion(index: i, clip: clip, opacity: pl.opacity))
        defer { ops.append(.endRegion) }

        let geo = EffectGeometry(size: size)
        switch r.effect {
        case .lift where e > 0.001:
            ops.append(.liftLayer(index: i, local: local, alpha: e))
        case .hover(let style) where e > 0.001 && style.shadow && pl.state.scale > 1.0001:
            let amount = e * min((pl.state.scale - 1) / 0.04, 1)
            ops.append(.shadow(size: size, radius: r.cornerRadius, local: local,
                               alpha: palette.shadowAlpha * 0.8 * amount, offset: Point(x: 0, y: geo.shadowOffset)))
        default:
            break
        }

        if case .underLift = slot, let frame {
            ops.append(.pointer(try pointerDraw(frame, highlight: 0, opacity: 1 - e)))
        }

        if let fill = r.region.content?.fill {
            let still = pl.own.b == 0 && pl.own.c == 0 && pl.own.a == 1 && pl.own.d == 1
            ops.append(.fill(still ? snapped(box, transform: local) : box, radius: r.cornerRadius, color: fill, local: local))
        }

        if case .hover(let style) = r.effect, style.tint == .underlay, e > 0.001 {
            ops.append(.fill(box, radius: r.cornerRadius, color: tintColor(alpha: e), local: local))
        }

        if case .highlight = slot, let frame {
            let d = layout.scene.pointer.diameter
            let grown = (min(frame.visible.frame.width, frame.visible.frame.height) - d)
                / max(min(r.frame.width, r.frame.height) - d, 1)
            ops.append(.pointer(try pointerDraw(frame, highlight: max(min(1, 2 * e), min(max(grown, 0), 1)), opacity: 1)))
        }

        if hasContentLayer(i) { ops.append(.content(index: i, local: local)) }

        if case .hover(let style) = r.effect, style.tint == .overlay, e > 0.001 {
            ops.append(.fill(box, radius: r.cornerRadius, color: tintColor(alpha: e), local: local))
        }
        if case .lift = r.effect, e > 0.001, let frame {
            let surface = r.region.content?.fill.map { PointerMaterial.lightness($0) } ?? 0
            let strength = EffectGeometry.specularStrength(size: size) * e * mix(1, 0.25, surface)
            if strength > 0.002 {
                let bounds = pl.own.apply(box)
                ops.append(.specular(box: box, radius: r.cornerRadius, local: local, center: bounds.clamped(frame.pointer),
                                     gradientRadius: max(bounds.width, bounds.height) * 0.8, strength: strength))
            }
        }
        if case .highlight = slot, let frame {
            let strength = (palette.isDark ? 0.14 : 0.10) * e * frame.visible.opacity
            if strength > 0.002 {
                let f = frame.visible.frame
                let press = min(max((1 - frame.visible.scale) / 0.12, 0), 1)
                ops.append(.highlightLight(pointerPainter.outline(frame.visible, scale: scale),
                                           center: f.clamped(frame.pointer).interpolated(to: f.center, press),
                                           gradientRadius: max(f.width, f.height) * 0.9, strength: strength))
            }
        }
    }

    private func tintColor(alpha: Double) -> RGBA {
        var c = palette.hoverTint
        c.a *= alpha
        return c
    }
}
