import PointerCore

/// Effect geometry and how the pointer looks where an effect holds it: what
/// the plan decides for both renderers, and pixel snapping.
extension ScenePlanner {
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
    /// blurred layer the renderer has made (`madeLayerExtent`), that layer's
    /// extent: the margin is sized for the wider blur plus the drop on every
    /// side. Else `effectReach` on every side, which is what the GL renderer
    /// (it makes no such layers) keeps.
    func effectBounds(_ i: Int, _ r: LaidOutRegion, _ pl: RegionPlacement) -> Rect {
        guard let layer = madeLayerExtent?(i, r) else {
            let reach = effectReach(r, pl)
            return pl.bounds.insetBy(dx: -reach, dy: -reach)
        }
        return pl.bounds.union(pl.own.apply(layer)).insetBy(dx: -1, dy: -1)
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
}
