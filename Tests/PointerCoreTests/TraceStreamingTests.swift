import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace

/// Traces are read and replayed a piece at a time (a million-event session is 50 MB):
/// the pieces' boundaries never change what is read or replayed.
@Suite struct TraceStreamingTests {
    static let text =
        "\u{FEFF}" + TraceTests.formatExample.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n\r\n"
        + #"{"t":2,"type":"position","x":10,"y":20}"# // no line end at the very end

    @Test(
        "fed in pieces of 1, 7, 63, 64 or 1000 bytes, the scanner reads exactly what one whole read gives, BOM and CRLF included"
    )
    func piecesAgree() throws {
        let bytes = Array(Self.text.utf8)
        let whole = try TraceReader.parse(bytes: bytes)
        #expect(whole.count == 16)
        for size in [1, 7, 63, 64, 1000] {
            var scanner = TraceScanner()
            var events: [InputEvent] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + size, bytes.count)
                try scanner.feed(bytes[offset..<end], final: false) { events.append($0) }
                offset = end
            }
            try scanner.feed([][...], final: true) { events.append($0) }
            #expect(events == whole, "pieces of \(size) bytes")
        }
    }

    @Test("an error found in a later piece names its line and column; a line over 64 KB fails before it is complete")
    func errorsAcrossPieces() {
        let bad = Array(
            (String(repeating: #"{"t":0,"type":"lift"}"# + "\n", count: 100) + #"{"t":1,"type":"lift","x":1}"# + "\n")
                .utf8)
        var scanner = TraceScanner()
        do throws(TraceError) {
            var offset = 0
            while offset < bad.count {
                try scanner.feed(bad[offset..<min(offset + 10, bad.count)], final: false) { _ in }
                offset += 10
            }
            Issue.record("the unknown key was accepted")
        } catch {
            #expect(error.line == 101 && error.column == 22, "\(error)")
        }
        var long = TraceScanner()
        let piece = Array(repeating: UInt8(ascii: "a"), count: 40_000)[...]
        do throws(TraceError) {
            try long.feed(Array(#"{"t":0,"type":"key","key":""#.utf8)[...], final: false) { _ in }
            try long.feed(piece, final: false) { _ in }
            try long.feed(piece, final: false) { _ in }
            Issue.record("an unfinished 80 KB line was held")
        } catch {
            #expect(error.message.contains("longer than the 64 KB limit"), "\(error)")
        }
    }

    @Test("the streaming sampler gives the frames that sampling the whole trace at 0, 1/fps, … gives")
    func samplerMatchesPlayer() throws {
        let scene = Scene(
            canvas: Canvas(size: Size(width: 800, height: 600)),
            regions: [Region(id: "b", frame: Rect(x: 380, y: 280, width: 44, height: 44), effect: .highlight)])
        let events = try TraceReader.parse(TraceTests.formatExample)
        var streamed: [PointerFrame] = []
        Replay.frames(scene: scene, events: events, fps: 60) { streamed.append($0) }
        var player = Replay.Player(scene: scene, events: events)
        let expected = streamed.indices.map { player.frame(at: Double($0) / 60) }
        #expect(streamed == expected)
        #expect(streamed.count > Int(1.6 * 60), "frames stop before the last event")
    }
}
