import PointerCore

/// The pointer's material (D20): the colours the background sampler sees
/// under and around the pointer, the open menu over them, and the look
/// remembered across frames. Both renderers finish it: Cairo from the pixels
/// it has drawn, GL in its shaders.
extension ScenePlanner {
    /// The sampler in use (the own stage sampler is made on first call).
    func sampler() throws -> BackgroundSampler {
        if let s = backgroundSampler { return s }
        if let s = stageSampler { return s }
        let ppp = StageBackgroundSampler.pointsPerPixel(for: canvasSize)
        let still = SceneRenderer(planner: ScenePlanner(sharing: self, scale: 1 / ppp))
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
            if let d = drawn(box) { inner = ScenePlanner.over(d, inner) }
            if let d = drawn(ring) { outer = ScenePlanner.over(d, outer) }
            if let d = drawn(coreBox) { core = ScenePlanner.over(d, core) }
        }
        return PointerMaterial.resolve(
            background: inner.interpolated(to: outer, 0.5), fallback: fallback,
            highlight: highlight, press: press, surroundings: outer, footprint: core,
            memory: &memory, at: time)
    }
}
