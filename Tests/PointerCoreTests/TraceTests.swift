import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat

@Suite struct TraceTests {
    static let formatExample = """
        {"t":0.000,"type":"position","x":400,"y":300}
        {"t":0.008,"type":"motion","dx":6.5,"dy":-1.0}
        {"t":0.120,"type":"lift"}
        {"t":0.300,"type":"hold","phase":"begin"}
        {"t":0.310,"type":"hold","phase":"end"}
        {"t":0.500,"type":"button","button":"primary","state":"pressed"}
        {"t":0.560,"type":"button","button":"primary","state":"released"}
        {"t":0.700,"type":"button","button":"secondary","state":"pressed"}
        {"t":1.000,"type":"scroll","dx":0,"dy":-12,"source":"finger","phase":"update"}
        {"t":1.200,"type":"pinch","phase":"begin","scale":1.0,"rotation":0}
        {"t":1.216,"type":"pinch","phase":"update","scale":1.3,"rotation":12}
        {"t":1.300,"type":"pinch","phase":"end","scale":1.3,"rotation":12}
        {"t":1.400,"type":"swipe","phase":"begin","fingers":3,"dx":0,"dy":0}
        {"t":1.500,"type":"modifiers","keys":["ctrl"]}
        {"t":1.600,"type":"leave"}
        """

    @Test("a trace with each of the original event types parses into the events it describes")
    func formatExampleParses() throws {
        let events = try TraceReader.parse(Self.formatExample)
        #expect(events.count == 15)
        #expect(events[0] == InputEvent(time: 0, .position(Point(x: 400, y: 300))))
        #expect(events[1] == InputEvent(time: 0.008, .motion(dx: 6.5, dy: -1)))
        #expect(events[8] == InputEvent(time: 1, .scroll(dx: 0, dy: -12, source: .finger, phase: .update)))
        #expect(events[10] == InputEvent(time: 1.216, .pinch(phase: .update, scale: 1.3, rotation: 12)))
        #expect(events[13] == InputEvent(time: 1.5, .modifiers([.ctrl])))
        #expect(events[14] == InputEvent(time: 1.6, .leave))
    }

    @Test("writer and reader round-trip every event kind")
    func roundTrip() throws {
        let events = try TraceReader.parse(
            Self.formatExample + "\n{\"t\":2,\"type\":\"key\",\"key\":\"escape\"}"
                + "\n{\"t\":2,\"type\":\"acceleration\",\"curve\":\"host\"}")
        let text = TraceWriter.text(events)
        #expect(try TraceReader.parse(text) == events)
        #expect(text.split(separator: "\n").count == events.count)
    }

    @Test(
        "B11 a trace that says its motion was accelerated by the host replays it 1:1; without it the engine's curve applies"
    )
    func recordedAcceleration() throws {
        var stroke = #"{"t":0,"type":"position","x":200,"y":300}"# + "\n"
        for i in 1...10 { stroke += #"{"t":\#(0.1 + Double(i) * 0.008),"type":"motion","dx":30,"dy":0}"# + "\n" }
        func endX(_ text: String) throws -> Double {
            var last: PointerFrame?
            Replay.frames(
                scene: Scene(pointer: PointerSettings(autoHideDelay: 0, inertia: false)),
                events: try TraceReader.parse(text), fps: 60
            ) { last = $0 }
            return last?.pointer.x ?? .nan
        }
        #expect(abs(try endX(#"{"t":0,"type":"acceleration","curve":"host"}"# + "\n" + stroke) - 500) < 0.01)
        #expect(try endX(stroke) > 700, "raw device motion is accelerated by the engine's curve")
    }

    @Test("a malformed line is an error naming its line number and the problem; nothing is returned")
    func malformedLines() {
        func error(_ text: String) -> TraceError? {
            do {
                _ = try TraceReader.parse(text)
                return nil
            } catch let e as TraceError { return e } catch { return nil }
        }
        let good = "{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":2}\n"
        let broken = error(good + "\n{\"t\":0.1,\"type\":\"motion\",\"dx\":1\n")
        #expect(broken?.line == 3)
        let missing = error(good + "{\"t\":0.1,\"type\":\"motion\",\"dx\":1}\n")
        #expect(missing?.line == 2)
        #expect(missing?.message.contains("dy") == true)
        let backwards = error(good + "{\"t\":0.5,\"type\":\"lift\"}\n{\"t\":0.4,\"type\":\"lift\"}\n")
        #expect(backwards?.line == 3)
        #expect(backwards?.message.contains("earlier") == true)
        let unknown = error("{\"t\":0,\"type\":\"teleport\"}")
        #expect(unknown?.message.contains("teleport") == true)
        let badEnum = error("{\"t\":0,\"type\":\"button\",\"button\":\"left\",\"state\":\"pressed\"}")
        #expect(badEnum?.message.contains("primary") == true)
        let fingers = error("{\"t\":0,\"type\":\"swipe\",\"phase\":\"begin\",\"fingers\":1e300}")
        #expect(fingers?.message.contains("fingers") == true)
        let boolean = error("{\"t\":true,\"type\":\"lift\"}")
        #expect(boolean?.message.contains("number") == true)
    }

