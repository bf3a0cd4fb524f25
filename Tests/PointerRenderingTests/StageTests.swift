import Foundation
import PointerCore
import Testing

@testable import PointerRendering

@Suite struct StageTests {
    @Test("a transparent canvas leaves pixels outside the pointer fully transparent")
    func transparentCanvas() throws {
        let scene = Scene(canvas: Canvas(size: Size(width: 100, height: 80)))
        let r = try SceneRenderer(scene: scene, scale: 1.5)
        let img = try r.render(frame: Fixtures.frame(Fixtures.circle(at: Point(x: 50, y: 40))))
        var outsideMax: UInt8 = 0
        var insideMin: UInt8 = 255
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = Point(x: (Double(x) + 0.5) / 1.5, y: (Double(y) + 0.5) / 1.5)
                let d = p.distance(to: Point(x: 50, y: 40))
                let a = img.pixel(x: x, y: y)?.a ?? 0
                if d > 11 { outsideMax = max(outsideMax, a) }
                if d < 8 { insideMin = min(insideMin, a) }
            }
        }
        #expect(outsideMax == 0)
        #expect(insideMin > 60)
    }

    @Test("rendering at scale 2 and 1.25 is crisp: a region edge spans at most 2 px")
    func crispEdges() throws {
        for scale in [2.0, 1.25, 1.5] {
            let scene = Scene(
                canvas: Canvas(size: Size(width: 100, height: 60), color: .white),
                regions: [
                    Region(
                        id: "box", frame: Rect(x: 21, y: 10, width: 50, height: 40), cornerRadius: .points(4),
                        effect: EffectSpec.none, content: RegionContent(fill: .black))
                ])
            let r = try SceneRenderer(scene: scene, scale: scale)
            let img = try r.render(frame: nil)
            let y = Int(30 * scale)
            var partial = 0
            for x in 0..<Int(40 * scale) {
                let b = try #require(img.pixel(x: x, y: y)).brightness
                if b > 0.02 && b < 0.98 { partial += 1 }
            }
            #expect(partial <= 1, "scale \(scale): \(partial) blended pixels across the left edge")
        }
    }

    @Test("children of a zoomed region are transformed and clipped to it")
    func zoomClipsChildren() throws {
        let child = Region(
            id: "pin", frame: Rect(x: 40, y: 40, width: 20, height: 20), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: RGBA(r: 1, g: 0, b: 0)))
        let map = Region(
            id: "map", frame: Rect(x: 20, y: 20, width: 100, height: 100), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: RGBA(r: 0.8, g: 0.9, b: 0.8)),
            zoom: ZoomSpec(), regions: [child])
        let scene = Scene(canvas: Canvas(size: Size(width: 160, height: 160), color: .white), regions: [map])
        let r = try SceneRenderer(scene: scene, scale: 1)
        let hidden = Fixtures.circle(at: Point(x: 150, y: 150), opacity: 0)
        // Zoom ×3 about the map's top-left: the pin covers map-local 120…180 → beyond the map's edge.
        let frame = Fixtures.frame(hidden, regions: ["map": RegionState(scale: 3)])
        let img = try r.render(frame: frame)
        // Map-local 90 is child-local 30 (scale 3); the pin starts at 120.
        let inside = try #require(img.pixel(x: 20 + 90, y: 20 + 90))
        #expect(inside.g > inside.r, "map colour, not the pin, at \(inside)")
        let pinInMap = try #require(img.pixel(x: 20 + 99, y: 20 + 99))
        #expect(pinInMap.g > 200, "pin starts at map-local 120: still map at 99 → \(pinInMap)")
        let beyond = try #require(img.pixel(x: 20 + 130, y: 20 + 130))
        #expect(beyond == RGBAPixel(r: 255, g: 255, b: 255, a: 255), "clipped to the map: \(beyond)")
        // Zoom ×1.5: the pin (40…60 → 60…90) shows inside the map.
        let img2 = try r.render(frame: Fixtures.frame(hidden, regions: ["map": RegionState(scale: 1.5)]))
        let pin = try #require(img2.pixel(x: 20 + 75, y: 20 + 75))
        #expect(pin.r == 255 && pin.g == 0)
    }

    @Test("every symbol in the built-in set draws something")
    func symbolsDraw() throws {
        let required = [
            "chevron-left", "chevron-right", "plus", "minus", "share", "trash", "music", "play", "pause",
            "search", "gear", "bell", "calendar", "map-pin", "folder", "star", "heart", "photo", "mail",
            "message", "phone", "camera", "bold", "italic", "underline", "list", "grid", "compass",
        ]
        for name in required { #expect(SymbolSet.contains(name), "\(name) missing") }
        for name in SymbolSet.names {
            let scene = Scene(
                canvas: Canvas(size: Size(width: 40, height: 40)),
                regions: [
                    Region(
                        id: "s", frame: Rect(x: 0, y: 0, width: 40, height: 40), effect: EffectSpec.none,
                        content: RegionContent(symbol: name, color: .black))
                ])
            let img = try SceneRenderer(scene: scene).render(frame: nil)
            var ink = 0
            for y in 0..<40 { for x in 0..<40 where (img.pixel(x: x, y: y)?.a ?? 0) > 128 { ink += 1 } }
            #expect(ink > 15, "\(name) draws \(ink) px")
        }
    }
}

