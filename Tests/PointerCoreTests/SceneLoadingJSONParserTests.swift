import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

@Suite struct SceneLoadingJSONParserTests {
    @Test("every value and key keeps its line and column (columns count characters, not bytes)")
    func positions() throws {
        let text = "{\n  \"a\": [1, true],\n\t\"ü\": {\"b\": null}, \"c\": \"é\"\n}"
        let root = try JSONParser.parse(text)
        #expect(root.position.line == 1 && root.position.column == 1)
        guard case .object(let object) = root.kind else {
            Issue.record("object expected")
            return
        }
        let members = Array(object)
        #expect(members.map(\.key) == ["a", "ü", "c"])
        #expect(members[0].keyPosition.line == 2 && members[0].keyPosition.column == 3)
        #expect(members[0].value.position.column == 8)
        guard case .array(let items) = members[0].value.kind else {
            Issue.record("array expected")
            return
        }
        #expect(items.map(\.position.column) == [9, 12])
        #expect(members[1].keyPosition.line == 3 && members[1].keyPosition.column == 2)
        // After the two-byte "ü" the columns still count characters.
        #expect(members[1].value.position.column == 7)
        #expect(members[2].keyPosition.column == 20)
        #expect(members[2].value.position.column == 25)
    }

    @Test(
        "positions deep into a large file match a count from its start (lines, tabs, multi-byte text, a byte order mark)"
    )
    func positionsFarIntoTheFile() throws {
        var text = "[\n"
        for i in 0..<6000 {
            let name = i % 3 == 0 ? "caf\u{e9} \u{1F600} \(i)" : "item \(i)"
            text +=
                i % 7 == 0
                ? "\t{\"\(name)\": [\(i), true, null]},\n"
                : "  \"\(String(repeating: "\u{fc}", count: i % 40))\", \(i),"
        }
        text += "0]"
        for bom in [false, true] {
            let bytes = (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
            let root = try JSONParser.parse(bytes)
            // Line and column of every byte, counted the slow way.
            var expected: [TextPosition] = []
            var line = 1
            var lineStart = bom ? 3 : 0
            var continuation = 0
            for (offset, b) in bytes.enumerated() {
                expected.append(TextPosition(offset: offset, line: line, column: offset - lineStart - continuation + 1))
                if b == 0x0A {
                    line += 1
                    lineStart = offset + 1
                    continuation = 0
                } else if offset >= 3 || !bom, b & 0xC0 == 0x80 {
                    continuation += 1
                }
            }
            var checked = 0
            func walk(_ value: JSONValue) {
                #expect(value.position == expected[value.position.offset])
                checked += 1
                switch value.kind {
                case .array(let items): items.forEach(walk)
                case .object(let members):
                    for m in members {
                        #expect(m.keyPosition == expected[m.keyPosition.offset])
                        walk(m.value)
                    }
                default: break
                }
            }
            walk(root)
            #expect(checked > 12_000)
            #expect(bytes.count > 200_000, "the file spans many checkpoints")
        }
    }

    @Test("arrays and objects step over nested values; counts, keys and values read back as written")
    func containers() throws {
        let root = try JSONParser.parse(#"[[1, [2, 3]], {"a": {"b": [4]}, "c": 5, "a": "dup"}, [], {}, 6]"#)
        guard case .array(let items) = root.kind else {
            Issue.record("array expected")
            return
        }
        #expect(items.count == 5)
        #expect(items.map(\.kindName) == ["an array", "an object", "an array", "an object", "a number"])
        let all = Array(items)
        #expect(all[4].kind == .number(6))
        guard case .object(let object) = all[1].kind else {
            Issue.record("object expected")
            return
        }
        #expect(object.map(\.key) == ["a", "c", "a"])
        #expect(object["c"]?.kind == .number(5))
        #expect(object["missing"] == nil)
        guard case .object(let inner)? = object["a"]?.kind, case .array(let four)? = inner["b"]?.kind else {
            Issue.record("the first \"a\" is the object")
            return
        }
        #expect(Array(four).map(\.kind) == [.number(4)])
        guard case .array(let first) = all[0].kind else {
            Issue.record("array expected")
            return
        }
        let twoThree = try JSONParser.parse("[2,3]")
        #expect(first.count == 2 && Array(first)[1] == twoThree)
        if case .array(let empty) = all[2].kind {
            #expect(empty.isEmpty && empty.count == 0)
        } else {
            Issue.record("[] expected")
        }
        if case .object(let empty) = all[3].kind { #expect(empty.isEmpty) } else { Issue.record("{} expected") }
    }

    @Test("values: numbers in every JSON form, escapes, surrogate pairs, literals")
    func values() throws {
        let root = try JSONParser.parse(
            #"[0, -0.5, 12.25, 1e3, -2.5E-2, 123456789012345678, 0.1, "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", true, false, null]"#
        )
        guard case .array(let array) = root.kind else {
            Issue.record("array expected")
            return
        }
        let v = Array(array)
        let numbers = v[0..<7].compactMap { if case .number(let n) = $0.kind { return n } else { return nil } }
        #expect(numbers == [0, -0.5, 12.25, 1000, -0.025, 123_456_789_012_345_680, 0.1])
        #expect(v[7].kind == .string("a\"\\/\u{8}\u{c}\n\r\té😀"))
        #expect(v[8].kind == .bool(true) && v[9].kind == .bool(false) && v[10].kind == .null)
    }

    @Test("decimal numbers round exactly like Double's own parser")
    func numberRounding() throws {
        for text in [
            "0.1", "0.3", "1.7976931348623157", "3.14159265358979", "123.456", "999999999999999.9", "0.000001",
        ] {
            let root = try JSONParser.parse(text)
            #expect(root.kind == .number(Double(text)!), "\(text)")
        }
    }

    @Test("syntax errors say where and what was expected")
    func syntaxErrors() {
        let cases: [(String, Int, Int, String?)] = [
            ("[1 2]", 1, 4, "',' or ']'"),
            ("{\"a\" 1}", 1, 6, "':'"),
            ("{a: 1}", 1, 2, "a key in double quotes"),
            ("[1,\n // c\n]", 2, 2, "a value"),
            ("\"\\x\"", 1, 3, "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
            ("\"a\nb\"", 1, 3, "'\"' or \\n"),
            ("[-]", 1, 3, "a digit"),
            ("[1.]", 1, 4, "a digit after '.'"),
            ("['a']", 1, 2, "a value"),
            ("[1e999]", 1, 2, nil),
        ]
        for (text, line, column, expected) in cases {
            do {
                _ = try JSONParser.parse(text)
                Issue.record("\(text) should fail")
            } catch {
                #expect(Int(error.position.line) == line && Int(error.position.column) == column, "\(text): \(error)")
                #expect(error.expected == expected, "\(text): \(error)")
            }
        }
    }

    @Test("a string that is not UTF-8 (a Latin-1 file) is an error at its first bad byte, not silent U+FFFD")
    func invalidUTF8() {
        // "café" saved as Latin-1 on line 2, after a valid "é" on the same line.
        let cases: [([UInt8], Int, Int)] = [
            (Array("{\"a\": 1,\n \"b\": \"\u{e9} caf".utf8) + [0xE9] + Array("\"}".utf8), 2, 13),
            (Array("[\"\\n".utf8) + [0xFF, 0x22, 0x5D], 1, 5), // after an escape (slow path)
            (Array("[\"".utf8) + [0xC3] + Array("\"]".utf8), 1, 3), // truncated sequence
        ]
        for (bytes, line, column) in cases {
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("\(bytes) should fail")
            } catch {
                #expect(Int(error.position.line) == line && Int(error.position.column) == column, "\(error)")
                #expect(error.message.contains("not UTF-8"), "\(error)")
            }
        }
        #expect((try? JSONParser.parse(Array("[\"caf\u{e9} \u{1F600}\\n\u{e9}\"]".utf8))) != nil)
    }

    @Test("deep nesting is refused instead of overflowing the stack")
    func depth() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test("a 10k-region scene loads completely (speed is measured by the benchmark, not here)")
    func largeScene() throws {
        var text = "{\"version\": 1, \"regions\": ["
        for i in 0..<10_000 {
            if i > 0 { text += ",\n" }
            text +=
                #"{"id": "r\#(i)", "frame": [\#(i % 100 * 12), \#(i / 100 * 12), 10.5, 10], "effect": "lift", "#
                + ##""group": "g\##(i % 7)", "content": {"fill": "#FF9500", "label": "Item \##(i)"}, "hitPadding": 4}"##
        }
        text += "]}"
        let scene = try loadScene(text)
        #expect(scene.regions.count == 10_000)
        #expect(scene.regions[9_999].frame == Rect(x: 99 * 12, y: 99 * 12, width: 10.5, height: 10))
        #expect(scene.regions[9_999].location?.line == 10_000)
    }
}
