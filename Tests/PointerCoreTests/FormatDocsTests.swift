import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat

/// docs/scene-format.md and docs/trace-format.md are contracts other tools read:
/// their examples must be what the loader and the trace reader accept, and every
/// key the loader knows must be documented.
@Suite struct FormatDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func read(_ name: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    /// The body of the first fenced block after `heading` that opens with `fence`.
    static func firstBlock(in text: String, after heading: String, fence: String) throws -> String {
        let start = try #require(text.range(of: heading), "no heading \(heading)")
        let rest = text[start.upperBound...]
        let open = try #require(rest.range(of: fence + "\n"), "no \(fence) block after \(heading)")
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test("the example in docs/scene-format.md loads with the values it shows")
    func sceneExampleLoads() throws {
        let json = try Self.firstBlock(in: try Self.read("scene-format.md"), after: "## An example", fence: "```json")
        let scene = try loadScene(json)
        #expect(scene.name == "Player")
        #expect(scene.appearance == .dark)
        #expect(scene.pointer.autoHideDelay == 2 && scene.pointer.magnetismRadius == 120)
        #expect(scene.regions.map(\.id) == ["toolbar", "lyrics", "cover"])
        #expect(scene.regions[0].regions.map(\.id) == ["back", "forward"])
        #expect(scene.regions[1].snap == SnapGrid(y: 24))
        #expect(
            scene.modifiers == [ModifierRule(keys: [.alt], shape: .builtin(.arrowsHorizontal), regions: ["lyrics"])])
    }

    @Test("every top-level and region key the loader accepts is documented in docs/scene-format.md")
    func sceneKeysDocumented() throws {
        let text = try Self.read("scene-format.md")
        let undocumentedKeys = (SceneDecoder.topKeys + SceneDecoder.regionKeys).filter { !text.contains("| `\($0)` |") }
        #expect(undocumentedKeys.isEmpty, "no row in docs/scene-format.md for \(undocumentedKeys)")
        let unmentioned = (SceneDecoder.effectNames + SceneDecoder.shapeNames + SceneDecoder.shapeKinds)
            .filter { !text.contains("\"\($0)\"") }
        #expect(unmentioned.isEmpty, "not mentioned in docs/scene-format.md: \(unmentioned)")
    }

    @Test("the example trace in docs/trace-format.md parses and uses every event type")
    func traceExampleParses() throws {
        let text = try Self.read("trace-format.md")
        let events = try TraceReader.parse(try Self.firstBlock(in: text, after: "## Traces", fence: "```"))
        let seen = Set(events.map { Self.typeName($0.kind) })
        #expect(seen == Self.allTypeNames, "the example lacks \(Self.allTypeNames.subtracting(seen).sorted())")
        let undocumented = seen.filter { !text.contains("| `\($0)` |") }
        #expect(undocumented.isEmpty, "no row in the event table for \(undocumented.sorted())")
        #expect(try TraceReader.parse(TraceWriter.text(events)) == events)
    }

    /// Every event type. The switch has no default: a new kind of event does not
    /// compile here until it is named, added to the example and documented.
    static let allTypeNames: Set<String> = [
        "position", "motion", "lift", "hold", "button", "scroll", "pinch", "swipe",
        "modifiers", "leave", "key", "acceleration", "device",
    ]
    static func typeName(_ kind: InputEvent.Kind) -> String {
        switch kind {
        case .position: return "position"
        case .motion: return "motion"
        case .lift: return "lift"
        case .hold: return "hold"
        case .button: return "button"
        case .scroll: return "scroll"
        case .pinch: return "pinch"
        case .swipe: return "swipe"
        case .modifiers: return "modifiers"
        case .leave: return "leave"
        case .key: return "key"
        case .acceleration: return "acceleration"
        case .device: return "device"
        }
    }

    @Test("the frame-dump example in docs/trace-format.md has the keys the writer writes")
    func frameDumpExampleMatchesWriter() throws {
        let text = try Self.read("trace-format.md")
        let line = try Self.firstBlock(in: text, after: "## Frame dumps", fence: "```")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let written = FrameDumpWriter.line(
            PointerFrame(
                time: 0, pointer: .zero,
                visible: VisiblePointer(
                    kind: .circle, frame: Rect(x: 0, y: 0, width: 19, height: 19), cornerRadius: 9.5,
                    geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5))))
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(expected.keys))
        let visible = try #require(object["visible"] as? [String: Any])
        let expectedVisible = try #require(expected["visible"] as? [String: Any])
        #expect(Set(visible.keys) == Set(expectedVisible.keys))
    }
}
