import Foundation
import PointerCore

/// A grid of frame thumbnails, each captioned: the overview `adaptive-pointer
/// render` writes as `sheet.png`. Each thumbnail may show a crop of its frame
/// (e.g. the area around the pointer) so a design review can see the morph, not
/// just a tiny full canvas. Thumbnails are added one at a time so the frames
/// themselves never need to be held in memory together.
public final class ContactSheet {
    public let columns: Int
    public let thumbSize: Size
    private let surface: ImageSurface
    private let ctx: CairoContext
    /// Shown behind each thumbnail, where a frame is transparent.
    public let backdrop: RGBA
    static let caption = 34.0
    static let gap = 10.0

    /// Room for `count` thumbnails of `thumbSize` pixels, at most `maxColumns` a row.
    /// `backdrop` shows through transparent frames (a desktop-overlay scene).
    public init(
        count: Int, thumbSize: Size, maxColumns: Int = 4,
        backdrop: RGBA = RGBA(r: 0.5, g: 0.5, b: 0.52)
    ) throws {
        self.backdrop = backdrop
        let n = max(count, 1)
        columns = max(1, min(n, maxColumns))
        let rows = (n + columns - 1) / columns
        self.thumbSize = Size(width: max(1, thumbSize.width.rounded()), height: max(1, thumbSize.height.rounded()))
        let cellW = self.thumbSize.width + Self.gap
        let cellH = self.thumbSize.height + Self.caption + Self.gap
        surface = try ImageSurface(
            width: Int(Double(columns) * cellW + Self.gap),
            height: Int(Double(rows) * cellH + Self.gap))
        ctx = try CairoContext(surface: surface)
        ctx.setSource(RGBA(r: 0.16, g: 0.16, b: 0.17))
        ctx.paint()
    }

    /// Room for `count` whole frames of `frameSize` pixels, each at most `thumbWidth` wide.
    public convenience init(
        count: Int, frameSize: Size, thumbWidth: Double = 256,
        backdrop: RGBA = RGBA(r: 0.5, g: 0.5, b: 0.52)
    ) throws {
        let n = max(count, 1)
        let w = min(thumbWidth, frameSize.width)
        let h = max(1, w * frameSize.height / max(frameSize.width, 1))
        let columns = n <= 4 ? n : Int(Double(n).squareRoot().rounded(.up)) + 1
        try self.init(count: count, thumbSize: Size(width: w, height: h), maxColumns: columns, backdrop: backdrop)
    }

    /// Draws `source` (pixels of `image`; the whole image when nil) into cell
    /// `index`, captioned with `time` and an optional second line.
    public func add(_ image: ImageSurface, time: Double, index: Int, source: Rect? = nil, note: String? = nil) throws {
        let src = source ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        let col = index % columns
        let row = index / columns
        let x = Self.gap + Double(col) * (thumbSize.width + Self.gap)
        let y = Self.gap + Double(row) * (thumbSize.height + Self.caption + Self.gap)
        ctx.save()
        ctx.newPath()
        ctx.rectangle(Rect(x: x, y: y, width: thumbSize.width, height: thumbSize.height))
        ctx.setSource(backdrop)
        ctx.fillPreserve()
        ctx.clip()
        ctx.translate(x, y)
        ctx.scale(thumbSize.width / max(src.width, 1), thumbSize.height / max(src.height, 1))
        ctx.setSource(image, x: -src.minX, y: -src.minY)
        ctx.paint()
        ctx.restore()
        ctx.setSource(RGBA(r: 0.92, g: 0.92, b: 0.94))
        ctx.selectFont(family: RegionContentPainter.fontFamily, bold: true)
        ctx.setFontSize(12)
        ctx.newPath()
        ctx.move(to: Point(x: x + 2, y: y + thumbSize.height + 14))
        ctx.showText(String(format: "t = %.3f s", time))
        if let note {
            ctx.setSource(RGBA(r: 0.7, g: 0.7, b: 0.74))
            ctx.selectFont(family: RegionContentPainter.fontFamily, bold: false)
            ctx.setFontSize(11)
            ctx.newPath()
            ctx.move(to: Point(x: x + 2, y: y + thumbSize.height + 28))
            ctx.showText(note)
        }
        try ctx.checkStatus("drawing the contact sheet")
    }

    public func writePNG(path: String) throws {
        try surface.writePNG(path: path)
    }

    /// The sheet encoded as PNG bytes (for an atomic write by the caller).
    public func pngData() throws -> [UInt8] {
        try surface.pngData()
    }
}