    @Test("a trace file that is not UTF-8, a directory or missing says so, naming the line where there is one")
    func unreadableTraceFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let latin1 = dir.appendingPathComponent("latin1.jsonl")
        try Data(
            Array("{\"t\":0,\"type\":\"lift\"}\n{\"t\":1,\"type\":\"key\",\"key\":\"".utf8) + [0xE9]
                + Array("\"}\n".utf8)
        )
        .write(to: latin1)
        func error(_ path: String) -> TraceError? {
            do {
                _ = try TraceReader.read(path: path)
                return nil
            } catch let e as TraceError { return e } catch { return nil }
        }
        let bad = error(latin1.path)
        #expect(bad?.line == 2)
        #expect(bad?.message.contains("UTF-8") == true)
        #expect(error(dir.path)?.message.contains("directory") == true)
        #expect(error(dir.appendingPathComponent("nope.jsonl").path)?.message.contains("no such file") == true)
    }

    @Test("frame dump numbers stay valid JSON however large (no inf from rounding overflow)")
    func frameDumpHugeNumbers() throws {
        for v in [1e300, -1.7e308, 123_456_789_012_345.678, 2.5e15, -0.0004, .nan, .infinity] {
            let text = JSONText.number(v)
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Double]
            #expect(parsed?.count == 1, "\(v) → \(text)")
            if v.isFinite, let x = parsed?.first {
                #expect(abs(x - v) <= max(abs(v) * 1e-15, 0.0005), "\(v) → \(text)")
            }
        }
    }

    @Test("frame dump lines carry the documented keys with numbers rounded to 3 decimals")
    func frameDumpFormat() throws {
        let frame = PointerFrame(
            time: 1.0 / 120, pointer: Point(x: 412.00001, y: 300.5),
            visible: VisiblePointer(
                kind: .roundedRect, frame: Rect(x: 398.12345, y: 282, width: 41, height: 41),
                cornerRadius: 8, geometry: .roundedRect(size: Size(width: 41, height: 41), cornerRadius: 8)),
            target: "back", effect: .highlight,
            menu: ContextMenu(
                region: "icon", items: ["Play", "Say \"hi\""], frame: Rect(x: 1, y: 2, width: 3, height: 4)),
            regions: [
                "map": RegionState(offset: Point(x: 0, y: -12), scale: 1.3, rotation: 12),
                "quiet": RegionState(emphasis: 0.0001),
            ])
        let line = FrameDumpWriter.line(frame)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in ["t", "pointer", "visible", "target", "effect", "pressed", "hidden", "menu", "regions"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(line.hasPrefix("{\"t\":0.008,\"pointer\":{\"x\":412,\"y\":300.5}"))
        #expect(
            line.contains(
                "\"visible\":{\"shape\":\"roundedRect\",\"name\":null,\"frame\":[398.123,282,41,41],\"cornerRadius\":8,\"opacity\":1,\"scale\":1}"
            ))
        #expect(line.contains("\"regions\":{\"map\":{\"offset\":[0,-12],\"scale\":1.3,\"rotation\":12}}"))
        #expect(line.contains("\"items\":[\"Play\",\"Say \\\"hi\\\"\"]"))
    }

    @Test("replay samples from 0 at 1/fps until the engine settles after the last event")
    func replaySampling() throws {
        let scene = try EngineFixture.scene(EngineFixture.sceneJSON("", pointer: "\"autoHideDelay\":0"))
        let events = try TraceReader.parse(
            "{\"t\":0,\"type\":\"position\",\"x\":10,\"y\":10}\n{\"t\":0.5,\"type\":\"motion\",\"dx\":1,\"dy\":0}")
        let dump = Replay.dump(scene: scene, events: events, fps: 10)
        let lines = dump.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"t\":0,") == true)
        #expect(lines[1].hasPrefix("{\"t\":0.1,"))
        // 0 … 0.5, then 0.6: the lift inferred at 0.55 is waited for; then nothing is pending.
        #expect(lines.count == 7)
    }
}
