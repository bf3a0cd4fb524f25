import PointerCore

/// A short notice over the stage, e.g. how to quit it. Not part of a
/// `PointerFrame`: it is the host's message to the user, not pointer state.
public struct Banner: Equatable, Sendable {
    public var text: String
    /// 0…1; the banner fades out.
    public var opacity: Double

    public init(text: String, opacity: Double = 1) {
        self.text = text
        self.opacity = opacity
    }
}

/// Draws a `Banner` as a dark rounded pill with white text, centred near the
/// top of the canvas, where it covers the least of a typical stage.
public enum BannerPainter {
    static let size = Size(width: 340, height: 40)
    static let topMargin = 24.0
    static let fontSize = 15.0

    /// Where the banner goes on a canvas of `canvasSize` (pt); the same for every text.
    public static func frame(canvasSize: Size) -> Rect {
        let width = min(size.width, max(canvasSize.width - 16, 1))
        return Rect(x: ((canvasSize.width - width) / 2).rounded(), y: topMargin, width: width, height: size.height)
    }

    /// Every point the banner touches: its frame and the rim stroked around it.
    public static func bounds(canvasSize: Size) -> Rect {
        frame(canvasSize: canvasSize).insetBy(dx: -2, dy: -2)
    }

    /// Draws over what `surface` holds, inside `clip` (canvas pt). `scale` is
    /// pixels per point; the surface's top-left pixel shows canvas point `origin`.
    public static func draw(
        _ banner: Banner, into surface: ImageSurface, scale: Double, origin: Point = .zero,
        canvasSize: Size, clip: [Rect]
    ) throws {
        guard banner.opacity > 0, !banner.text.isEmpty else { return }
        let box = frame(canvasSize: canvasSize)
        let ctx = try CairoContext(surface: surface)
        ctx.scale(scale, scale)
        ctx.translate(-origin.x, -origin.y)
        for r in clip { ctx.rectangle(r) }
        ctx.clip()
        ctx.pushGroup()
        ctx.newPath()
        ctx.roundedRect(box, radius: box.height / 2)
        ctx.setSource(RGBA(r: 0.1, g: 0.1, b: 0.12, a: 0.9))
        ctx.fillPreserve()
        // A light rim keeps the dark pill visible on a dark stage.
        ctx.setLineWidth(1.5)
        ctx.setSource(RGBA(r: 1, g: 1, b: 1, a: 0.55))
        ctx.stroke()
        ctx.selectFont(family: RegionContentPainter.fontFamily, bold: true)
        var fontSize = fontSize
        ctx.setFontSize(fontSize)
        let width = ctx.textExtents(banner.text).xAdvance
        if width > box.width - 24, width > 0 {
            fontSize *= (box.width - 24) / width
            ctx.setFontSize(fontSize)
        }
        let extents = ctx.textExtents(banner.text)
        let font = ctx.fontExtents()
        ctx.setSource(RGBA(r: 1, g: 1, b: 1, a: 1))
        ctx.newPath()
        ctx.move(to: Point(x: box.midX - extents.xAdvance / 2, y: box.midY + (font.ascent - font.descent) / 2))
        ctx.showText(banner.text)
        ctx.popGroupToSource()
        ctx.paint(alpha: min(1, banner.opacity))
        try ctx.checkStatus("drawing the banner")
    }
}
