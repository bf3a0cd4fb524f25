/// Recomputes what the pointer is on and how it should look after any change
/// (input, time, scroll, scene). Only spring *targets* change here; `step`
/// animates toward them.
extension PointerEngine {
    func refresh() {
        let diameter = scene.pointer.diameter
        let circle = ShapeResolver.circle(diameter: diameter)

        // 1. Target. While the primary button is down the target is locked to the
        // one pressed (E28: a drag never re-snaps to other controls). An open menu
        // or a pointer outside the overlay has none.
        var newTarget: Int?
        if contextMenu.open == nil && !interaction.left {
            newTarget = interaction.pressed ? interaction.pressTarget : chooseTarget(at: hand.position)
        } else if let m = contextMenu.open, let owner = contextMenu.owner, !interaction.left,
            !m.frame.contains(hand.position),
            point(hand.position, inSpaceOf: owner).map({ layout.regions[owner].hitRect.contains($0) }) ?? false
        {
            // E26, C14: the control whose menu is open keeps the pointer behind its glyph
            // until the pointer leaves it; once left, it is not taken up again.
            newTarget = owner
        }
        if contextMenu.open != nil && newTarget == nil { contextMenu.owner = nil }

        // 2. Modifier shape (E27).
        var modifierShape: ResolvedShape?
        if !interaction.modifiers.isEmpty, !scene.modifiers.isEmpty, contextMenu.open == nil {
            let under = newTarget ?? topmostRegion(at: hand.position, where: { _ in true })
            if let rule = ModifierResolver.rule(
                for: interaction.modifiers, rules: scene.modifiers, regionChain: idChain(under))
            {
                modifierShape = ShapeResolver.resolve(
                    rule.shape, region: under.map { layout.regions[$0] },
                    diameter: diameter)
            }
        }

        // 3. Shape and placement.
        var effect: PointerEffect? = newTarget.map { layout.regions[$0].effect }
        var newShape = circle
        var newPlacement = Placement.free
        if let m = modifierShape {
            effect = PointerEffect.none
            newShape = m
        } else if let m = contextMenu.open, let row = m.rows.first(where: { $0.contains(hand.position) }) {
            // E26: inside an open menu the pointer becomes the highlight of the row under it.
            let highlight = row.insetBy(dx: ContextMenuLayout.rowInset.x, dy: ContextMenuLayout.rowInset.y)
            newShape = ShapeResolver.roundedRect(size: highlight.size, cornerRadius: ContextMenuLayout.rowCornerRadius)
            newPlacement.x = .fixed(highlight.midX)
            newPlacement.y = .fixed(highlight.midY)
        } else if let t = newTarget {
            let r = layout.regions[t]
            let local = point(hand.position, inSpaceOf: t) ?? hand.position
            if interaction.dragging {
                newShape = r.region.shape.map { ShapeResolver.resolve($0, region: r, diameter: diameter) } ?? circle
            } else {
                switch r.effect {
                case .highlight, .lift:
                    // A2/B7: snap onto the control and morph into its platter: the
                    // control's rounded rect, or the region's own `shape` (C14 + shape).
                    let drawn = drawnFrame(of: t)
                    let zoom = r.frame.width > 0 ? drawn.width / r.frame.width : 1
                    newShape = ShapeResolver.platter(for: r, drawnSize: drawn.size, zoom: zoom, diameter: diameter)
                    newPlacement.x = .fixed(drawn.midX)
                    newPlacement.y = .fixed(drawn.midY)
                    if !interaction.pressed {
                        newPlacement.parallaxCenter = drawn.center
                        newPlacement.parallax = effects.parallax
                    }
                case .hover, .none:
                    // C16: hover keeps the pointer on top — the circle, or the region's
                    // own shape, placed exactly as in a region without an effect.
                    if let spec = r.region.shape {
                        newShape = ShapeResolver.resolve(spec, region: r, diameter: diameter)
                    }
                    if case .roundedRect? = r.region.shape {
                        // A rounded-rect shape sits centred in its region.
                        let drawn = drawnFrame(of: t)
                        newPlacement.x = .fixed(drawn.midX)
                        newPlacement.y = .fixed(drawn.midY)
                    } else {
                        newPlacement = Snapping.placement(in: r, local: local, shape: newShape) {
                            drawnPoint($0, inSpaceOf: t)
                        }
                    }
                }
            }
        }

        // 4. Apply: animate only the jumps (see `Placement`).
        if newShape != aim.shape {
            if newShape.isPath || aim.shape.isPath {
                // Starts from the anchor drawn now, so an interrupted morph does not move it.
                look.transitionFrom = (aim.shape.geometry, aim.shape.kind, drawnAnchor)
                look.transitionProgress.set(0)
                look.transitionProgress.target = 1
            }
            aim.shape = newShape
        }
        look.width.target = newShape.size.width
        look.height.target = newShape.size.height
        look.cornerRadius.target = newShape.isPath ? 0 : newShape.cornerRadius
        if newPlacement != aim.placement {
            look.keepDrawn(
                from: aim.placement.center(model: hand.position), to: newPlacement.center(model: hand.position))
            // A3, A4: stepping from line to line (or slot to slot) inside one region, the
            // drawn pointer trails by at most one step, however fast the hand moves.
            if newTarget == aim.target, let t = newTarget, let grid = layout.regions[t].region.snap {
                if let step = grid.x {
                    look.displacementX.value = Swift.min(Swift.max(look.displacementX.value, -step), step)
                }
                if let step = grid.y {
                    look.displacementY.value = Swift.min(Swift.max(look.displacementY.value, -step), step)
                }
            }
            aim.placement = newPlacement
        }
        if newTarget != aim.target { aim.recentredOnPause = nil }
        aim.target = newTarget
        aim.effect = effect
        let overridden = modifierShape != nil
        look.liftFade.target = (effect == .lift && !overridden && !interaction.dragging) ? 0 : 1
        look.presence.target = (interaction.autoHidden || interaction.left) ? 0 : 1
        look.pressScale.target = interaction.pressed ? effects.pressScale : 1

        updateRegions(overridden: overridden)
    }

