import Foundation
import PointerCore
import Testing

@testable import PointerRendering

/// Renders compared with reviewed PNGs in References/.
///
/// Tolerance: a pixel matches when every premultiplied channel is within 8/255,
/// and a render matches when at most 0.5 % of its pixels don't. The slack is for
/// Cairo/pixman and FreeType versions, which may round antialiased edges and glyph
/// hinting differently; anything a person would see (a moved edge, a missing
/// shadow, a wrong colour) changes far more pixels than that.
/// Set RECORD_REFERENCES=1 to rewrite the references (then look at each one).
@Suite struct ReferenceImageTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "References")

    func check(_ name: String, _ image: ImageSurface) throws {
        let path = Self.directory.appendingPathComponent(name + ".png").path
        if ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1" {
            try image.writePNG(path: path)
            return
        }
        let reference = try ImageSurface.loadPNG(path: path)
        let diff = try ImageDiff(image, reference, tolerance: 8)
        if diff.over * 200 > diff.total {
            Fixtures.write(image, "actual-" + name)
        }
        #expect(diff.over * 200 <= diff.total, "\(name): \(diff) (actual written to the temp directory)")
    }

    @Test("reference: lift with shadow, radiosity and specular; hover with scale and tint (scale 1)")
    func liftAndHover() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 1)
        let frame = Fixtures.frame(
            Fixtures.rounded(Rect(x: 100, y: 60, width: 90, height: 90), radius: 20),
            pointer: Point(x: 165, y: 80), target: "icon", effect: .lift,
            regions: [
                "icon": RegionState(offset: Point(x: -4.5, y: -4.5), scale: 1.1, emphasis: 1),
                "card": RegionState(offset: Point(x: -2.5, y: -1.5), scale: 1.05, emphasis: 1),
            ])
        try check("lift-hover@1x", r.render(frame: frame))
    }

    @Test("reference: highlight behind a toolbar glyph (scale 2)")
    func highlight() throws {
        let r = try SceneRenderer(scene: Fixtures.stage, scale: 2)
        let frame = Fixtures.frame(
            Fixtures.rounded(Rect(x: 11, y: 9, width: 39, height: 39), radius: 8),
            pointer: Point(x: 40, y: 36), target: "back", effect: .highlight,
            regions: ["back": RegionState(offset: Point(x: -1.2, y: -1.1), scale: 1.08, emphasis: 1)])
        let image = try ImageSurface(width: 140, height: 120)
        try r.draw(frame: frame, into: image, origin: .zero)
        try check("highlight@2x", image)
    }

    @Test("reference: circle → crosshair morph midpoint (scale 2)")
    func morph() throws {
        let scene = Fixtures.uniform(.white, size: Size(width: 40, height: 40))
        let r = try SceneRenderer(scene: scene, scale: 2)
        let v = VisiblePointer(
            kind: .path, name: "crosshair",
            frame: Rect(center: Point(x: 20, y: 20), size: Size(width: 21.5, height: 21.5)),
            cornerRadius: 0, geometry: .path(BuiltinShapes.shape(.crosshair)),
            transition: ShapeTransition(
                from: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5),
                fromKind: .circle, progress: 0.5))
        try check("morph-mid@2x", r.render(frame: Fixtures.frame(v)))
    }

    @Test("reference: dark scene with an open context menu (scale 1.5)")
    func darkMenu() throws {
        var scene = Fixtures.stage
        scene.appearance = .dark
        scene.canvas.color = RGBA(r: 0.11, g: 0.11, b: 0.12)
        let r = try SceneRenderer(scene: scene, scale: 1.5)
        let menu = ContextMenu(
            region: "icon", items: ["Play", "Share…", "Remove"], frame: Rect(x: 150, y: 100, width: 150, height: 105))
        let frame = Fixtures.frame(Fixtures.circle(at: Point(x: 200, y: 160)), menu: menu)
        try check("dark-menu@1.5x", r.render(frame: frame))
    }
}
