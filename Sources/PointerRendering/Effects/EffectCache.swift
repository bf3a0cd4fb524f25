import PointerCore

/// Blurred layers (shadows, radiosity) computed once per element and kept: each
/// animation frame only transforms and composites them (docs/architecture.md cost model).
final class EffectCache {
    /// A blurred image and where it sits in the owner's local coordinates.
    struct Blurred {
        let surface: ImageSurface
        /// Local pt of the surface's top-left pixel.
        let origin: Point
        let pixelsPerPoint: Double
        /// Local pt outside which every pixel is transparent (the blur's reach); nil: all of `bounds`.
        var reach: Rect? = nil

        /// Local pt the whole surface covers.
        var bounds: Rect {
            Rect(
                origin: origin,
                size: Size(
                    width: Double(surface.width) / pixelsPerPoint, height: Double(surface.height) / pixelsPerPoint))
        }

        /// Local pt that can hold a visible pixel.
        var extent: Rect { reach ?? bounds }

        /// Draws it (the context's matrix maps local pt to device pixels).
        func draw(_ ctx: CairoContext, alpha: Double, offset: Point = .zero) {
            guard alpha > 0.001 else { return }
            ctx.save()
            ctx.translate(origin.x + offset.x, origin.y + offset.y)
            ctx.scale(1 / pixelsPerPoint, 1 / pixelsPerPoint)
            // No clip of its own (a transformed rectangle would need a mask): the
            // pattern is transparent beyond its edges and the damage clip bounds the work.
            ctx.setSource(surface, x: 0, y: 0, extend: false)
            ctx.paint(alpha: min(alpha, 1))
            ctx.restore()
        }
    }

    private var shadows: [String: Blurred] = [:]
    private var lifts: [Int: Blurred] = [:]
    private var spot: ImageSurface?

    private(set) var blurCount = 0
    /// Bytes of the layers kept.
    private(set) var bytesKept = 0
    /// Regions before this index have had their layers made ahead (`SceneRenderer.prepareEffects`).
    var preparedRegions = 0

    /// Resolution for a blurred layer: blurs hide detail, so ≤ 1 px per pt and ≤ 320 px a side.
    private static func resolution(for extent: Size) -> Double {
        min(1, 320 / max(extent.width, extent.height, 1))
    }

    private static func shadowKey(size: Size, radius: Double) -> String {
        "\(Int(size.width.rounded()))x\(Int(size.height.rounded()))r\(Int(radius.rounded()))"
    }

    /// Local pt region `index`'s lift layer can show a pixel in, once it is made.
    func liftExtent(_ index: Int) -> Rect? { lifts[index]?.extent }

    /// Where the layer made for region `index` (`r`) can show a pixel, in its own pt
    /// (a hover shadow with its drop); nil before it is made.
    func madeExtent(_ index: Int, _ r: LaidOutRegion) -> Rect? {
        switch r.effect {
        case .lift:
            return liftExtent(index)
        case .hover(let style) where style.shadow:
            return shadowExtent(size: r.frame.size, radius: r.cornerRadius)?
                .offsetBy(Point(x: 0, y: EffectGeometry(size: r.frame.size).shadowOffset))
        default:
            return nil
        }
    }

    /// Local pt the shadow for `size` and `radius` can show a pixel in, once it is made.
    func shadowExtent(size: Size, radius: Double) -> Rect? {
        shadows[Self.shadowKey(size: size, radius: radius)]?.extent
    }

