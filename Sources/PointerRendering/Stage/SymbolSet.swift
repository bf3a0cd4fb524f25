import PointerCore

/// The built-in glyphs a region's `content.symbol` can name, drawn with Cairo paths
/// in a 24 × 24 design box (strokes 2 units, round caps and joins) and scaled to fit.
///
/// Names: chevron-left, chevron-right, chevron-up, chevron-down, plus, minus, xmark,
/// checkmark, ellipsis, share, trash, music, play, pause, search, gear, bell,
/// calendar, map-pin, folder, star, heart, photo, mail, message, phone, camera,
/// bold, italic, underline, list, grid, compass, house, person.
/// An unknown name draws nothing (the loader/linter reports it).
public enum SymbolSet {
    /// The list lives in PointerCore so the scene loader can check names.
    public static let names: [String] = SymbolNames.all

    public static func contains(_ name: String) -> Bool { names.contains(name) }

    /// Draws `name` centred in `box` (current user space) in `color`.
    static func draw(_ name: String, in box: Rect, color: RGBA, ctx: CairoContext) {
        guard contains(name) else { return }
        let side = min(box.width, box.height)
        ctx.save()
        ctx.translate(box.midX - side / 2, box.midY - side / 2)
        ctx.scale(side / 24, side / 24)
        ctx.setSource(color)
        ctx.setLineWidth(2)
        ctx.setRoundCapsAndJoins()
        let pen = Pen(ctx: ctx)
        pen.draw(name, color: color)
        ctx.restore()
    }

    private struct Pen {
        let ctx: CairoContext

        func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

        func polyline(_ pts: [(Double, Double)], width: Double = 2) {
            guard let f = pts.first else { return }
            ctx.newPath()
            ctx.move(to: point(f.0, f.1))
            for p in pts.dropFirst() { ctx.line(to: point(p.0, p.1)) }
            ctx.setLineWidth(width)
            ctx.stroke()
        }
        func polygon(_ pts: [(Double, Double)]) {
            ctx.newPath()
            ctx.polygon(pts.map { point($0.0, $0.1) })
            ctx.fill()
        }
        func strokeRounded(_ x: Double, _ y: Double, _ w: Double, _ h: Double, r: Double, width: Double = 2) {
            ctx.newPath()
            ctx.roundedRect(Rect(x: x, y: y, width: w, height: h), radius: r)
            ctx.setLineWidth(width)
            ctx.stroke()
        }
        func fillRounded(_ x: Double, _ y: Double, _ w: Double, _ h: Double, r: Double) {
            ctx.newPath()
            ctx.roundedRect(Rect(x: x, y: y, width: w, height: h), radius: r)
            ctx.fill()
        }
        func strokeCircle(_ x: Double, _ y: Double, _ r: Double, width: Double = 2) {
            ctx.newPath()
            ctx.circle(point(x, y), r)
            ctx.setLineWidth(width)
            ctx.stroke()
        }
        func fillCircle(_ x: Double, _ y: Double, _ r: Double) {
            ctx.newPath()
            ctx.circle(point(x, y), r)
            ctx.fill()
        }
        func letter(_ s: String, bold: Bool, italic: Bool) {
            ctx.selectFont(family: "DejaVu Sans", bold: bold, italic: italic)
            ctx.setFontSize(19)
            let e = ctx.textExtents(s)
            ctx.newPath()
            ctx.move(to: point(12 - e.width / 2 - e.xBearing, 11 - e.height / 2 - e.yBearing))
            ctx.showText(s)
        }

