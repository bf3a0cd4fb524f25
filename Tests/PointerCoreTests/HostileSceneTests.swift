import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat
@testable import SceneLint

/// Scenes a careless user or a bad file would give (issue 13): every limit of
/// docs/limits.md is enforced by the loader with the limit named, and what the
/// loader accepts never traps, hangs or blows up lint.
@Suite struct HostileSceneTests {
    func messages(_ text: String, files: Set<String> = []) -> [String] {
        diagnostics(text, files: files).map(\.description)
    }

    @Test("a 30000 × 30000 canvas is refused, naming the 16384 pt side limit and how to fix it")
    func canvasTooLarge() {
        let m = messages(#"{"version": 1, "canvas": {"size": [30000, 30000]}}"#)
        #expect(m.count == 1)
        #expect(
            m.first?.hasPrefix("scene.json:1:35: error: canvas.size: a canvas of 30000 × 30000 pt is too large")
                == true, "\(m)")
        #expect(m.first?.contains("each side at most 16384 pt") == true)
        // Each side within the limit but the area beyond it.
        let area = messages(#"{"version": 1, "canvas": {"size": [16000, 16000]}}"#)
        #expect(area.first?.contains("256 000 000 pt²) is too large") == true, "\(area)")
        #expect(messages(#"{"version": 1, "canvas": {"size": [7680, 4320]}}"#).isEmpty)
    }

    @Test("a frame reaching 1e9 pt (alone or through its parents) is refused at the frame")
    func frameExtent() {
        let m = messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 1e9, 1e9]}"#))
        #expect(m.count == 1)
        #expect(
            m.first?.contains(
                "regions[0].frame: the frame reaches 1000000000 pt from the canvas origin, beyond the ±1000000 pt limit"
            ) == true, "\(m)")
        let nested = messages(
            sceneText(
                regions:
                    #"{"id": "a", "frame": [900000, 0, 10, 10], "regions": [{"id": "b", "frame": [200000, 0, 5, 5]}]}"#)
        )
        #expect(nested.count == 1)
        #expect(
            nested.first?.contains("regions[0].regions[0].frame: the frame reaches 1100005 pt") == true, "\(nested)")
        let content = messages(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 10, 10], "scroll": {"contentSize": [10, 2e6]}}"#))
        #expect(
            content.first?.contains("scroll.contentSize: a content size of 10 × 2000000 pt is too large") == true,
            "\(content)")
    }

    @Test("more than 20000 regions: one error at the first region past the limit, and reading stops there")
    func regionCount() {
        let regions = (0..<20_005).map { #"{"id": "r\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",")
        let d = diagnostics(sceneText(regions: regions))
        #expect(d.count == 1)
        #expect(d.first?.jsonPath == "regions[20000]")
        #expect(d.first?.message == "more than 20 000 regions in the scene", "\(d)")
        let ok = (0..<20_000).map { #"{"id": "r\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",")
        #expect(diagnostics(sceneText(regions: ok)).isEmpty)
    }

    @Test(
        "path data beyond ±10000 pt, 1e308 arcs and a million commands are refused by validate (they trapped or hung lint and render)"
    )
    func pathLimits() {
        func pathError(_ data: String) -> String? {
            messages(
                sceneText(
                    regions: #"{"id": "a", "frame": [0, 0, 40, 40], "shape": {"path": "\#(data)", "size": [24, 24]}}"#)
            ).first
        }
        #expect(
            pathError("M0 0 H3.1e9 V3.1e9 H0 Z")?.contains(
                "number 3.1e9 is out of range; expected a number (horizontal lineto x) within ±10000") == true)
        #expect(pathError("M0 0 L1e308 0 L1e308 1e308 Z")?.contains("number 1e308 is out of range") == true)
        #expect(pathError("M0 0 A1e308 1e308 0 1 1 10 10 Z")?.contains("number 1e308 is out of range") == true)
        // Small relative steps that walk far away are caught by the points they reach.
        let walk = "M0 0" + String(repeating: " l9000 0", count: 3)
        #expect(
            pathError(walk)?.contains("the path reaches beyond ±10000 pt here") == true,
            "\(pathError(walk) ?? "accepted")")
        let many = "M0 0" + String(repeating: " L1 1", count: 1_000_000)
        #expect(pathError(many)?.contains("path data has more than 4096 segments") == true)
        #expect(pathError("M0 0" + String(repeating: " L1 1", count: 4000) + " Z") == nil)
        let big = messages(
            sceneText(
                regions:
                    #"{"id": "a", "frame": [0, 0, 40, 40], "shape": {"path": "M0 0 L1 1 L0 1 Z", "size": [2e4, 24]}}"#))
        #expect(
            big.first?.contains("a pointer shape of 20000 × 24 pt is beyond the 10000 pt limit for pointer shapes")
                == true, "\(big)")
    }

    @Test("an image whose PNG header claims 20000 × 20000 px, or that is no PNG at all, fails validate")
    func imageLimits() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-img-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Signature + IHDR with 20000 × 20000: 24 bytes claim 1.6 GB of pixels.
        var header = PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]
        try Data(header).write(to: dir.appendingPathComponent("huge.png"))
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: dir.appendingPathComponent("icon.png"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: dir.appendingPathComponent("photo.png"))
        let scene = dir.appendingPathComponent("s.json")
        try Data(
            """
            {"version": 1, "canvas": {"image": "huge.png"}, "regions": [
              {"id": "a", "frame": [0, 0, 40, 40], "content": {"image": "icon.png"}},
              {"id": "b", "frame": [50, 0, 40, 40], "content": {"image": "photo.png"}}]}
            """.utf8
        ).write(to: scene)
        var lines: [String] = []
        do { _ = try SceneLoader.load(path: scene.path) } catch { lines = error.diagnostics.map(\.message) }
        #expect(
            lines == [
                #"image file "huge.png" is too large: the image is 20000 × 20000 = 400 000 000 pixels, more than the 33 554 432-pixel limit"#,
                #"image file "icon.png" is not a PNG: it is SVG/XML text, not a PNG"#,
                #"image file "photo.png" is not a PNG: it is a JPEG, not a PNG"#,
            ])
    }

    @Test("an unknown content.symbol is an error with the closest name")
    func unknownSymbol() {
        let d = diagnostics(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "content": {"symbol": "chevron-lef"}}"#))
        #expect(d.map(\.message) == [#"unknown symbol "chevron-lef""#])
        #expect(d.first?.suggestion == #"did you mean "chevron-left"?"#)
        #expect(
            diagnostics(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "content": {"symbol": "gear"}}"#))
                .isEmpty)
    }

    @Test("1e-400 is an error (it used to read as 0); 1e-300 and 0 are fine")
    func underflow() {
        let m = messages(#"{"version": 1, "pointer": {"autoHideDelay": 1e-400}}"#)
        #expect(
            m == [
                "scene.json:1:45: error: invalid JSON: number 1e-400 is too small to represent (it would be read as 0); expected 0, or a number of at least 1e-300 in magnitude"
            ])
        #expect(messages(#"{"version": 1, "pointer": {"autoHideDelay": 1e-300}}"#).isEmpty)
        #expect(messages(#"{"version": 1, "pointer": {"autoHideDelay": 0e-400}}"#).isEmpty)
        let path = messages(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "shape": {"path": "M0 0 L1e-400 5 L0 5 Z"}}"#))
        #expect(path.first?.contains("number 1e-400 is too small to represent") == true, "\(path)")
    }

    @Test("an out-of-range number is echoed cut short, not 100 KB long")
    func longNumberEchoedShort() {
        let m = messages(#"{"version": 1, "pointer": {"diameter": 1"# + String(repeating: "0", count: 100_000) + "}}")
        #expect(m.count == 1)
        #expect((m.first?.count ?? 0) < 200, "\(m.first?.prefix(300) ?? "")")
        #expect(m.first?.contains("number 10000000000000000000… (100001 characters) is out of range") == true)
    }

    @Test("a UTF-16 or UTF-32 scene gets an encoding hint, with or without a byte order mark")
    func encodingHints() {
        func first(_ bytes: [UInt8]) -> String? {
            do {
                _ = try SceneLoader.load(bytes: bytes, file: "s.json", baseDirectory: nil, fileExists: { _ in false })
                return nil
            } catch { return error.diagnostics.first?.message }
        }
        let text = #"{"version": 1}"#
        let le: [UInt8] =
            [0xFF, 0xFE] + text.utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let be: [UInt8] = text.utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u >> 8), UInt8(u & 0xFF)] }
        let utf32: [UInt8] =
            [0xFF, 0xFE, 0, 0]
            + text.unicodeScalars.flatMap { (u: Unicode.Scalar) -> [UInt8] in [UInt8(u.value & 0xFF), 0, 0, 0] }
        #expect(first(le) == "not UTF-8 text: the file is UTF-16 (little-endian) text; save it as UTF-8")
        #expect(first(be) == "not UTF-8 text: the file looks like UTF-16 (big-endian) text; save it as UTF-8")
        #expect(first(utf32) == "not UTF-8 text: the file is UTF-32 (little-endian) text; save it as UTF-8")
    }

    @Test("2000 unknown hides ids: 1000 errors listed and a count of the rest; only the first 100 get a suggestion")
    func manyUnknownReferences() {
        let ids = (0..<2000).map { "\"x\($0)\"" }.joined(separator: ",")
        let regions = (0..<2000).map { #"{"id": "r\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",")
        let d = diagnostics(sceneText(regions: #"{"id": "a", "frame": [0, 0, 5, 5], "hides": [\#(ids)]}, \#(regions)"#))
        #expect(d.count == 1001)
        #expect(d.last?.message == "1000 more errors not shown (only the first 1000 are listed)")
        #expect(d.filter { $0.suggestion?.hasPrefix("did you mean") == true }.count == 100)
        #expect(d.first?.suggestion == #"did you mean "r0"?"#)
    }

    @Test("the suggestion search is bounded but still finds the typo")
    func boundedSuggestions() {
        let names = (0..<20_000).map { "button-\($0)" } + ["effect"]
        #expect(KeySuggestion.closest(to: "efect", among: names) == "effect")
        #expect(KeySuggestion.closest(to: "button-1234x", among: names) == "button-1234")
        #expect(KeySuggestion.closest(to: String(repeating: "a", count: 10_000), among: names) == nil)
        #expect(
            KeySuggestion.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars), atMost: 2) == nil)
        #expect(KeySuggestion.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars), atMost: 3) == 3)
    }

    @Test("names, keys and values are echoed with control characters escaped and cut when long")
    func echoedTextIsEscaped() {
        let d = messages(#"{"version": 1, "na\u001b[2Jme": 1, "appearance": "\u001b]0;owned\u0007"}"#)
        #expect(d.count == 2)
        for line in d {
            #expect(
                !line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }, "\(line)")
        }
        #expect(d.first?.contains(#"unknown key "na\u001B[2Jme""#) == true, "\(d)")
        #expect(
            TerminalText.quoted(String(repeating: "x", count: 100)) == "\"" + String(repeating: "x", count: 60)
                + "…\" (100 characters)")
        #expect(TerminalText.escaped("a\nb\u{9B}c\u{202E}") == #"a\nb\u009Bc\u202E"#)
        #expect(TerminalText.clause("see 'make install'.") == "see 'make install'")
    }

    @Test("a snap step of 1e-306 or a denormal is refused with the 0.01 pt minimum (the pointer became NaN)")
    func snapStepMinimum() {
        for step in ["1e-306", "5e-324", "0.001"] {
            let m = messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "snap": {"y": \#(step)}}"#))
            #expect(m.count == 1, "\(step): \(m)")
            #expect(m.first?.contains("regions[0].snap.y: ") == true, "\(m)")
            #expect(
                m.first?.contains(
                    "is below the minimum of 0.01 pt (docs/limits.md); expected a cell height of at least 0.01 pt")
                    == true, "\(m)")
        }
        #expect(
            messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "snap": {"x": 0.01, "y": 22}}"#)).isEmpty
        )
    }

    @Test("zoom and hover scales outside 0.01…100 are refused (zoom offsets reached 5.8e9, a tiny scale broke Cairo)")
    func scaleFactorLimits() {
        let zoomMax = messages(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "zoom": {"min": 1, "max": 1e8}}"#))
        #expect(
            zoomMax.first?.contains(
                "regions[0].zoom.max: 100000000 is above the maximum of 100 (docs/limits.md); expected a scale factor from 0.01 to 100"
            ) == true, "\(zoomMax)")
        let zoomMin = messages(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "zoom": {"min": 1e-306, "max": 2}}"#))
        #expect(
            zoomMin.first?.contains("regions[0].zoom.min: 1e-306 is below the minimum of 0.01") == true, "\(zoomMin)")
        let hover = messages(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "effect": {"hover": {"scale": 1e-300}}}"#))
        #expect(hover.first?.contains("effect.hover.scale: 1e-300 is below the minimum of 0.01") == true, "\(hover)")
        let diameter = messages(#"{"version": 1, "pointer": {"diameter": 1e-300}}"#)
        #expect(diameter.first?.contains("is below the 0.01 pt minimum for pointer shapes") == true, "\(diameter)")
        #expect(
            messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "zoom": {"min": 0.01, "max": 100}}"#))
                .isEmpty)
    }

    @Test("menus, modifier rules and their region lists have item limits, named in the message (issue 39)")
    func listLimits() {
        let items = Array(repeating: #""Copy""#, count: 1_001).joined(separator: ",")
        let menu = messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "menu": [\#(items)]}"#))
        #expect(
            menu.count == 1
                && menu.first?.contains("regions[0].menu: 1 001 menu items, more than the limit of 1 000") == true,
            "\(menu)")
        #expect(menu.first?.contains("at most 1 000 menu items (docs/limits.md)") == true, "\(menu)")
        let fine = Array(repeating: #""Copy""#, count: 1_000).joined(separator: ",")
        #expect(messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "menu": [\#(fine)]}"#)).isEmpty)
        let title = String(repeating: "x", count: 1_001)
        let long = messages(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "menu": ["Copy", "\#(title)"]}"#))
        #expect(long.first?.contains("regions[0].menu[1]: a menu item title of 1 001 characters") == true, "\(long)")
        let rule = #"{"keys": ["shift"], "shape": "crosshair"}"#
        let rules = messages(
            #"{"version": 1, "modifiers": [\#(Array(repeating: rule, count: 1_001).joined(separator: ","))]}"#)
        #expect(
            rules.first?.contains("modifiers: 1 001 modifier rules, more than the limit of 1 000") == true, "\(rules)")
        let ids = Array(repeating: #""a""#, count: 20_001).joined(separator: ",")
        let listed = messages(
            #"{"version": 1, "modifiers": [{"keys": ["shift"], "shape": "crosshair", "regions": [\#(ids)]}], "regions": [{"id": "a", "frame": [0, 0, 40, 40]}]}"#
        )
        #expect(
            listed.first?.contains("modifiers[0].regions: 20 001 region ids, more than the limit of 20 000") == true,
            "\(listed)")
    }

    @Test("a region listing the same hides entry 200 000 times gives one lint finding with the count")
    func duplicateHidesAggregated() throws {
        let ids = Array(repeating: #""a""#, count: 200_000).joined(separator: ",")
        let scene = try loadScene(sceneText(regions: #"{"id": "a", "frame": [0, 0, 40, 40], "hides": [\#(ids)]}"#))
        let findings = SceneLinter.lint(scene).filter { $0.rule == "hides-itself" }
        #expect(findings.count == 1)
        #expect(
            findings.first?.message
                == "'a' hides 'a' (listed 200 000 times), which is itself: it fades out under the pointer",
            "\(findings.first?.message ?? "")")
    }

    @Test("the segment-limit hint says what the format can do (it said \"reuse one shape\", which it cannot)")
    func segmentLimitHint() {
        let path = "M0 0" + String(repeating: " L1 1", count: 4000)
        let regions = (0..<17).map {
            #"{"id": "r\#($0)", "frame": [0, 0, 40, 40], "shape": {"path": "\#(path)", "size": [24, 24]}}"#
        }
        let d = diagnostics(sceneText(regions: regions.joined(separator: ",")))
        #expect(d.count == 1)
        #expect(d.first?.suggestion?.contains("reuse") == false, "\(d)")
        #expect(d.first?.suggestion?.contains("use a built-in shape") == true, "\(d)")
    }

    @Test(
        "pinching out at one corner and in at the other, again and again, keeps zoom offsets within ±1e8 pt (they reached 5.8e9)"
    )
    func zoomOffsetsBounded() throws {
        let scene =
            #"{"version": 1, "regions": [{"id": "z", "frame": [-999000, -999000, 1998000, 1998000], "zoom": {"min": 0.01, "max": 100}, "regions": [{"id": "c", "frame": [0, 0, 10, 10]}]}]}"#
        var trace = ""
        var t = 0.0
        for cycle in 0..<6 {
            for (corner, scale) in [(-990000.0, 0.0001), (990000.0, 1e6)] {
                trace += #"{"t":\#(t),"type":"position","x":\#(corner),"y":\#(corner)}"# + "\n"
                trace += #"{"t":\#(t + 0.01),"type":"pinch","phase":"begin","scale":1,"rotation":0}"# + "\n"
                trace +=
                    #"{"t":\#(t + 0.02),"type":"pinch","phase":"end","scale":\#(scale),"rotation":\#(cycle * 7)}"#
                    + "\n"
                t += 0.1
            }
        }
        let frames = try EngineFixture.replay(scene, trace, fps: 20)
        var largest = 0.0
        for f in frames {
            if let z = f.regions["z"] { largest = max(largest, abs(z.offset.x), abs(z.offset.y)) }
        }
        #expect(largest > 1e6, "the test must push the offset far")
        #expect(largest <= 1e8, "offset reached \(largest)")
    }

    @Test("identical lint findings are merged into one with the count")
    func identicalFindingsMerged() {
        let f = LintFinding(rule: "r", severity: .warning, regions: ["a"], location: nil, message: "m", fix: "x")
        var other = f
        other.regions = ["b"]
        let merged = SceneLinter.merged([f, other, f, f])
        #expect(merged.map(\.message) == ["m (found 3 times)", "m"])
        #expect(merged.map(\.regions) == [["a"], ["b"]])
    }

    @Test(
        "hides keeps each id once with the count of repeats, so the engine does not walk a million copies every frame")
    func hidesKeptOnce() throws {
        let scene = try loadScene(
            sceneText(
                regions:
                    #"{"id": "a", "frame": [0, 0, 40, 40], "hides": ["b", "a", "b", "b"]}, {"id": "b", "frame": [50, 0, 4, 40]}"#
            ))
        #expect(scene.regions[0].hides == ["b", "a"])
        #expect(scene.regions[0].hidesListed == ["b": 3])
    }
}