    /// Region effect targets: C14 highlight content, C15 lift, C16 hover, C19
    /// `hides`, E24 reveal. While the pointer is auto-hidden (B10) none apply: the
    /// regions spring back to rest as it fades, and the next motion brings them back.
    func updateRegions(overridden: Bool) {
        struct Want {
            var offset = Point.zero
            var scale = 1.0
            var opacity: Double?
            var emphasis = 0.0
        }
        var wants: [Int: Want] = [:]
        let active = !interaction.autoHidden
        if active, let t = aim.target, !overridden, !interaction.dragging || interaction.pressed {
            let r = layout.regions[t]
            let size = r.frame.size
            let local = point(hand.position, inSpaceOf: t) ?? hand.position
            let parallax =
                interaction.pressed ? Point.zero : effects.parallax.offset(model: local, center: r.frame.center)
            var scale: Double?
            var follow = Point.zero
            switch r.effect {
            case .highlight:
                scale = interaction.pressed ? effects.pressedContentScale : effects.highlightContentScale
                follow = parallax
            case .lift:
                let lift = effects.liftScale(for: size)
                scale = interaction.pressed ? 1 + (lift - 1) / 2 : lift
                follow = parallax
            case .hover(let style):
                scale = style.scale
            case .none:
                break
            }
            if let s = scale {
                // Scale about the region's centre: offset carries (1 − s)·size/2.
                let offset = Point(x: (1 - s) * size.width / 2, y: (1 - s) * size.height / 2) + follow
                wants[t] = Want(offset: offset, scale: s, opacity: nil, emphasis: 1)
            }
        }
        // C19: while the pointer is in a region, the regions it `hides` fade out.
        var chain = active ? aim.target : nil
        while let c = chain {
            for id in layout.regions[c].region.hides {
                if let h = layout.indexByID[id] { wants[h, default: Want()].opacity = 0 }
            }
            chain = layout.regions[c].parent
        }
        // E24: reveal regions show while the pointer is over their hit area.
        for r in facts.revealRegions {
            let over =
                active && !interaction.left && contextMenu.open == nil
                && (point(hand.position, inSpaceOf: r).map { layout.regions[r].hitRect.contains($0) } ?? false)
            if over && wants[r]?.opacity == nil { wants[r, default: Want()].opacity = 1 }
        }
        for key in regions.animations.keys {
            let w = wants[key] ?? Want()
            regions.animations[key]?.setTargets(
                offset: w.offset, scale: w.scale, opacity: w.opacity, emphasis: w.emphasis)
        }
        for (key, w) in wants where regions.animations[key] == nil {
            var a = RegionAnimation(restOpacity: layout.regions[key].region.reveal != nil ? 0 : 1)
            a.setTargets(offset: w.offset, scale: w.scale, opacity: w.opacity, emphasis: w.emphasis)
            regions.animations[key] = a
        }
    }

