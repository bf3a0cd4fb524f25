import PointerCore
import SceneFormat

/// Turns trace bytes into events line by line, fed in pieces of any size, so a long
/// trace is read a chunk at a time and never held whole (a million-event session is
/// about 50 MB of text). Checks what spans lines: the encoding of the file, the
/// line length, the event count and that times never decrease.
struct TraceScanner {
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    private var lineNumber = 0
    private var lastTime = -Double.infinity
    private(set) var count = 0
    private var started = false

    /// Hands every complete line's event to `body`; with `final`, a last line without
    /// a line end too. An error `body` throws ends the reading.
    mutating func feed(_ bytes: ArraySlice<UInt8>, final: Bool, _ body: (InputEvent) throws(TraceError) -> Void)
        throws(TraceError)
    {
        if pending.isEmpty, started || bytes.count >= 64 || final {
            // Nothing carried over: scan the piece where it is.
            let used = try scan(bytes, final: final, body)
            pending.append(contentsOf: bytes[used...])
        } else {
            pending.append(contentsOf: bytes)
            let used = try scan(pending[...], final: final, body)
            pending.removeFirst(used - pending.startIndex)
        }
    }

    /// Scans the complete lines of `bytes`; returns where the unfinished one starts.
    private mutating func scan(_ bytes: ArraySlice<UInt8>, final: Bool, _ body: (InputEvent) throws(TraceError) -> Void)
        throws(TraceError) -> Int
    {
        var start = bytes.startIndex
        if !started {
            // The encoding is judged on the first 64 bytes.
            if bytes.count < 64 && !final { return start }
            if let hint = InputFile.encodingHint(Array(bytes.prefix(64))) {
                throw TraceError(line: 1, column: 1, message: "not UTF-8 text: \(hint)")
            }
            // A UTF-8 byte order mark is tolerated, as in scenes.
            if bytes.count >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF { start += 3 }
            started = true
        }
        while start < bytes.endIndex {
            guard let end = bytes[start...].firstIndex(of: 0x0A) else {
                if final {
                    try line(bytes[start...], body)
                    return bytes.endIndex
                }
                // +1: a CR may still come before the line feed.
                if bytes.endIndex - start > SceneLimits.traceLineBytes + 1 {
                    throw TraceError(
                        line: lineNumber + 1, column: 1,
                        message:
                            "the line is longer than the \(SceneLimits.bytes(SceneLimits.traceLineBytes)) limit; each line holds one event"
                    )
                }
                return start
            }
            try line(bytes[start..<end], body)
            start = end + 1
        }
        return start
    }

    /// One line, without its line feed.
    private mutating func line(_ raw: ArraySlice<UInt8>, _ body: (InputEvent) throws(TraceError) -> Void)
        throws(TraceError)
    {
        lineNumber += 1
        var line = raw
        if line.last == 0x0D { line = line.dropLast() } // CRLF
        if line.count > SceneLimits.traceLineBytes {
            throw TraceError(
                line: lineNumber, column: 1,
                message:
                    "the line is \(SceneLimits.bytes(line.count)) long, more than the \(SceneLimits.bytes(SceneLimits.traceLineBytes)) limit; each line holds one event"
            )
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        if count >= SceneLimits.traceEvents {
            throw TraceError(
                line: lineNumber, column: 1,
                message: "more than \(SceneLimits.grouped(SceneLimits.traceEvents)) events; split the trace")
        }
        let event = try TraceReader.parseLine(line, number: lineNumber)
        if event.time < lastTime {
            throw TraceError(
                line: lineNumber, column: 1,
                message:
                    "t \(JSONText.number(event.time)) is earlier than the previous event's \(JSONText.number(lastTime)); times must not decrease"
            )
        }
        lastTime = event.time
        count += 1
        try body(event)
    }
}
