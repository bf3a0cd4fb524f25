import Foundation
import PointerCore
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// Each effect drawn on the GPU against Cairo, where it shows: the element
/// and its effects' reach, at scale 2 (≥ 99 % of those pixels within 12/255).
/// A GL renderer missing an effect, or drawing it in the wrong place or
/// strength, fails here even when the whole canvas would still pass.
@Suite("GL effects match Cairo")
struct EffectParityTests {
    static let orange = RGBA(r: 1, g: 0.584, b: 0)

    /// A light stage: a highlight button, a lift icon, a hover card with each tint,
    /// and a dark panel (the material on dark).
    static var stage: Scene {
        Scene(
            name: "effects", appearance: .light,
            canvas: Canvas(size: Size(width: 420, height: 240), color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(
                    id: "back", frame: Rect(x: 12, y: 10, width: 37, height: 37), effect: .highlight,
                    content: RegionContent(symbol: "chevron-left", color: RGBA(r: 0, g: 0.478, b: 1))),
                Region(
                    id: "icon", frame: Rect(x: 100, y: 60, width: 90, height: 90), cornerRadius: .points(20),
                    effect: .lift, content: RegionContent(fill: orange, symbol: "music")),
                Region(
                    id: "card", frame: Rect(x: 210, y: 20, width: 100, height: 60), cornerRadius: .points(12),
                    effect: .hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay)),
                    content: RegionContent(fill: .white, label: "Card")),
                Region(
                    id: "under", frame: Rect(x: 210, y: 110, width: 100, height: 60), cornerRadius: .points(12),
                    effect: .hover(HoverStyle(scale: 1, shadow: false, tint: .underlay)),
                    content: RegionContent(fill: RGBA(r: 0.2, g: 0.5, b: 0.9), label: "Under")),
                Region(
                    id: "dark", frame: Rect(x: 330, y: 20, width: 80, height: 200), cornerRadius: .points(0),
                    effect: EffectSpec.none, content: RegionContent(fill: RGBA(r: 0.1, g: 0.1, b: 0.12))),
            ])
    }

    static func circle(at p: Point, scale: Double = 1, opacity: Double = 1) -> VisiblePointer {
        VisiblePointer(
            kind: .circle, frame: Rect(center: p, size: Size(width: 19, height: 19)), cornerRadius: 9.5,
            opacity: opacity, scale: scale,
            geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5))
    }

    static func rounded(_ frame: Rect, radius: Double, scale: Double = 1) -> VisiblePointer {
        VisiblePointer(
            kind: .roundedRect, frame: frame, cornerRadius: radius, scale: scale,
            geometry: .roundedRect(size: frame.size, cornerRadius: radius))
    }

    static func frame(
        _ v: VisiblePointer, pointer: Point? = nil, target: String? = nil, effect: PointerEffect? = nil,
        regions: [String: RegionState] = [:], menu: ContextMenu? = nil
    ) -> PointerFrame {
        PointerFrame(
            time: 0, pointer: pointer ?? v.frame.center, visible: v, target: target, effect: effect, menu: menu,
            regions: regions)
    }

    /// GL and Cairo draws of `frame` compared over `area` (canvas pt).
    static func compare(
        _ frame: PointerFrame, over area: Rect, scene: Scene = stage, scale: Double = 2,
        _ comment: String
    ) throws {
        let context = try GLTestSupport.context()
        let cairo = try SceneRenderer(scene: scene, scale: scale)
        let gl = try GLSceneRenderer(
            scene: scene, scale: scale, context: context,
            shaders: try ShaderSources.folder(GLTestSupport.shaderFolder))
        let a = try cairo.render(frame: frame)
        let b = try gl.render(frame: frame)
        let c = try PixelComparison(a, b, region: GLTestSupport.pixels(area, scale: scale))
        #expect(c.share >= 0.99, "\(comment): \(c)")
        // The area must show the effect at all: it differs from the stage at rest.
        let still = try cairo.render(frame: nil)
        let shown = try PixelComparison(still, a, region: GLTestSupport.pixels(area, scale: scale))
        #expect(shown.share < 0.99, "\(comment): the fixture does not show the effect (\(shown))")
    }

    @Test("C15 lift: the shadow, radiosity and specular made on the GPU match Cairo's")
    func lift() throws {
        let state = RegionState(offset: Point(x: -4.5, y: -4.5), scale: 1.1, emphasis: 1)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 100, y: 60, width: 90, height: 90), radius: 20),
                pointer: Point(x: 160, y: 90), target: "icon", effect: .lift, regions: ["icon": state]),
            over: Rect(x: 60, y: 20, width: 170, height: 180), "lifted icon")
        // Half way: the pointer fading out under the rising element.
        let half = RegionState(offset: Point(x: -2.25, y: -2.25), scale: 1.05, emphasis: 0.5)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 100, y: 60, width: 90, height: 90), radius: 20),
                pointer: Point(x: 120, y: 130), target: "icon", effect: .lift, regions: ["icon": half]),
            over: Rect(x: 60, y: 20, width: 170, height: 180), "half-lifted icon")
    }

    @Test("C14 highlight: the platter behind the content, its light on the platter, the content scaled")
    func highlight() throws {
        let state = RegionState(offset: Point(x: -1.5, y: -1.5), scale: 1.08, emphasis: 1)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 12, y: 10, width: 37, height: 37), radius: 8),
                pointer: Point(x: 36, y: 22), target: "back", effect: .highlight, regions: ["back": state]),
            over: Rect(x: 4, y: 2, width: 53, height: 53), "highlighted button")
        // Pressed: everything scaled down towards the centre.
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 12, y: 10, width: 37, height: 37), radius: 8, scale: 0.9),
                pointer: Point(x: 36, y: 22), target: "back", effect: .highlight, regions: ["back": state]),
            over: Rect(x: 4, y: 2, width: 53, height: 53), "pressed highlight")
    }

    @Test("C16 hover: scale with its shadow, overlay and underlay tints, the pointer on top")
    func hover() throws {
        let card = RegionState(offset: Point(x: -2.5, y: -1.5), scale: 1.05, emphasis: 1)
        try Self.compare(
            Self.frame(
                Self.circle(at: Point(x: 290, y: 60)), target: "card",
                effect: .hover(HoverStyle(scale: 1.05, shadow: true, tint: .overlay)), regions: ["card": card]),
            over: Rect(x: 190, y: 0, width: 140, height: 105), "hovered card (overlay)")
        try Self.compare(
            Self.frame(
                Self.circle(at: Point(x: 290, y: 150)), target: "under",
                effect: .hover(HoverStyle(scale: 1, shadow: false, tint: .underlay)),
                regions: ["under": RegionState(emphasis: 1)]),
            over: Rect(x: 200, y: 100, width: 120, height: 80), "hovered card (underlay)")
    }

    @Test("D20 the material over light, dark, an edge and mid grey, pressed")
    func material() throws {
        for (p, name) in [
            (Point(x: 60, y: 200), "light"), (Point(x: 370, y: 120), "dark"), (Point(x: 330, y: 200), "edge"),
        ] {
            try Self.compare(
                Self.frame(Self.circle(at: p)), over: Rect(center: p, size: Size(width: 30, height: 30)),
                "pointer over \(name)")
            try Self.compare(
                Self.frame(Self.circle(at: p, scale: 0.88)), over: Rect(center: p, size: Size(width: 30, height: 30)),
                "pressed pointer over \(name)")
        }
        let mid = Scene(canvas: Canvas(size: Size(width: 60, height: 60), color: RGBA(r: 0.45, g: 0.45, b: 0.45)))
        try Self.compare(
            Self.frame(Self.circle(at: Point(x: 30, y: 30))), over: Rect(x: 15, y: 15, width: 30, height: 30),
            scene: mid, "pointer on mid grey")
    }

    @Test("D21/D22 paths and morphs: polygon coverage on the GPU matches Cairo's fill")
    func shapes() throws {
        let cross = BuiltinShape.crosshair.pathShape
        let target = BuiltinShape.target.pathShape
        let arrows = BuiltinShape.arrowsHorizontal.pathShape
        let p = Point(x: 60, y: 200)
        for shape in [cross, target, arrows] {
            let v = VisiblePointer(
                kind: .path, name: shape.name, frame: Rect(center: p, size: shape.size), cornerRadius: 0,
                geometry: .path(shape))
            try Self.compare(
                Self.frame(v), over: Rect(center: p, size: Size(width: 40, height: 40)), "\(shape.name ?? "path")")
        }
        // Mid-morph, circle → crosshair and target → circle (holes shrinking to points).
        for (from, to, t) in [
            (
                ShapeGeometry.roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5),
                ShapeGeometry.path(cross), 0.4
            ),
            (.path(target), .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5), 0.6),
        ] {
            var v = VisiblePointer(
                kind: .path, frame: Rect(center: p, size: Size(width: 22, height: 22)), cornerRadius: 4,
                geometry: to, transition: ShapeTransition(from: from, fromKind: .circle, progress: t))
            if case .roundedRect = to { v.kind = .circle }
            try Self.compare(Self.frame(v), over: Rect(center: p, size: Size(width: 40, height: 40)), "morph at \(t)")
        }
    }

    @Test("E26 the context menu, its row under the pointer tinted, the pointer between panel and text")
    func menu() throws {
        let menu = ContextMenu(
            region: "icon", items: ["Play", "Share…", "Remove"], frame: Rect(x: 150, y: 100, width: 160, height: 96))
        try Self.compare(
            Self.frame(Self.circle(at: Point(x: 175, y: 150)), menu: menu),
            over: Rect(x: 120, y: 70, width: 220, height: 160), "menu")
        // Opening from the lifted icon: the pointer shrinking back, part over the icon, part over the panel.
        let fading = RegionState(offset: Point(x: -2, y: -2), scale: 1.04, emphasis: 0.6)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 120, y: 80, width: 50, height: 50), radius: 14), pointer: Point(x: 146, y: 96),
                regions: ["icon": fading],
                menu: ContextMenu(
                    region: "icon", items: ["Play", "Share…"],
                    frame: Rect(x: 150, y: 100, width: 160, height: 68))),
            over: Rect(x: 90, y: 50, width: 240, height: 140), "menu opening from a lifted icon")
    }

    @Test("C14/C15 leaving a control: its content repainted over the pointer, which keeps the control's look")
    func leaving() throws {
        // Leaving the highlighted button: a platter still larger than the circle, off centre.
        let back = RegionState(offset: Point(x: -1, y: -1), scale: 1.05, emphasis: 0.7)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 22, y: 12, width: 30, height: 30), radius: 9), pointer: Point(x: 52, y: 30),
                regions: ["back": back]),
            over: Rect(x: 4, y: 2, width: 60, height: 53), "leaving the highlighted button")
        // Leaving the lifted icon: the pointer fading back in, over and beside the settling icon.
        let icon = RegionState(offset: Point(x: -2.5, y: -2.5), scale: 1.05, emphasis: 0.5)
        try Self.compare(
            Self.frame(
                Self.rounded(Rect(x: 60, y: 90, width: 56, height: 56), radius: 16), pointer: Point(x: 70, y: 120),
                regions: ["icon": icon]),
            over: Rect(x: 40, y: 40, width: 170, height: 140), "leaving the lifted icon")
    }

    @Test("E25 a zoomed, rotated and scrolled viewport clips its children")
    func viewport() throws {
        let scene = Scene(
            canvas: Canvas(size: Size(width: 300, height: 220), color: .white),
            regions: [
                Region(
                    id: "map", frame: Rect(x: 20, y: 20, width: 260, height: 180), cornerRadius: .points(14),
                    effect: EffectSpec.none,
                    content: RegionContent(fill: RGBA(r: 0.9, g: 0.93, b: 0.86)),
                    zoom: ZoomSpec(min: 0.5, max: 6, rotate: true),
                    regions: [
                        Region(
                            id: "lake", frame: Rect(x: 120, y: 40, width: 140, height: 90), cornerRadius: .points(45),
                            effect: EffectSpec.none,
                            content: RegionContent(fill: RGBA(r: 0.66, g: 0.83, b: 0.97))),
                        Region(
                            id: "pin", frame: Rect(x: 60, y: 100, width: 36, height: 36), cornerRadius: .capsule,
                            content: RegionContent(fill: RGBA(r: 1, g: 0.58, b: 0), symbol: "map-pin", color: .white)),
                    ])
            ])
        let zoomed = RegionState(offset: Point(x: -60, y: -30), scale: 1.6, rotation: 12)
        try Self.compare(
            Self.frame(Self.circle(at: Point(x: 150, y: 110)), regions: ["map": zoomed]),
            over: Rect(x: 0, y: 0, width: 300, height: 220), scene: scene, "zoomed map")
    }
}
