import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

@Suite struct SceneLoadingErrorTests {
    /// One scene, many mistakes: each must be reported, at its own line:column.
    static let broken = """
        {
          "version": 1,
          "canvas": { "size": [1280, 800], "color": "#1C1C1G" },
          "regions": [
            { "id": "back", "frame": [40, 20, -37, 37], "efect": "highlight" },
            { "id": "back", "frame": [80, 20, 37, 37], "hides": ["nope"] },
            { "frame": [0, 0, 10, 10], "shape": { "path": "M0 0 L10 x" } },
            { "id": "b a d", "frame": [0, 0, 10], "shape": "crosshare" }
          ],
          "modifiers": [ { "keys": ["ctl"], "shape": "target", "regions": ["bak"] } ]
        }
        """

    @Test("absurdly large numbers (1e308) are errors at each number, so nothing downstream overflows to inf")
    func hugeNumbers() {
        let d = diagnostics(
            """
            {"version": 1, "canvas": {"size": [1e308, 800]}, "pointer": {"autoHideDelay": 2e9},
             "regions": [{"id": "a", "frame": [1e9, -1e9, 1e300, 10], "zoom": {"min": 0.5, "max": 1e12}}]}
            """)
        #expect(
            d.map(\.jsonPath) == [
                "canvas.size[0]", "pointer.autoHideDelay", "regions[0].frame[2]", "regions[0].zoom.max",
            ])
        #expect(d.allSatisfy { $0.message.contains("too large") && $0.location.line > 0 })
        // The limit itself is fine: at the frame limit (docs/limits.md).
        #expect(diagnostics(sceneText(regions: #"{"id": "a", "frame": [-5e5, 5e5, 5e5, 5e5]}"#)).isEmpty)
    }

    @Test("every mistake in a file is reported with its line:column and JSON path, in file order")
    func everyMistake() {
        let d = diagnostics(Self.broken)
        let summary = d.map { "\($0.location.line):\($0.location.column) \($0.jsonPath)" }
        #expect(
            summary == [
                "3:45 canvas.color", // bad colour
                "5:39 regions[0].frame", // negative width, at the width itself
                "5:49 regions[0]", // unknown key "efect"
                "6:13 regions[1].id", // duplicate id
                "6:58 regions[1].hides[0]", // unknown hides id
                "7:5 regions[2]", // missing required id
                "7:61 regions[2].shape.path", // bad path data, at the bad character
                "8:13 regions[3].id", // invalid id
                "8:31 regions[3].frame", // three numbers instead of four
                "8:52 regions[3].shape", // unknown shape, suggestion
                "10:29 modifiers[0].keys[0]", // unknown key name
                "10:68 modifiers[0].regions[0]", // unknown region id
            ])
        #expect(d.allSatisfy { $0.location.file == "scene.json" })
    }

    @Test("messages say what is wrong, what was expected and how to fix it")
    func messages() {
        let lines = diagnostics(Self.broken).map(\.description)
        #expect(lines.contains(#"scene.json:5:49: error: regions[0]: unknown key "efect"; did you mean "effect"?"#))
        #expect(
            lines.contains(
                "scene.json:5:39: error: regions[0].frame: w must be greater than 0, found -37; expected [x, y, w, h] with w, h > 0"
            ))
        #expect(
            lines.contains(where: {
                $0.hasPrefix(
                    "scene.json:3:45: error: canvas.color: invalid colour \"#1C1C1G\"; expected a colour \"#RRGGBB\" or \"#RRGGBBAA\""
                )
            }))
        #expect(lines.contains(where: { $0.contains(#"duplicate region id "back" (first used at scene.json:5:13)"#) }))
        #expect(lines.contains(where: { $0.contains(#"missing required key "id""#) }))
        #expect(
            lines.contains(where: {
                $0.contains("invalid path data at character 9: unexpected 'x'; expected a number (lineto y)")
            }))
        #expect(
            lines.contains(where: {
                $0.contains(#"unknown shape "crosshare""#) && $0.hasSuffix(#"did you mean "crosshair"?"#)
            }))
        #expect(lines.contains(where: { $0.contains(#"hides names unknown region id "nope""#) }))
        #expect(
            lines.contains(where: { $0.contains(#"unknown region id "bak""#) && $0.hasSuffix(#"did you mean "back"?"#) }
            ))
        #expect(
            lines.contains(where: { $0.contains(#"unknown value "ctl""#) && $0.hasSuffix(#"did you mean "ctrl"?"#) }))
    }

    @Test("unknown keys anywhere suggest the closest known key, or list the valid ones")
    func unknownKeys() {
        let d = diagnostics(
            """
            {"version": 1, "regons": [], "pointer": {"diamter": 20, "magnetism": {"raduis": 1}},
             "canvas": {"colour": "#000000"}, "zzzzzzzz": 1}
            """)
        #expect(
            d.map(\.suggestion) == [
                #"did you mean "regions"?"#, #"did you mean "diameter"?"#, #"did you mean "radius"?"#,
                #"did you mean "color"?"#,
                "valid: \"$schema\", \"version\", \"name\", \"appearance\", \"canvas\", \"pointer\", \"regions\", \"modifiers\"",
            ])
        #expect(d.map(\.jsonPath) == ["", "pointer", "pointer.magnetism", "canvas", ""])
        #expect(d[0].description == #"scene.json:1:16: error: unknown key "regons"; did you mean "regions"?"#)
    }

    @Test("wrong types say what was expected")
    func wrongTypes() {
        let d = diagnostics(
            sceneText(
                regions: """
                    {"id": 7, "frame": "0 0 10 10", "selected": "yes", "menu": "Open", "hitPadding": [1, 2],
                     "cornerRadius": -1, "effect": 3, "shape": [], "snap": {}, "zoom": {"min": 2, "max": 1},
                     "constrainedAxes": ["diagonal"], "reveal": "always", "content": {"fill": 0}, "group": ""}
                    """, extra: #""appearance": "dim", "pointer": {"inertia": 1, "autoHideDelay": -2}"#))
        let byPath = Dictionary(d.map { ($0.jsonPath, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byPath["regions[0].id"]?.message == "expected a string of letters, digits, '_', '.' or '-', found 7")
        #expect(byPath["regions[0].frame"]?.message == #"expected [x, y, w, h] with w, h > 0, found "0 0 10 10""#)
        #expect(byPath["regions[0].selected"]?.message == #"expected true or false, found "yes""#)
        #expect(byPath["regions[0].menu"]?.message.hasPrefix("expected an array of menu item titles") == true)
        #expect(byPath["regions[0].hitPadding"]?.message == "found 2 numbers, need 4")
        #expect(byPath["regions[0].cornerRadius"]?.expected == "a number ≥ 0")
        #expect(byPath["regions[0].effect"] != nil)
        #expect(byPath["regions[0].shape"] != nil)
        #expect(byPath["regions[0].snap"]?.message.contains("needs \"x\", \"y\" or both") == true)
        #expect(byPath["regions[0].zoom"]?.message == "zoom min 2 is greater than max 1")
        #expect(byPath["regions[0].constrainedAxes[0]"]?.message == #"unknown value "diagonal""#)
        #expect(byPath["regions[0].reveal"] != nil)
        #expect(byPath["regions[0].content.fill"] != nil)
        #expect(byPath["regions[0].group"] != nil)
        #expect(byPath["appearance"]?.expected == #"one of "light", "dark""#)
        #expect(byPath["pointer.inertia"] != nil)
        #expect(byPath["pointer.autoHideDelay"]?.message == "-2 is out of range")
        #expect(d.count == 17)
    }

    @Test("version must be 1 and is required")
    func version() {
        let two = diagnostics(#"{"version": 2}"#)
        #expect(two.count == 1)
        #expect(two.first?.message == "unsupported scene format version 2")
        let missing = diagnostics("{}")
        #expect(missing.first?.message == #"missing required key "version""#)
        #expect(missing.first?.location.line == 1 && missing.first?.location.column == 1)
        #expect(diagnostics("[]").first?.message.hasPrefix("expected a scene object") == true)
    }

    @Test("a missing image names the path as written, where it looked and the JSON path")
    func missingImage() {
        let d = diagnostics(
            sceneText(regions: #"{"id": "a", "frame": [0, 0, 5, 5], "content": {"image": "icons/a.png"}}"#))
        #expect(d.count == 1)
        #expect(d.first?.jsonPath == "regions[0].content.image")
        #expect(d.first?.message == #"image file "icons/a.png" not found (looked for /scenes/icons/a.png)"#)
    }

    @Test("region ids are unique across nesting levels; hides may name a region defined later")
    func idsAcrossLevels() {
        let d = diagnostics(
            sceneText(
                regions: """
                    {"id": "a", "frame": [0, 0, 5, 5], "hides": ["c"], "regions": [{"id": "b", "frame": [0, 0, 1, 1]}]},
                    {"id": "c", "frame": [0, 0, 5, 5], "regions": [{"id": "b", "frame": [0, 0, 1, 1]}]}
                    """))
        #expect(d.count == 1)
        #expect(d.first?.jsonPath == "regions[1].regions[0].id")
    }

    @Test("duplicate keys in one object are reported")
    func duplicateKeys() {
        let d = diagnostics(#"{"version": 1, "name": "a", "name": "b"}"#)
        #expect(d.count == 1)
        #expect(d.first?.message == #"duplicate key "name""#)
        #expect(d.first?.location.column == 29)
    }

    @Test("JSON syntax errors stop the load with file:line:column and what was expected")
    func syntaxErrors() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  \"version\": 1,\n}", 3, 1, "',' or '}'"), // trailing comma → expects a key
            ("{\"version\": 1 \"name\": \"x\"}", 1, 15, "',' or '}'"),
            ("{\"a\": [1, 2,]}", 1, 13, "a value"),
            ("{\"a\": tru}", 1, 7, "'true' or another value"),
            ("{\"a\": \"x", 1, 9, "'\"'"),
            ("{\"a\": 01}", 1, 8, "'.', 'e' or the end of the number"),
            ("{\"a\": 1} x", 1, 10, "end of file"),
            ("", 1, 1, "a value"),
            ("{\"é\": \"ü\", x}", 1, 12, "a key in double quotes"),
        ]
        for (text, line, column, expected) in cases {
            let d = diagnostics(text)
            #expect(d.count == 1, "\(text)")
            #expect(d.first.map { "\($0.location.line):\($0.location.column)" } == "\(line):\(column)", "\(text)")
            if expected == "',' or '}'" && line == 3 {
                #expect(d.first?.message.contains("trailing comma") == true)
            } else {
                #expect(d.first?.expected == expected, "\(text)")
            }
        }
    }

    @Test("an unreadable file is one clear error naming the file")
    func unreadable() {
        do {
            _ = try SceneLoader.load(path: "/nonexistent/scene.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/scene.json: error: cannot read scene file: no such file")
        }
    }
}
