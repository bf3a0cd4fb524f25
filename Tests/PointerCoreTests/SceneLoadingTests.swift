import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

@Suite struct SceneLoadingTests {
    @Test("a scene using every top-level key loads with every value as written")
    func formatExample() throws {
        let text = """
            {
              "$schema": "../scene.schema.json",
              "version": 1,
              "name": "Music player",
              "appearance": "dark",
              "canvas": { "size": [1280, 800], "color": "#1C1C1E", "image": "mockup.png" },
              "pointer": { "diameter": 21, "autoHideDelay": 2.5, "inertia": false,
                           "magnetism": { "radius": 120 }, "liftDelay": 0.08 },
              "regions": [
                { "id": "back", "frame": [40, 20, 37, 37], "effect": "highlight",
                  "group": "toolbar", "content": { "symbol": "chevron-left" } },
                { "id": "notes", "frame": [40, 100, 600, 400], "shape": { "verticalBeam": {} },
                  "constrainedAxes": ["vertical"], "snap": { "y": 22 } },
                { "id": "icon", "frame": [700, 100, 120, 120], "cornerRadius": 27,
                  "effect": "lift", "content": { "fill": "#FF9500", "symbol": "music" },
                  "menu": ["Play", "Share…", "Remove"] }
              ],
              "modifiers": [ { "keys": ["ctrl"], "shape": "arrows-horizontal" } ]
            }
            """
        let scene = try loadScene(text, files: ["/scenes/mockup.png"])
        #expect(scene.version == 1)
        #expect(scene.name == "Music player")
        #expect(scene.appearance == .dark)
        #expect(scene.canvas.size == Size(width: 1280, height: 800))
        #expect(scene.canvas.color == RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0))
        #expect(scene.canvas.image == "/scenes/mockup.png")
        #expect(
            scene.pointer
                == PointerSettings(
                    diameter: 21, autoHideDelay: 2.5, inertia: false,
                    magnetismRadius: 120, liftDelay: 0.08))
        #expect(scene.regions.map(\.id) == ["back", "notes", "icon"])
        let back = scene.regions[0]
        #expect(back.frame == Rect(x: 40, y: 20, width: 37, height: 37))
        #expect(back.effect == .highlight)
        #expect(back.group == "toolbar")
        #expect(back.content == RegionContent(symbol: "chevron-left"))
        #expect(back.location == SourceLocation(file: "scene.json", line: 10, column: 5))
        let notes = scene.regions[1]
        #expect(notes.shape == .verticalBeam(length: nil))
        #expect(notes.constrainedAxes == [.vertical])
        #expect(notes.snap == SnapGrid(y: 22))
        #expect(notes.effect == nil)
        let icon = scene.regions[2]
        #expect(icon.cornerRadius == .points(27))
        #expect(icon.effect == .lift)
        #expect(icon.content?.fill == RGBA(r: 1, g: 0x95 / 255.0, b: 0))
        #expect(icon.menu == ["Play", "Share…", "Remove"])
        #expect(scene.modifiers == [ModifierRule(keys: [.ctrl], shape: .builtin(.arrowsHorizontal))])
    }

    @Test("every optional key falls back to the documented default")
    func defaults() throws {
        let scene = try loadScene(#"{"version": 1, "regions": [{"id": "a", "frame": [1, 2, 3, 4]}]}"#)
        #expect(scene.name == "scene") // the file name without extension
        #expect(scene.appearance == .light)
        #expect(scene.canvas == Canvas())
        #expect(scene.pointer == PointerSettings())
        #expect(scene.pointer.diameter == 19 && scene.pointer.autoHideDelay == 1.5 && scene.pointer.inertia)
        #expect(scene.pointer.magnetismRadius == 160 && scene.pointer.liftDelay == 0.05)
        #expect(scene.modifiers.isEmpty)
        let r = scene.regions[0]
        #expect(r == Region(id: "a", frame: Rect(x: 1, y: 2, width: 3, height: 4), location: r.location))
        #expect(r.cornerRadius == .points(8))
        #expect(r.effect == nil && r.shape == nil && r.constrainedAxes.isEmpty && r.snap == nil)
        #expect(r.hitPadding == nil && r.group == nil && !r.selected && r.content == nil && r.menu == nil)
        #expect(r.scroll == nil && r.zoom == nil && r.reveal == nil && r.hides.isEmpty && r.regions.isEmpty)
        let empty = try loadScene(#"{"version": 1}"#)
        #expect(empty.regions.isEmpty)
    }

    @Test(
        "a region's remaining keys: cornerRadius capsule, hitPadding both forms, selected, scroll, zoom, reveal, hides")
    func remainingRegionKeys() throws {
        let scene = try loadScene(
            sceneText(
                regions: """
                    {"id": "seg-1", "frame": [0, 0, 80, 30], "cornerRadius": "capsule", "hitPadding": 6,
                     "group": "segments", "selected": true, "hides": ["sep_1"]},
                    {"id": "sep_1", "frame": [80, 5, 1, 20], "hitPadding": [1, 2, 3, 4], "reveal": "hover",
                     "constrainedAxes": ["horizontal", "vertical"]},
                    {"id": "map.view", "frame": [0, 40, 500, 300], "scroll": {"contentSize": [2000, 1500]},
                     "zoom": {"min": 0.25, "max": 8, "rotate": true}, "snap": {"x": 10, "y": 15, "origin": [5, 7.5]}},
                    {"id": "z", "frame": [0, 0, 10, 10], "zoom": {}}
                    """))
        let r = scene.regions
        #expect(r[0].cornerRadius == .capsule)
        #expect(r[0].hitPadding == EdgeInsets(all: 6))
        #expect(r[0].selected && r[0].group == "segments")
        #expect(r[0].hides == ["sep_1"])
        #expect(r[1].hitPadding == EdgeInsets(top: 1, right: 2, bottom: 3, left: 4))
        #expect(r[1].reveal == .hover)
        #expect(r[1].constrainedAxes == [.horizontal, .vertical])
        #expect(r[2].scroll == ScrollSpec(contentSize: Size(width: 2000, height: 1500)))
        #expect(r[2].zoom == ZoomSpec(min: 0.25, max: 8, rotate: true))
        #expect(r[2].snap == SnapGrid(x: 10, y: 15, origin: Point(x: 5, y: 7.5)))
        #expect(r[3].zoom == ZoomSpec()) // defaults 0.5…4, no rotation
    }

    @Test("content: fill, image resolved against the scene's directory, symbol, label, color")
    func content() throws {
        let scene = try loadScene(
            sceneText(
                regions: """
                    {"id": "a", "frame": [0, 0, 50, 50], "content": {"fill": "#11223344", "image": "art/icon.png",
                     "symbol": "star", "label": "Star", "color": "#ffffff"}},
                    {"id": "b", "frame": [0, 0, 50, 50], "content": {"image": "/abs/pic.png"}}
                    """), files: ["/scenes/art/icon.png", "/abs/pic.png"])
        let c = scene.regions[0].content
        #expect(c?.fill == RGBA(r: 0x11 / 255.0, g: 0x22 / 255.0, b: 0x33 / 255.0, a: 0x44 / 255.0))
        #expect(c?.image == "/scenes/art/icon.png")
        #expect(c?.symbol == "star" && c?.label == "Star")
        #expect(c?.color == .white)
        #expect(scene.regions[0].hasBackground)
        #expect(scene.regions[1].content?.image == "/abs/pic.png")
    }

    @Test("colours: #RRGGBB and #RRGGBBAA in either case; anything else is refused")
    func colours() throws {
        #expect(SceneDecoder.parseColor("#FF8000") == RGBA(r: 1, g: 128 / 255.0, b: 0))
        #expect(SceneDecoder.parseColor("#ff800080") == RGBA(r: 1, g: 128 / 255.0, b: 0, a: 128 / 255.0))
        for bad in ["FF8000", "#FF800", "#FF80000", "#GG8000", "#FF8000800", "", "#"] {
            #expect(SceneDecoder.parseColor(bad) == nil, "\(bad)")
        }
        let d = diagnostics(#"{"version": 1, "canvas": {"color": "red"}}"#)
        #expect(d.count == 1)
        #expect(d.first?.jsonPath == "canvas.color")
        #expect(d.first?.expected?.contains("#RRGGBB") == true)
    }

    @Test("nested regions keep frames in parent coordinates; SceneLayout makes them absolute")
    func nestedRegions() throws {
        let scene = try loadScene(
            sceneText(
                regions: """
                    {"id": "panel", "frame": [100, 100, 400, 300], "regions": [
                      {"id": "row", "frame": [10, 20, 380, 44], "regions": [
                        {"id": "button", "frame": [5, 6, 30, 30]}
                      ]}
                    ]}
                    """))
        let row = scene.regions[0].regions[0]
        #expect(row.frame == Rect(x: 10, y: 20, width: 380, height: 44))
        #expect(row.regions[0].frame == Rect(x: 5, y: 6, width: 30, height: 30))
        #expect(row.regions[0].location?.line == 3)
        let layout = SceneLayout(scene: scene)
        #expect(layout["button"]?.frame == Rect(x: 115, y: 126, width: 30, height: 30))
    }

    @Test("effects: every name and the hover object with its defaults")
    func effects() throws {
        let scene = try loadScene(
            sceneText(
                regions: """
                    {"id": "a", "frame": [0, 0, 9, 9], "effect": "automatic"},
                    {"id": "b", "frame": [0, 0, 9, 9], "effect": "highlight"},
                    {"id": "c", "frame": [0, 0, 9, 9], "effect": "lift"},
                    {"id": "d", "frame": [0, 0, 9, 9], "effect": "hover"},
                    {"id": "e", "frame": [0, 0, 9, 9], "effect": "none"},
                    {"id": "f", "frame": [0, 0, 9, 9], "effect": {"hover": {"scale": 1.05, "shadow": true, "tint": "underlay"}}},
                    {"id": "g", "frame": [0, 0, 9, 9], "effect": {"hover": {}}},
                    {"id": "h", "frame": [0, 0, 9, 9], "effect": {"hover": {"tint": "none"}}}
                    """))
        let effects = scene.regions.map(\.effect)
        #expect(
            effects == [
                .automatic, .highlight, .lift, .hover(HoverStyle()), EffectSpec.none,
                .hover(HoverStyle(scale: 1.05, shadow: true, tint: .underlay)),
                .hover(HoverStyle(scale: 1, shadow: false, tint: .overlay)),
                .hover(HoverStyle(tint: .none)),
            ])
    }

    @Test("D21 shapes: circle, rounded rect, beams, path with size and anchor, built-in names")
    func shapes() throws {
        let scene = try loadScene(
            sceneText(
                regions: """
                    {"id": "a", "frame": [0, 0, 9, 9], "shape": "circle"},
                    {"id": "b", "frame": [0, 0, 9, 9], "shape": {"roundedRect": {"size": [40, 20], "cornerRadius": 10}}},
                    {"id": "c", "frame": [0, 0, 9, 9], "shape": {"roundedRect": {}}},
                    {"id": "d", "frame": [0, 0, 9, 9], "shape": {"verticalBeam": {"length": 18}}},
                    {"id": "e", "frame": [0, 0, 9, 9], "shape": {"horizontalBeam": {}}},
                    {"id": "f", "frame": [0, 0, 9, 9], "shape": {"path": "M0 0 L20 10 L0 20 Z", "size": [24, 24], "anchor": [2, 3]}},
                    {"id": "g", "frame": [0, 0, 9, 9], "shape": {"path": "M0 0 L20 10 L0 20 Z"}},
                    {"id": "h", "frame": [0, 0, 9, 9], "shape": "crosshair"},
                    {"id": "i", "frame": [0, 0, 9, 9], "shape": "arrows-horizontal"},
                    {"id": "j", "frame": [0, 0, 9, 9], "shape": "arrows-vertical"},
                    {"id": "k", "frame": [0, 0, 9, 9], "shape": "target"},
                    {"id": "l", "frame": [0, 0, 9, 9], "shape": "marker-tip"}
                    """))
        let s = scene.regions.map(\.shape)
        #expect(s[0] == .circle)
        #expect(s[1] == .roundedRect(size: Size(width: 40, height: 20), cornerRadius: 10))
        #expect(s[2] == .roundedRect(size: nil, cornerRadius: nil))
        #expect(s[3] == .verticalBeam(length: 18))
        #expect(s[4] == .horizontalBeam(length: nil))
        let triangle: [PathElement] = [
            .move(Point(x: 0, y: 0)), .line(Point(x: 20, y: 10)), .line(Point(x: 0, y: 20)), .close,
        ]
        #expect(
            s[5]
                == .path(
                    PathShape(
                        data: "M0 0 L20 10 L0 20 Z", elements: triangle,
                        size: Size(width: 24, height: 24), anchor: Point(x: 2, y: 3))))
        guard case .path(let g)? = s[6] else {
            Issue.record("expected a path")
            return
        }
        #expect(g.size == Size(width: 20, height: 20)) // extent of the path
        #expect(g.anchor == Point(x: 10, y: 10)) // centre by default
        #expect(g.name == nil)
        #expect(Array(s[7...]) == BuiltinShape.allCases.map { ShapeSpec.builtin($0) })
    }

    @Test("E27 modifiers: keys, shape and the regions they apply in")
    func modifiers() throws {
        let scene = try loadScene(
            sceneText(
                regions: #"{"id": "canvas", "frame": [0, 0, 100, 100]}"#,
                extra: """
                    "modifiers": [
                      {"keys": ["shift", "alt"], "shape": "crosshair", "regions": ["canvas"]},
                      {"keys": ["super"], "shape": {"path": "M0 0 H10 V10 Z"}},
                      {"keys": ["ctrl"], "shape": {"roundedRect": {"size": [10, 10]}}}
                    ]
                    """))
        #expect(scene.modifiers.count == 3)
        #expect(
            scene.modifiers[0] == ModifierRule(keys: [.shift, .alt], shape: .builtin(.crosshair), regions: ["canvas"]))
        #expect(scene.modifiers[1].keys == [.super])
        #expect(scene.modifiers[1].regions == nil)
        #expect(scene.modifiers[2].shape == .roundedRect(size: Size(width: 10, height: 10), cornerRadius: nil))
    }

    @Test("load(path:) reads a real file, resolves images next to it and records the source path")
    func loadFromFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A whole 1 × 1 PNG: the loader checks every chunk (length and CRC), not only the header.
        try Data(minimalPNG).write(to: dir.appendingPathComponent("bg.png"))
        let file = dir.appendingPathComponent("my-scene.json")
        try Data(#"{"version": 1, "canvas": {"image": "bg.png"}}"#.utf8).write(to: file)
        let scene = try SceneLoader.load(path: file.path)
        #expect(scene.name == "my-scene")
        #expect(scene.canvas.image == dir.appendingPathComponent("bg.png").standardizedFileURL.path)
        #expect(scene.sourcePath == file.standardizedFileURL.path)
    }
}
