@testable import PointerCore
@testable import SceneLint

/// Builders for lint tests: scenes written in Swift, shapes as normalised paths.
enum LintFixtures {
    static func scene(_ regions: [Region], modifiers: [ModifierRule] = [], canvas: Canvas = Canvas()) -> Scene {
        // Give each region a distinct location so findings can be traced and sorted.
        var line = 1
        func locate(_ r: Region) -> Region {
            var r = r
            line += 1
            r.location = SourceLocation(file: "test.json", line: line, column: 5)
            r.regions = r.regions.map(locate)
            return r
        }
        return Scene(name: "test", canvas: canvas, regions: regions.map(locate), modifiers: modifiers)
    }

    static func findings(
        _ regions: [Region], rule: String, images: (any SceneImageSource)? = nil,
        modifiers: [ModifierRule] = [], canvas: Canvas = Canvas()
    ) -> [LintFinding] {
        SceneLinter.lint(scene(regions, modifiers: modifiers, canvas: canvas), images: images).filter {
            $0.rule == rule
        }
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [PathElement] {
        [
            .move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
            .line(Point(x: x, y: y + h)), .close,
        ]
    }

    /// A circle from four cubic arcs, clockwise (reverse = counter-clockwise, for holes).
    static func circle(cx: Double, cy: Double, r: Double, reverse: Bool = false) -> [PathElement] {
        let k = 0.5522847498 * r
        func p(_ x: Double, _ y: Double) -> Point { Point(x: cx + x, y: cy + y) }
        var out: [PathElement] = [.move(p(r, 0))]
        if !reverse {
            out += [
                .cubic(p(r, k), p(k, r), p(0, r)), .cubic(p(-k, r), p(-r, k), p(-r, 0)),
                .cubic(p(-r, -k), p(-k, -r), p(0, -r)), .cubic(p(k, -r), p(r, -k), p(r, 0)),
            ]
        } else {
            out += [
                .cubic(p(r, -k), p(k, -r), p(0, -r)), .cubic(p(-k, -r), p(-r, -k), p(-r, 0)),
                .cubic(p(-r, k), p(-k, r), p(0, r)), .cubic(p(k, r), p(r, k), p(r, 0)),
            ]
        }
        return out + [.close]
    }

    /// A plus sign `size` across with arms `arm` thick, as one outline.
    static func cross(size: Double, arm: Double) -> [PathElement] {
        let a = (size - arm) / 2
        let b = (size + arm) / 2
        let s = size
        let pts = [(a, 0), (b, 0), (b, a), (s, a), (s, b), (b, b), (b, s), (a, s), (a, b), (0, b), (0, a), (a, a)]
        return [.move(Point(x: pts[0].0, y: pts[0].1))] + pts.dropFirst().map { .line(Point(x: $0.0, y: $0.1)) } + [
            .close
        ]
    }

    static func pathShape(_ elements: [PathElement], size: Double, anchor: Point? = nil) -> ShapeSpec {
        .path(PathShape(data: "test", elements: elements, size: Size(width: size, height: size), anchor: anchor))
    }

    static let fill = RegionContent(fill: RGBA(r: 0.2, g: 0.4, b: 0.9))
}

/// Synthetic images for the corner-radius rules.
struct FakeImages: SceneImageSource {
    var images: [String: RasterImage]
    func image(atPath path: String) -> RasterImage? { images[path] }

    /// A `size`-pixel square, transparent outside a rounded rect of `radius` (pixels) on `background`.
    static func roundedSquare(
        size: Int, radius: Double, shape: (UInt8, UInt8, UInt8, UInt8) = (255, 149, 0, 255),
        background: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    ) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let s = Double(size)
                let cx = min(max(px, radius), s - radius)
                let cy = min(max(py, radius), s - radius)
                let inside = (px - cx) * (px - cx) + (py - cy) * (py - cy) <= radius * radius
                let c = inside ? shape : background
                let o = (y * size + x) * 4
                bytes[o] = c.0
                bytes[o + 1] = c.1
                bytes[o + 2] = c.2
                bytes[o + 3] = c.3
            }
        }
        return RasterImage(width: size, height: size, rgba: bytes)
    }
}
