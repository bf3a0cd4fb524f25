import PointerCore
import Testing

@testable import PointerRendering

@Suite struct DamageTests {
    /// A short animation: the pointer glides onto the icon, which lifts; then a menu opens.
    func frames() -> [PointerFrame] {
        var out: [PointerFrame] = []
        for k in 0...6 {
            let t = Double(k) / 6
            let p = Point(x: 40 + 110 * t, y: 120 - 20 * t)
            let s = RegionState(offset: Point(x: -4.5 * t, y: -4.5 * t), scale: 1 + 0.1 * t, emphasis: t)
            out.append(
                Fixtures.frame(
                    Fixtures.circle(at: p), pointer: p, target: k > 2 ? "icon" : nil,
                    effect: k > 2 ? .lift : nil, regions: k > 0 ? ["icon": s] : [:]))
        }
        var last = out[out.count - 1]
        last.menu = ContextMenu(
            region: "icon", items: ["Play", "Share…", "Remove"], frame: Rect(x: 150, y: 100, width: 150, height: 110))
        out.append(last)
        last.menu = nil
        last.regions = ["back": RegionState(scale: 1.08, emphasis: 0.5)]
        out.append(last)
        return out
    }

    /// Cairo clips geometry to the clip box, which can shift antialiased coverage by a
    /// few levels right at a damage seam: allowed, ≤ 6/255 and on ≤ 0.1 % of pixels.
    @Test("repainting only the damage gives the same pixels as a full repaint")
    func damageIsComplete() throws {
        for scale in [1.0, 1.5] {
            let r = try SceneRenderer(scene: Fixtures.stage, scale: scale)
            let incremental = try r.makeCanvasSurface()
            var previous: PointerFrame?
            for f in frames() {
                for rect in r.damage(from: previous, to: f) { try r.draw(frame: f, into: incremental, clip: rect) }
                previous = f
                let full = try r.render(frame: f)
                let diff = try ImageDiff(incremental, full, tolerance: 2)
                #expect(
                    diff.maxChannel <= 6 && diff.over * 1000 <= diff.total,
                    "scale \(scale) frame \(f.target ?? "-") menu \(f.menu != nil): \(diff)")
            }
        }
    }

    @Test("a pointer move damages only around the pointer, whatever the canvas size")
    func damageScalesWithPointer() throws {
        for size in [Size(width: 1920, height: 1080), Size(width: 5120, height: 2880)] {
            let r = try SceneRenderer(scene: Fixtures.uniform(.white, size: size), scale: 2)
            let a = Fixtures.frame(Fixtures.circle(at: Point(x: 500, y: 500)))
            let b = Fixtures.frame(Fixtures.circle(at: Point(x: 506, y: 502)))
            let area = r.damage(from: a, to: b).reduce(0) { $0 + $1.width * $1.height }
            #expect(area < 40 * 40)
        }
    }
}

/// Per-pixel comparison of two surfaces of the same size.
struct ImageDiff: CustomStringConvertible {
    var maxChannel = 0
    /// Pixels whose largest channel difference exceeds the tolerance.
    var over = 0
    var total = 0
    var worst = (x: 0, y: 0)
    /// Bounds of the pixels over tolerance.
    var box = (x0: Int.max, y0: Int.max, x1: -1, y1: -1)

    init(_ a: ImageSurface, _ b: ImageSurface, tolerance: Int = 0) throws {
        guard a.width == b.width, a.height == b.height else {
            maxChannel = 255
            over = max(a.width * a.height, 1)
            total = over
            return
        }
        total = a.width * a.height
        for y in 0..<a.height {
            for x in 0..<a.width {
                guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { continue }
                // Compare premultiplied values so fully transparent colours don't count.
                func pm(_ c: UInt8, _ al: UInt8) -> Int { Int(c) * Int(al) / 255 }
                let d = max(
                    abs(pm(p.r, p.a) - pm(q.r, q.a)), abs(pm(p.g, p.a) - pm(q.g, q.a)),
                    abs(pm(p.b, p.a) - pm(q.b, q.a)), abs(Int(p.a) - Int(q.a)))
                if d > maxChannel {
                    maxChannel = d
                    worst = (x, y)
                }
                if d > tolerance {
                    over += 1
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                }
            }
        }
    }