    /// The drawn shape's anchor as a fraction of its box: the shape's own, or
    /// during a path morph the blend of the two shapes' anchors at its progress.
    var drawnAnchor: Point {
        let to = aim.shape.unitAnchor
        guard let from = look.transitionFrom?.anchor else { return to }
        return from.interpolated(to: to, Swift.min(Swift.max(look.transitionProgress.value, 0), 1))
    }

    func currentFrame(time: Double) -> PointerFrame {
        // D22: the box is placed so the (blended) anchor sits on the placement point;
        // a circle → marker-tip morph grows around the pointer instead of sliding.
        let anchorPoint =
            aim.placement.center(model: hand.position) + Point(x: look.displacementX.value, y: look.displacementY.value)
        let size = Size(width: Swift.max(look.width.value, 0), height: Swift.max(look.height.value, 0))
        let a = drawnAnchor
        let c = anchorPoint + Point(x: (0.5 - a.x) * size.width, y: (0.5 - a.y) * size.height)
        let transition = look.transitionFrom.map {
            ShapeTransition(from: $0.geometry, fromKind: $0.kind, progress: look.transitionProgress.value)
        }
        let visible = VisiblePointer(
            kind: aim.shape.kind, name: aim.shape.name, frame: Rect(center: c, size: size),
            // The springs overshoot on their own (ζ < 1): a radius past half
            // the side would draw a rounded rect folding over itself.
            cornerRadius: Swift.min(Swift.max(look.cornerRadius.value, 0), Swift.min(size.width, size.height) / 2),
            opacity: Swift.min(Swift.max(look.presence.value * look.liftFade.value, 0), 1),
            scale: look.pressScale.value, geometry: aim.shape.geometry, transition: transition)
        var states: [String: RegionState] = [:]
        for i in Set(regions.animations.keys).union(regions.transforms.keys).sorted() {
            let t = regions.transforms[i] ?? .identity
            let a = regions.animations[i]
            let state = RegionState(
                offset: t.offset + Point(x: a?.offsetX.value ?? 0, y: a?.offsetY.value ?? 0),
                scale: t.scale * (a?.scale.value ?? 1), rotation: t.rotation,
                opacity: a?.opacity.value ?? 1, emphasis: a?.emphasis.value ?? 0)
            if state != .rest { states[layout.regions[i].id] = state }
        }
        var frame = PointerFrame(
            time: time, pointer: hand.position, visible: visible, target: aim.target.map { layout.regions[$0].id },
            effect: aim.effect, pressed: interaction.pressed,
            hidden: look.presence.value <= 0 && look.presence.target <= 0,
            menu: contextMenu.open, regions: states, modifiers: interaction.modifiers, dragging: interaction.dragging)
        frame.menuShown = contextMenu.asDrawn
        return frame
    }
}