    /// A soft black rounded-rect shadow mask (`size`, `radius`), keyed by size class.
    func shadow(size: Size, radius: Double) throws -> Blurred {
        let key = Self.shadowKey(size: size, radius: radius)
        if let b = shadows[key] { return b }
        let g = EffectGeometry(size: size)
        let b = try make(
            size: size, margin: g.margin, blur: g.shadowBlur,
            drawnWithin: Rect(x: 0, y: 0, width: size.width, height: size.height)
        ) { ctx in
            ctx.newPath()
            ctx.roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: radius)
            ctx.setSource(.black)
            ctx.fill()
        }
        shadows[key] = b
        bytesKept += b.surface.stride * b.surface.height
        return b
    }

    /// A blurred copy of an element, drawn by `body` in local pt (radiosity, C15).
    /// Not kept: only the lift layer it is composited into is.
    private func glow(size: Size, body: (CairoContext) -> Void) throws -> Blurred {
        let g = EffectGeometry(size: size)
        return try make(size: size, margin: g.margin, blur: g.glowBlur, body: body)
    }

    /// Shadow and radiosity of a lifted element pre-composited into one layer, so a
    /// lift frame composites a single blurred image (drawn with alpha = emphasis).
    func liftLayer(
        index: Int, size: Size, radius: Double, shadowAlpha: Double, glowAlpha: Double,
        body: ((CairoContext) -> Void)?
    ) throws -> Blurred {
        if let b = lifts[index] { return b }
        let shadow = try self.shadow(size: size, radius: radius)
        let g = EffectGeometry(size: size)
        let surface = try ImageSurface(width: shadow.surface.width, height: shadow.surface.height)
        let ctx = try CairoContext(surface: surface)
        ctx.scale(shadow.pixelsPerPoint, shadow.pixelsPerPoint)
        ctx.translate(-shadow.origin.x, -shadow.origin.y)
        shadow.draw(ctx, alpha: shadowAlpha, offset: Point(x: 0, y: g.shadowOffset))
        if let body {
            let glow = try self.glow(size: size, body: body)
            // Grown a little about the centre so the colour bleeds past the edge.
            ctx.translate(size.width / 2, size.height / 2)
            ctx.scale(1.06, 1.06)
            ctx.translate(-size.width / 2, -size.height / 2)
            glow.draw(ctx, alpha: glowAlpha)
        }
        try ctx.checkStatus("compositing a lift layer")
        var b = Blurred(surface: surface, origin: shadow.origin, pixelsPerPoint: shadow.pixelsPerPoint)
        // The margin is sized for the wider blur on every side, the drop included;
        // what the layer holds reaches less far (the drop only downwards).
        b.reach = try Self.visiblePixels(surface).map { px in
            Rect(
                x: b.origin.x + Double(px.minX) / b.pixelsPerPoint, y: b.origin.y + Double(px.minY) / b.pixelsPerPoint,
                width: px.width / b.pixelsPerPoint, height: px.height / b.pixelsPerPoint
            )
            // A resampled pixel spreads into its neighbours.
            .insetBy(dx: -2 / b.pixelsPerPoint, dy: -2 / b.pixelsPerPoint)
            .intersection(b.bounds)
        }
        lifts[index] = b
        bytesKept += surface.stride * surface.height
        return b
    }

    /// Pixels across the specular spot image.
    static let spotSide = 256

    /// The specular light (C15) as an image: white, fully opaque at the centre
    /// and gone at the rim, with the falloff's stops. Drawn once; each frame
    /// scales it and paints it with the light's strength, which costs about a
    /// quarter of filling a radial gradient again (pixman computes one per pixel).
    func specularSpot() throws -> ImageSurface {
        if let spot { return spot }
        let side = Double(Self.spotSide)
        let surface = try ImageSurface(width: Self.spotSide, height: Self.spotSide)
        let ctx = try CairoContext(surface: surface)
        let g = try CairoPattern.radial(center: Point(x: side / 2, y: side / 2), radius: side / 2)
        for (t, a) in [(0.0, 1.0), (0.35, 0.6), (0.7, 0.18), (1.0, 0.0)] {
            g.addStop(t, RGBA(r: 1, g: 1, b: 1, a: a))
        }
        ctx.setSource(g)
        ctx.paint()
        try ctx.checkStatus("drawing the specular spot")
        surface.flush()
        spot = surface
        return surface
    }

    /// The pixels of `surface` with any alpha, as a rect of pixel indices; nil when none has.
    static func visiblePixels(_ surface: ImageSurface) throws -> Rect? {
        try surface.withPixels { data in
            var x0 = Int.max
            var y0 = Int.max
            var x1 = -1
            var y1 = -1
            for y in 0..<surface.height {
                let row = (data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.width where row[x] >> 24 != 0 {
                    x0 = min(x0, x)
                    x1 = max(x1, x)
                    y0 = min(y0, y)
                    y1 = max(y1, y)
                }
            }
            guard x1 >= 0 else { return nil }
            return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1))
        }
    }

    /// `drawnWithin`: local pt that `body` stays inside, if known (the layer's
    /// extent is then that plus the blur's reach).
    private func make(
        size: Size, margin: Double, blur: Double, drawnWithin shape: Rect? = nil,
        body: (CairoContext) -> Void
    ) throws -> Blurred {
        let whole = Size(width: size.width + 2 * margin, height: size.height + 2 * margin)
        let k = Self.resolution(for: whole)
        let surface = try ImageSurface(
            width: max(1, Int((whole.width * k).rounded(.up))),
            height: max(1, Int((whole.height * k).rounded(.up))))
        let ctx = try CairoContext(surface: surface)
        ctx.scale(k, k)
        ctx.translate(margin, margin)
        body(ctx)
        try ctx.checkStatus("drawing an effect layer")
        let radius = max(1, Int((blur * k).rounded()))
        try BoxBlur.blur(surface, radius: radius)
        blurCount += 1
        var b = Blurred(surface: surface, origin: Point(x: -margin, y: -margin), pixelsPerPoint: k)
        if let shape {
            // Each pass spreads a pixel by `radius`; 3 px more for the shape's antialiased
            // edge and the filter that resamples the layer.
            let spread = Double(BoxBlur.passes * radius + 3) / k
            b.reach = shape.insetBy(dx: -spread, dy: -spread).intersection(b.bounds)
        }
        return b
    }
}
