import PointerCore
import Testing

@testable import PointerRendering

/// What a designer checks on a highlighted button and a lifted icon (C14, C15):
/// the highlight's light shows on the platter but leaves the label alone; the
/// lift's specular is soft, clearly visible, under the pointer and grows with
/// the element.
@Suite struct HighlightAndLiftTests {
    static let label = RGBA(r: 0.11, g: 0.11, b: 0.118)

    /// A light bar with a "Bold" text button (dark label) and a B symbol button.
    static var scene: Scene {
        Scene(
            name: "highlight", appearance: .light,
            canvas: Canvas(size: Size(width: 200, height: 60), color: RGBA(r: 0.98, g: 0.98, b: 0.99)),
            regions: [
                Region(
                    id: "text", frame: Rect(x: 10, y: 10, width: 60, height: 37), effect: .highlight,
                    content: RegionContent(label: "Bold", color: label)),
                Region(
                    id: "symbol", frame: Rect(x: 90, y: 10, width: 37, height: 37), effect: .highlight,
                    content: RegionContent(symbol: "bold", color: label)),
            ])
    }

    /// The settled highlight on `id` with the model pointer at `pointer`.
    static func highlighted(_ id: String, _ frame: Rect, pointer: Point) -> PointerFrame {
        let s = 1.08
        let state = RegionState(
            offset: Point(x: (1 - s) * frame.width / 2, y: (1 - s) * frame.height / 2), scale: s, emphasis: 1)
        return Fixtures.frame(
            Fixtures.rounded(frame, radius: 8), pointer: pointer, target: id, effect: .highlight,
            regions: [id: state])
    }

    @Test("C14 the highlight light is visible on the platter, brightest under the pointer")
    func lightVisibleOnPlatter() throws {
        let r = try SceneRenderer(scene: Self.scene, scale: 2)
        let f = Rect(x: 10, y: 10, width: 60, height: 37)
        let img = try r.render(frame: Self.highlighted("text", f, pointer: Point(x: 16, y: 16)))
        // Platter pixels clear of the label: near the pointer (top left) and far from it (bottom right).
        let near = try #require(img.pixel(x: 2 * 17, y: 2 * 15))
        let far = try #require(img.pixel(x: 2 * 64, y: 2 * 42))
        #expect(Int(near.g) - Int(far.g) >= 10, "near the pointer \(near), far from it \(far)")
    }

    @Test("C14 the highlight light never greys a dark label")
    func lightNeverGreysLabel() throws {
        for (id, f) in [
            ("text", Rect(x: 10, y: 10, width: 60, height: 37)), ("symbol", Rect(x: 90, y: 10, width: 37, height: 37)),
        ] {
            let checker = try FrameInvariantChecker(name: "highlight", scene: Self.scene, scale: 2)
            // The pointer right on the label, where the light is strongest.
            try checker.check(Self.highlighted(id, f, pointer: f.center))
            #expect(checker.checked["a"] == 1)
            #expect(checker.findings.isEmpty, "\(id): \(checker.findings)")
        }
    }

    /// An orange lift icon of `side` pt at (20, 20), lifted with the pointer at `pointer`.
    func liftedIcon(side: Double, pointer: Point) throws -> (image: ImageSurface, rest: ImageSurface, frame: Rect) {
        let frame = Rect(x: 20, y: 20, width: side, height: side)
        let scene = Scene(
            canvas: Canvas(size: Size(width: side + 40, height: side + 40), color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(
                    id: "icon", frame: frame, cornerRadius: .points(side * 0.22), effect: .lift,
                    content: RegionContent(fill: Fixtures.orange))
            ])
        let r = try SceneRenderer(scene: scene, scale: 1)
        let s = EffectTuning().liftScale(for: frame.size)
        let state = RegionState(offset: Point(x: (1 - s) * side / 2, y: (1 - s) * side / 2), scale: s, emphasis: 1)
        let lifted = Fixtures.frame(
            Fixtures.rounded(frame, radius: side * 0.22), pointer: pointer, target: "icon",
            effect: .lift, regions: ["icon": state])
        var bare = lifted
        bare.regions["icon"]?.emphasis = 0
        bare.hidden = true
        return (try r.render(frame: lifted), try r.render(frame: bare), frame)
    }

    /// The specular's brightening (green channel, orange has room there) at each pixel of the icon.
    func specularMap(side: Double, pointer: Point) throws -> (peak: Int, at: Point, spread: Int) {
        let (img, rest, frame) = try liftedIcon(side: side, pointer: pointer)
        var peak = 0
        var at = Point.zero
        var spread = 0
        for y in Int(frame.minY + 4)..<Int(frame.maxY - 4) {
            for x in Int(frame.minX + 4)..<Int(frame.maxX - 4) {
                let a = try #require(img.pixel(x: x, y: y))
                let b = try #require(rest.pixel(x: x, y: y))
                let d = Int(a.g) - Int(b.g)
                if d > peak {
                    peak = d
                    at = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                }
                if d >= 6 { spread += 1 }
            }
        }
        return (peak, at, spread)
    }

    @Test("C15 the specular is soft, clearly visible on a 64 pt icon and sits at the pointer's true position")
    func specularVisibleAtPointer() throws {
        let pointer = Point(x: 40, y: 38)
        let s = try specularMap(side: 64, pointer: pointer)
        #expect(s.peak >= 20, "peak brightening \(s.peak)/255 over orange")
        #expect(s.at.distance(to: pointer) <= 3, "brightest at \(s.at), pointer at \(pointer)")
        #expect(s.spread >= 300, "a soft spot, not a dot: \(s.spread) px brightened by 6/255 or more")
    }

    @Test("C15 the specular grows with the element: larger and stronger on a large card")
    func specularGrowsWithSize() throws {
        let small = try specularMap(side: 40, pointer: Point(x: 40, y: 40))
        let large = try specularMap(side: 120, pointer: Point(x: 80, y: 80))
        #expect(large.peak > small.peak, "peak \(small.peak) → \(large.peak)")
        #expect(large.spread > 3 * small.spread, "spread \(small.spread) → \(large.spread) px")
    }
}