@Suite struct StageImageTests {
    @Test("the canvas image fills the canvas under everything, and region images fill their regions")
    func canvasAndRegionImages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 2 × 1 image: red left half, blue right half.
        let img = try ImageSurface(width: 2, height: 1)
        try img.withPixels { raw in
            raw.storeBytes(of: UInt32(0xFFFF_0000), toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: UInt32(0xFF00_00FF), toByteOffset: 4, as: UInt32.self)
        }
        let path = dir.appendingPathComponent("halves.png").path
        try img.writePNG(path: path)
        let scene = Scene(
            canvas: Canvas(size: Size(width: 200, height: 100), image: path),
            regions: [
                Region(
                    id: "pic", frame: Rect(x: 150, y: 10, width: 40, height: 20), cornerRadius: .points(0),
                    effect: EffectSpec.none, content: RegionContent(image: path))
            ])
        let r = try SceneRenderer(scene: scene, scale: 1)
        let out = try r.render(frame: nil)
        let left = try #require(out.pixel(x: 20, y: 80))
        let right = try #require(out.pixel(x: 130, y: 80))
        #expect(left.r > 200 && left.b < 60, "left of the canvas image: \(left)")
        #expect(right.b > 200 && right.r < 60, "right of the canvas image: \(right)")
        // The region image (on the blue half of the canvas) shows its red left half.
        let picLeft = try #require(out.pixel(x: 155, y: 20))
        #expect(picLeft.r > 200 && picLeft.b < 60, "region image: \(picLeft)")
    }
}

@Suite struct RegionOpacityTests {
    @Test("E24 a hover-reveal region is hidden at rest, shown when revealed, half-faded in between")
    func reveal() throws {
        let button = Region(
            id: "close", frame: Rect(x: 20, y: 20, width: 40, height: 40), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: .black), reveal: .hover)
        let scene = Scene(canvas: Canvas(size: Size(width: 100, height: 100), color: .white), regions: [button])
        let r = try SceneRenderer(scene: scene)
        let away = Fixtures.circle(at: Point(x: 90, y: 90), opacity: 0)
        let still = try r.render(frame: nil)
        let hidden = try r.render(frame: Fixtures.frame(away, regions: ["close": RegionState(opacity: 0)]))
        let half = try r.render(frame: Fixtures.frame(away, regions: ["close": RegionState(opacity: 0.5)]))
        let shown = try r.render(frame: Fixtures.frame(away))
        #expect(try #require(still.pixel(x: 40, y: 40)).brightness > 0.99)
        #expect(try #require(hidden.pixel(x: 40, y: 40)).brightness > 0.99)
        let mid = try #require(half.pixel(x: 40, y: 40)).brightness
        #expect(mid > 0.4 && mid < 0.6, "half faded: \(mid)")
        #expect(try #require(shown.pixel(x: 40, y: 40)).brightness < 0.01)
    }
}

