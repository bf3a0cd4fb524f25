import PointerCore

/// A grid of frame thumbnails, each captioned with its timestamp: the overview
/// `adaptive-pointer render` writes as `sheet.png`. Thumbnails are added one at a
/// time so the frames themselves never need to be held in memory together.
public final class ContactSheet {
    public let columns: Int
    public let thumbSize: Size
    private let surface: ImageSurface
    private let ctx: CairoContext
    /// Shown behind each thumbnail, where a frame is transparent.
    public let backdrop: RGBA
    static let caption = 18.0
    static let gap = 8.0

    /// Room for `count` thumbnails of frames `frameSize` pixels big, each at most
    /// `thumbWidth` pixels wide.
    /// `backdrop` shows through transparent frames (a desktop-overlay scene).
    public init(count: Int, frameSize: Size, thumbWidth: Double = 256,
                backdrop: RGBA = RGBA(r: 0.5, g: 0.5, b: 0.52)) throws {
        self.backdrop = backdrop
        let n = max(count, 1)
        columns = min(n, n <= 4 ? n : Int(Double(n).squareRoot().rounded(.up)) + 1)
        let rows = (n + columns - 1) / columns
        let w = min(thumbWidth, frameSize.width)
        thumbSize = Size(width: w.rounded(), height: max(1, (w * frameSize.height / max(frameSize.width, 1)).rounded()))
        let cellW = thumbSize.width + Self.gap, cellH = thumbSize.height + Self.caption + Self.gap
        surface = try ImageSurface(width: Int(Double(columns) * cellW + Self.gap),
                                   height: Int(Double(rows) * cellH + Self.gap))
        ctx = try CairoContext(surface: surface)
        ctx.setSource(RGBA(r: 0.16, g: 0.16, b: 0.17))
        ctx.paint()
    }

    /// Draws `image` (a whole frame) into cell `index` with caption `time`.
    public func add(_ image: ImageSurface, time: Double, index: Int) throws {
        let col = index % columns, row = index / columns
        let x = Self.gap + Double(col) * (thumbSize.width + Self.gap)
        let y = Self.gap + Double(row) * (thumbSize.height + Self.caption + Self.gap)
        ctx.save()
        ctx.newPath()
        ctx.rectangle(Rect(x: x, y: y, width: thumbSize.width, height: thumbSize.height))
        ctx.setSource(backdrop)
        ctx.fillPreserve()
        ctx.clip()
        ctx.translate(x, y)
        ctx.scale(thumbSize.width / Double(image.width), thumbSize.height / Double(image.height))
        ctx.setSource(image, x: 0, y: 0)
        ctx.paint()
        ctx.restore()
        ctx.setSource(RGBA(r: 0.9, g: 0.9, b: 0.92))
        ctx.selectFont(family: RegionContentPainter.fontFamily, bold: false)
        ctx.setFontSize(12)
        ctx.newPath()
        ctx.move(to: Point(x: x + 2, y: y + thumbSize.height + 13))
        ctx.showText(String(format: "t = %.3f s", time))
        try ctx.checkStatus("drawing the contact sheet")
    }

    public func writePNG(path: String) throws {
        try surface.writePNG(path: path)
    }
}

import Foundation
