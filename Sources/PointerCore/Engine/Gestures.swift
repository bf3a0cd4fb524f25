/// Two-finger gestures act on the region under the pointer, not a focused one
/// (behaviour E25): scroll moves a `scroll` region's children within its
/// `contentSize`; pinch zooms (and, with `rotate`, rotates) a `zoom` region's
/// children anchored at the pointer. Both follow the fingers exactly (no spring),
/// so the pinch anchor holds to floating-point precision.
extension PointerEngine {
    func scroll(dx: Double, dy: Double) {
        guard contextMenu.open == nil, let s = topmostRegion(at: hand.position, where: { $0.region.scroll != nil })
        else { return }
        let region = layout.regions[s]
        var t = regions.transforms[s] ?? .identity
        t.offset += Point(x: dx, y: dy)
        t.offset = Point(x: PointerEngine.bounded(t.offset.x), y: PointerEngine.bounded(t.offset.y))
        if let content = region.region.scroll?.contentSize, t.rotation == 0 {
            // Keep the content covering the frame: offset in [frame − content·scale, 0].
            let minX = Swift.min(0, region.frame.width - content.width * t.scale)
            let minY = Swift.min(0, region.frame.height - content.height * t.scale)
            t.offset.x = Swift.min(Swift.max(t.offset.x, minX), 0)
            t.offset.y = Swift.min(Swift.max(t.offset.y, minY), 0)
        }
        regions.transforms[s] = t.isIdentity ? nil : t
    }

    func handlePinch(phase: GesturePhase, scale: Double, rotation: Double) {
        // A non-finite reading (a broken device) is skipped; the pinch goes on.
        guard scale.isFinite, rotation.isFinite else {
            if phase == .end || phase == .cancel { interaction.pinch = nil }
            return
        }
        switch phase {
        case .begin:
            interaction.pinch = nil
            guard contextMenu.open == nil, let z = topmostRegion(at: hand.position, where: { $0.region.zoom != nil }),
                let q = point(hand.position, inSpaceOf: z)
            else { return }
            let base = regions.transforms[z] ?? .identity
            let anchor = base.invert(q, origin: layout.regions[z].frame.origin)
            interaction.pinch = PinchState(region: z, anchor: anchor, base: base)
            applyPinch(scale: scale, rotation: rotation)
        case .update:
            applyPinch(scale: scale, rotation: rotation)
        case .end:
            applyPinch(scale: scale, rotation: rotation)
            interaction.pinch = nil
        case .cancel:
            interaction.pinch = nil
        }
    }

    func applyPinch(scale: Double, rotation: Double) {
        guard let p = interaction.pinch, let q = point(hand.position, inSpaceOf: p.region),
            let spec = layout.regions[p.region].region.zoom
        else { return }
        let s = Swift.min(Swift.max(p.base.scale * scale, spec.min), spec.max)
        // Whole turns are dropped so the angle stays small however long the pinch goes on.
        let r = (p.base.rotation + (spec.rotate ? rotation : 0)).truncatingRemainder(dividingBy: 360)
        var t = RegionTransform.anchored(
            local: p.anchor, at: q, origin: layout.regions[p.region].frame.origin,
            scale: s, rotation: r)
        // Pinching out at one corner and in at another, again and again, walked the
        // children away without bound (1e11 pt): held within SceneLimits.zoomOffset.
        let m = SceneLimits.zoomOffset
        t.offset = Point(x: Swift.min(Swift.max(t.offset.x, -m), m), y: Swift.min(Swift.max(t.offset.y, -m), m))
        regions.transforms[p.region] = t.isIdentity ? nil : t
    }
}