@Suite struct RegionTransformTests {
    @Test("E25 rotation follows the frame-dump transform: clockwise on screen about the region's origin, then offset")
    func rotation() throws {
        let pin = Region(
            id: "pin", frame: Rect(x: 10, y: 0, width: 10, height: 10), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: RGBA(r: 1, g: 0, b: 0)))
        let map = Region(
            id: "map", frame: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: .points(0),
            effect: EffectSpec.none, content: RegionContent(fill: .white), zoom: ZoomSpec(rotate: true), regions: [pin])
        let scene = Scene(canvas: Canvas(size: Size(width: 200, height: 200), color: .black), regions: [map])
        let r = try SceneRenderer(scene: scene)
        let hidden = Fixtures.circle(at: Point(x: 5, y: 5), opacity: 0)
        let img = try r.render(
            frame: Fixtures.frame(hidden, regions: ["map": RegionState(offset: Point(x: 100, y: 0), rotation: 90)]))
        // Child point (15, 5) → rotate 90° → (−5, 15) → + offset (100, 0) + origin (50, 50) = (145, 65).
        let p = try #require(img.pixel(x: 145, y: 65))
        #expect(p.r == 255 && p.g == 0, "rotated pin: \(p)")
        // Where the pin sits unrotated (65, 55) is now the map's white.
        #expect(try #require(img.pixel(x: 65, y: 55)) == RGBAPixel(r: 255, g: 255, b: 255, a: 255))
    }
}

@Suite struct MenuMaterialTests {
    @Test("D20 over an open context menu the pointer adapts to the menu, not the stage beneath it")
    func pointerOverMenu() throws {
        var scene = Fixtures.uniform(.black, size: Size(width: 200, height: 200))
        scene.appearance = .light
        let r = try SceneRenderer(scene: scene)
        let menu = ContextMenu(region: "x", items: ["One", "Two"], frame: Rect(x: 20, y: 20, width: 160, height: 100))
        let onStage = try r.material(for: Fixtures.frame(Fixtures.circle(at: Point(x: 100, y: 70))), highlight: 0)
        r.materialMemory = nil // two stills, not a session
        let onMenu = try r.material(
            for: Fixtures.frame(Fixtures.circle(at: Point(x: 100, y: 70)), menu: menu), highlight: 0)
        #expect(onStage.fill.r > 0.8, "light pointer on the black stage")
        #expect(onMenu.fill.r < 0.4, "dark pointer on the light menu: \(onMenu.fill)")
    }
}

@Suite struct RegionGridTests {
    @Test("the culling grid finds exactly the regions meeting a rect, in drawing order")
    func gridMatchesLinearScan() {
        var extents: [Rect] = []
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 33) / Double(1 << 31)
        }
        for _ in 0..<2000 {
            extents.append(
                Rect(x: next() * 3000 - 200, y: next() * 2000 - 100, width: next() * 300 + 1, height: next() * 200 + 1))
        }
        extents.append(Rect(x: -500, y: -500, width: 6000, height: 4000)) // a huge background
        let grid = RegionGrid(frames: extents, cell: 100)
        for _ in 0..<200 {
            let q = Rect(x: next() * 3400 - 400, y: next() * 2400 - 300, width: next() * 400, height: next() * 400)
            let expected = extents.indices.filter { extents[$0].intersects(q) }
            #expect(grid.query(q) == expected)
        }
    }
}