    var description: String {
        "max channel difference \(maxChannel) at \(worst), \(over)/\(total) pixels over tolerance"
            + (over > 0 ? " within x \(box.x0)…\(box.x1), y \(box.y0)…\(box.y1)" : "")
    }
}

@Suite struct OutputSizedCanvasTests {
    @Test("an output-sized transparent canvas damages and draws the pointer anywhere on the output")
    func outputSized() throws {
        let scene = Scene(regions: [
            Region(id: "b", frame: Rect(x: 10, y: 10, width: 37, height: 37), effect: .highlight)
        ])
        let r = try SceneRenderer(scene: scene, scale: 1)
        r.outputSize = Size(width: 400, height: 300)
        let a = Fixtures.frame(Fixtures.circle(at: Point(x: 300, y: 200)))
        let b = Fixtures.frame(Fixtures.circle(at: Point(x: 305, y: 200)))
        let rects = r.damage(from: a, to: b)
        #expect(rects.contains { $0.contains(Point(x: 305, y: 200)) })
        let surface = try r.makeCanvasSurface()
        #expect(surface.width == 400)
        for rect in rects { try r.draw(frame: b, into: surface, clip: rect) }
        #expect(try #require(surface.pixel(x: 305, y: 200)).a > 60)
        #expect(try #require(surface.pixel(x: 100, y: 100)).a == 0)
        // Without an output size the damage is not cut to the regions' bounds.
        let bare = try SceneRenderer(scene: scene, scale: 1)
        #expect(bare.damage(from: a, to: b).contains { $0.contains(Point(x: 305, y: 200)) })
    }
}

@Suite struct EffectDamageTests {
    @Test(
        "C16 a hovered card's damage is where its shadow can show: every pixel the hover changes, little more, and less above the card than below (the shadow drops)"
    )
    func hoverDamageFollowsTheShadow() throws {
        let card = Rect(x: 150, y: 100, width: 100, height: 60)
        let scene = Scene(
            name: "card", appearance: .light,
            canvas: Canvas(size: Size(width: 400, height: 300), color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(
                    id: "card", frame: card, cornerRadius: .points(12),
                    effect: .hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay)),
                    content: RegionContent(fill: .white, label: "Card"))
            ])
        let r = try SceneRenderer(scene: scene, scale: 1)
        let p = Point(x: 200, y: 130)
        let effect = PointerEffect.hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay))
        let rest = Fixtures.frame(Fixtures.circle(at: p), target: "card", effect: effect)
        let hovered = Fixtures.frame(
            Fixtures.circle(at: p), target: "card", effect: effect,
            regions: ["card": RegionState(offset: Point(x: -2.5, y: -1.5), scale: 1.05, emphasis: 1)])
        _ = try r.render(frame: hovered) // the shadow is made on first use, then known
        let a = try r.render(frame: rest)
        let b = try r.render(frame: hovered)
        let damage = r.damage(from: rest, to: hovered)
        var changed: Rect?
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                let px = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                #expect(damage.contains { $0.contains(px.center) }, "pixel \(x), \(y) changed outside the damage")
                changed = changed.map { $0.union(px) } ?? px
            }
        }
        let shown = try #require(changed)
        let reach = try #require(damage.dropFirst().reduce(damage.first) { $0?.union($1) })
        print("hover damage \(reach), changed pixels \(shown)")
        #expect(
            reach.width * reach.height <= 1.5 * shown.width * shown.height,
            "damage \(reach) against changed pixels \(shown)")
        #expect(card.minY - reach.minY < reach.maxY - card.maxY, "damage \(reach) around \(card)")
    }
}
