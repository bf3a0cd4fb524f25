import Foundation
import PointerCore

@testable import PointerRendering

/// Hand-built scenes and frames, so rendering is tested without the engine.
enum Fixtures {
    static let orange = RGBA(r: 1, g: 0.584, b: 0)

    static func circle(at p: Point, diameter: Double = 19, scale: Double = 1, opacity: Double = 1) -> VisiblePointer {
        VisiblePointer(
            kind: .circle, frame: Rect(center: p, size: Size(width: diameter, height: diameter)),
            cornerRadius: diameter / 2, opacity: opacity, scale: scale,
            geometry: .roundedRect(size: Size(width: diameter, height: diameter), cornerRadius: diameter / 2))
    }

    static func rounded(_ frame: Rect, radius: Double, scale: Double = 1) -> VisiblePointer {
        VisiblePointer(
            kind: .roundedRect, frame: frame, cornerRadius: radius, scale: scale,
            geometry: .roundedRect(size: frame.size, cornerRadius: radius))
    }

    static func frame(
        _ v: VisiblePointer, pointer: Point? = nil, target: String? = nil, effect: PointerEffect? = nil,
        pressed: Bool = false, regions: [String: RegionState] = [:], menu: ContextMenu? = nil
    ) -> PointerFrame {
        PointerFrame(
            time: 0, pointer: pointer ?? v.frame.center, visible: v, target: target, effect: effect,
            pressed: pressed, menu: menu, regions: regions)
    }

    /// Left half white, right half black: 200 × 100.
    static var halves: Scene {
        Scene(
            canvas: Canvas(size: Size(width: 200, height: 100), color: .white),
            regions: [
                Region(
                    id: "dark", frame: Rect(x: 100, y: 0, width: 100, height: 100), cornerRadius: .points(0),
                    effect: EffectSpec.none, content: RegionContent(fill: .black))
            ])
    }

    static func uniform(_ c: RGBA, size: Size = Size(width: 80, height: 80)) -> Scene {
        Scene(canvas: Canvas(size: size, color: c))
    }

    /// A white stage with an orange lift icon, a highlight toolbar button and a hover card.
    static var stage: Scene {
        Scene(
            name: "fixture", appearance: .light,
            canvas: Canvas(size: Size(width: 320, height: 220), color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
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
            ])
    }

    static func write(_ s: ImageSurface, _ name: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointer-rendering-tests")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? s.writePNG(path: dir.appendingPathComponent(name + ".png").path)
    }
}
