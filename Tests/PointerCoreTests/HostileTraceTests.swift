import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace

/// Traces are read as strictly as scenes (issue 13): unknown keys with the closest
/// known one, duplicate keys, CRLF line ends, 1-based line:column, size limits.
@Suite struct HostileTraceTests {
    func error(_ text: String) -> TraceError? {
        do {
            _ = try TraceReader.parse(text)
            return nil
        } catch let e as TraceError { return e } catch { return nil }
    }

    @Test("CRLF line ends are accepted (a Windows-edited trace failed on line 1)")
    func crlf() throws {
        let events = try TraceReader.parse(
            "{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":2}\r\n\r\n{\"t\":0.5,\"type\":\"lift\"}\r\n")
        #expect(events == [InputEvent(time: 0, .position(Point(x: 1, y: 2))), InputEvent(time: 0.5, .lift)])
    }

    @Test("an unknown key is an error at its column with the closest known key: \"dX\" → did you mean \"dx\"")
    func unknownKey() {
        let e = error("{\"t\":0,\"type\":\"lift\"}\n{\"t\":0.1,\"type\":\"motion\",\"dX\":1,\"dy\":2}\n")
        #expect(e?.line == 2)
        #expect(e?.column == 26)
        #expect(e?.description == #"trace:2:26: unknown key "dX" in a motion event; did you mean "dx"?"#)
        let far = error("{\"t\":0,\"type\":\"lift\",\"comment\":\"hi\"}")
        #expect(far?.message == #"unknown key "comment" in a lift event; a lift event has only "t" and "type""#)
        let type = error("{\"t\":0,\"type\":\"moton\",\"dx\":1,\"dy\":2}")
        #expect(
            type?.message.hasPrefix(#"unknown "type" "moton"; did you mean "motion"? expected position, motion"#)
                == true, "\(type?.message ?? "")")
    }

    @Test("a key written twice is an error at the second one")
    func duplicateKey() {
        let e = error("{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":2,\"x\":3}")
        #expect(e?.line == 1)
        #expect(e?.column == 38)
        #expect(e?.message == #"duplicate key "x"; keep only one of them"#)
    }

    @Test("syntax errors give a 1-based column, not a 0-based character offset")
    func columns() {
        let e = error("{\"t\":0,\"type\":\"lift\"\n")
        #expect(e?.line == 1)
        #expect(e?.column == 21)
        #expect(
            e?.description.hasPrefix(
                "trace:1:21: invalid JSON: unexpected end of file inside an object; expected ',' or '}'") == true,
            "\(e?.description ?? "")")
        let wrongKind = error("{\"t\":0,\"type\":\"motion\",\"dx\":true,\"dy\":0}")
        #expect(wrongKind?.column == 29)
        #expect(wrongKind?.message == "\"dx\" must be a number, found a boolean")
    }

    @Test("times beyond a day, lines beyond 64 KB and UTF-16 files are refused with the limit named")
    func limits() {
        let late = error("{\"t\":1e6,\"type\":\"lift\"}")
        #expect(
            late?.message
                == "\"t\" 1000000 is beyond the 86400 s (24 h) limit; times are seconds from the start of the trace")
        let long = error("{\"t\":0,\"type\":\"key\",\"key\":\"" + String(repeating: "a", count: 70_000) + "\"}")
        #expect(long?.message.contains("more than the 64 KB limit") == true)
        let utf16: [UInt8] =
            [0xFF, 0xFE]
            + "{\"t\":0,\"type\":\"lift\"}".utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        do throws(TraceError) {
            _ = try TraceReader.parse(bytes: utf16)
            Issue.record("a UTF-16 trace was accepted")
        } catch {
            #expect(error.message == "not UTF-8 text: the file is UTF-16 (little-endian) text; save it as UTF-8")
        }
    }

    @Test("a string with escape sequences is echoed escaped")
    func escapedEcho() {
        let e = error("{\"t\":0,\"type\":\"\\u001b[2Jlift\"}")
        #expect(e?.description.contains(#""\u001B[2Jlift""#) == true, "\(e?.description ?? "")")
        #expect(e?.description.unicodeScalars.contains { $0.value < 0x20 } == false)
    }

    @Test("everything the trace writer writes, the strict reader reads back")
    func writerOutputStaysReadable() throws {
        let events: [InputEvent] = [
            InputEvent(time: 0, .position(Point(x: 1, y: 2))), InputEvent(time: 0.1, .motion(dx: 1, dy: -1)),
            InputEvent(time: 0.2, .lift), InputEvent(time: 0.3, .hold(.begin)),
            InputEvent(time: 0.4, .button(.middle, .pressed)),
            InputEvent(time: 0.5, .scroll(dx: 0, dy: 3, source: .wheel, phase: nil)),
            InputEvent(time: 0.6, .scroll(dx: 1, dy: 3, source: .finger, phase: .cancel)),
            InputEvent(time: 0.7, .pinch(phase: .update, scale: 1.5, rotation: 3)),
            InputEvent(time: 0.8, .swipe(phase: .end, fingers: 4, dx: 1, dy: 2)),
            InputEvent(time: 0.9, .modifiers([.alt, .super])), InputEvent(time: 1, .key("escape")),
            InputEvent(time: 1.1, .leave),
        ]
        #expect(try TraceReader.parse(TraceWriter.text(events)) == events)
    }

    @Test(
        "a time just past 86400 s reads as itself (it said \"86400 is beyond the 86400 s limit\"); 86400 itself is fine"
    )
    func timeJustPastLimit() {
        #expect(
            error("{\"t\":86400.0004,\"type\":\"lift\"}\n")?.message
                == "\"t\" 86400.0004 is beyond the 86400 s (24 h) limit; times are seconds from the start of the trace")
        #expect(error("{\"t\":86400,\"type\":\"lift\"}\n") == nil)
    }
}