        func draw(_ name: String, color: RGBA) {
            switch name {
            case "chevron-left": polyline([(15, 4.5), (7.5, 12), (15, 19.5)], width: 2.6)
            case "chevron-right": polyline([(9, 4.5), (16.5, 12), (9, 19.5)], width: 2.6)
            case "chevron-up": polyline([(4.5, 15.5), (12, 8), (19.5, 15.5)], width: 2.6)
            case "chevron-down": polyline([(4.5, 8.5), (12, 16), (19.5, 8.5)], width: 2.6)
            case "plus":
                polyline([(12, 4.5), (12, 19.5)], width: 2.4)
                polyline([(4.5, 12), (19.5, 12)], width: 2.4)
            case "minus": polyline([(4.5, 12), (19.5, 12)], width: 2.4)
            case "xmark":
                polyline([(6, 6), (18, 18)], width: 2.4)
                polyline([(18, 6), (6, 18)], width: 2.4)
            case "checkmark": polyline([(4.5, 12.5), (9.5, 17.5), (19.5, 6.5)], width: 2.6)
            case "ellipsis":
                fillCircle(5, 12, 2)
                fillCircle(12, 12, 2)
                fillCircle(19, 12, 2)
            case "share":
                polyline([(8.5, 9.5), (5.5, 9.5), (5.5, 21), (18.5, 21), (18.5, 9.5), (15.5, 9.5)])
                polyline([(12, 2.5), (12, 14.5)])
                polyline([(8, 6.5), (12, 2.5), (16, 6.5)])
            case "trash":
                polyline([(3.5, 6), (20.5, 6)])
                polyline([(9, 6), (9, 3.5), (15, 3.5), (15, 6)])
                polyline([(5.5, 6), (6.8, 20.5), (17.2, 20.5), (18.5, 6)])
                polyline([(10, 10), (10, 16.5)], width: 1.6)
                polyline([(14, 10), (14, 16.5)], width: 1.6)
            case "music":
                ctx.save()
                ctx.translate(7.3, 18)
                ctx.scale(1.2, 1)
                fillCircle(0, 0, 2.6)
                ctx.restore()
                ctx.save()
                ctx.translate(17.3, 16)
                ctx.scale(1.2, 1)
                fillCircle(0, 0, 2.6)
                ctx.restore()
                polyline([(10.2, 18), (10.2, 5.5)], width: 1.8)
                polyline([(20.2, 16), (20.2, 3.5)], width: 1.8)
                polygon([(9.3, 4.8), (21.1, 2.4), (21.1, 5.6), (9.3, 8)])
            case "play":
                ctx.newPath()
                ctx.polygon([point(7.5, 4.5), point(19.5, 12), point(7.5, 19.5)])
                ctx.fillPreserve()
                ctx.setLineWidth(2)
                ctx.stroke()
            case "pause":
                fillRounded(5.5, 4, 4.5, 16, r: 1.2)
                fillRounded(14, 4, 4.5, 16, r: 1.2)
            case "search":
                strokeCircle(10.5, 10.5, 6.5, width: 2.2)
                polyline([(15.4, 15.4), (20.5, 20.5)], width: 2.6)
            case "gear":
                for i in 0..<8 {
                    let a = Double(i) * .pi / 4
                    polyline([(12 + 7 * cos(a), 12 + 7 * sin(a)), (12 + 9.6 * cos(a), 12 + 9.6 * sin(a))], width: 3.2)
                }
                strokeCircle(12, 12, 6.5, width: 2.6)
                strokeCircle(12, 12, 2.4, width: 1.8)
            case "bell":
                ctx.newPath()
                ctx.move(to: point(6, 16.5))
                ctx.line(to: point(6, 11))
                ctx.curve(to: point(12, 4.5), point(6, 7.2), point(8.6, 4.5))
                ctx.curve(to: point(18, 11), point(15.4, 4.5), point(18, 7.2))
                ctx.line(to: point(18, 16.5))
                ctx.line(to: point(20, 18.5))
                ctx.line(to: point(4, 18.5))
                ctx.closePath()
                ctx.fill()
                polyline([(12, 2.8), (12, 4.5)])
                fillCircle(12, 20.3, 2)
            case "calendar":
                strokeRounded(3.5, 5, 17, 15.5, r: 2.5)
                fillRounded(3.5, 5, 17, 4.5, r: 2)
                polyline([(8, 2.8), (8, 6)])
                polyline([(16, 2.8), (16, 6)])
                for (x, y) in [(7.5, 12.5), (12, 12.5), (16.5, 12.5), (7.5, 16.5), (12, 16.5)] {
                    ctx.newPath()
                    ctx.rectangle(Rect(x: x - 1.2, y: y - 1.2, width: 2.4, height: 2.4))
                    ctx.fill()
                }
            case "map-pin":
                ctx.newPath()
                ctx.arc(center: point(12, 9.5), radius: 7, from: 0.78 * .pi, to: 2.22 * .pi)
                ctx.line(to: point(12, 22))
                ctx.closePath()
                ctx.circle(point(12, 9.5), 2.6)
                ctx.setEvenOdd(true)
                ctx.fill()
                ctx.setEvenOdd(false)
            case "folder":
                ctx.newPath()
                ctx.polygon([
                    point(3, 6), point(9.5, 6), point(11.5, 8.5), point(21, 8.5), point(21, 19.5), point(3, 19.5),
                ])
                ctx.setLineWidth(2)
                ctx.stroke()
                polyline([(3, 11), (21, 11)], width: 1.6)
            case "star":
                var pts: [(Double, Double)] = []
                for i in 0..<10 {
                    let a = -Double.pi / 2 + Double(i) * .pi / 5
                    let r = i % 2 == 0 ? 10.0 : 4.2
                    pts.append((12 + r * cos(a), 12.8 + r * sin(a)))
                }
                ctx.newPath()
                ctx.polygon(pts.map { point($0.0, $0.1) })
                ctx.fillPreserve()
                ctx.setLineWidth(1)
                ctx.stroke()
            case "heart":
                ctx.newPath()
                ctx.move(to: point(12, 20.5))
                ctx.curve(to: point(2.8, 10), point(7, 16.8), point(2.8, 13.6))
                ctx.curve(to: point(7.6, 4.3), point(2.8, 6.4), point(5, 4.3))
                ctx.curve(to: point(12, 7.4), point(9.8, 4.3), point(11.2, 5.8))
                ctx.curve(to: point(16.4, 4.3), point(12.8, 5.8), point(14.2, 4.3))
                ctx.curve(to: point(21.2, 10), point(19, 4.3), point(21.2, 6.4))
                ctx.curve(to: point(12, 20.5), point(21.2, 13.6), point(17, 16.8))
                ctx.closePath()
                ctx.fill()
            case "photo":
                strokeRounded(2.5, 4.5, 19, 15, r: 2.5)
                polygon([(5, 17.5), (10, 11), (13.5, 15), (15.5, 13), (19, 17.5)])
                fillCircle(16, 8.8, 1.7)
            case "mail":
                strokeRounded(2.5, 5.5, 19, 13.5, r: 2.2)
                polyline([(3.5, 7), (12, 13.5), (20.5, 7)], width: 1.8)
            case "message":
                fillRounded(2.5, 3.5, 19, 14, r: 7)
                polygon([(6, 15), (4.2, 21), (11.5, 16.5)])
            case "phone":
                ctx.newPath()
                ctx.move(to: point(7.2, 3.2))
                ctx.curve(to: point(20.8, 16.8), point(2.2, 8.5), point(13.5, 22))
                ctx.setLineWidth(4.2)
                ctx.stroke()
                fillRounded(4.4, 2.2, 5.2, 6.8, r: 2.2)
                ctx.save()
                ctx.translate(18.3, 17.1)
                ctx.rotate(degrees: 90)
                fillRounded(-2.5, -3.4, 5.2, 6.8, r: 2.2)
                ctx.restore()
            case "camera":
                ctx.newPath()
                ctx.polygon([point(7.5, 7.5), point(9.3, 4.5), point(14.7, 4.5), point(16.5, 7.5)])
                ctx.fill()
                strokeRounded(2.5, 7, 19, 13, r: 3)
                strokeCircle(12, 13.5, 3.6)
            case "bold": letter("B", bold: true, italic: false)
            case "italic": letter("I", bold: false, italic: true)
            case "underline":
                ctx.save()
                ctx.translate(0, -1.5)
                letter("U", bold: false, italic: false)
                ctx.restore()
                polyline([(6, 21), (18, 21)], width: 1.8)
            case "list":
                for y in [6.0, 12, 18] {
                    fillCircle(4.5, y, 1.5)
                    polyline([(9, y), (20.5, y)])
                }
            case "grid":
                for (x, y) in [(3.5, 3.5), (13, 3.5), (3.5, 13), (13, 13)] { fillRounded(x, y, 7.5, 7.5, r: 2) }
            case "compass":
                strokeCircle(12, 12, 9.5)
                polygon([(16.8, 7.2), (13.4, 13.4), (10.6, 10.6)])
                ctx.save()
                ctx.setSource(RGBA(r: color.r, g: color.g, b: color.b, a: color.a * 0.45))
                polygon([(7.2, 16.8), (10.6, 10.6), (13.4, 13.4)])
                ctx.restore()
            case "house":
                polyline([(3, 11.5), (12, 3.5), (21, 11.5)])
                polyline([(5.5, 9.5), (5.5, 20.5), (18.5, 20.5), (18.5, 9.5)])
                fillRounded(10, 14, 4, 6.5, r: 0.8)
            case "person":
                fillCircle(12, 7.5, 4.2)
                ctx.newPath()
                ctx.move(to: point(3.5, 21))
                ctx.curve(to: point(20.5, 21), point(4, 12.5), point(20, 12.5))
                ctx.closePath()
                ctx.fill()
            default: break
            }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
