import PointerCore

/// A parsed JSON text kept as a tape: one 8-byte entry per value and per object
/// key, pointing into the file's bytes, in document order. Numbers and strings
/// are read from the bytes when asked for, and line and column are worked out
/// from the byte offset only when a message needs them. A tree of values cost
/// 16 times the text for an array of small numbers; the tape costs at most 4
/// times, so the loader stays within 10× the file (docs/limits.md).
public final class JSONDocument: Sendable {
    let bytes: [UInt8]
    let tape: [JSONTapeEntry]
    /// Line state at value starts about every `LineCheckpoint.spacing` bytes, so a
    /// position is found by scanning at most that far plus one token.
    let checkpoints: [LineCheckpoint]

    init(bytes: [UInt8], tape: [JSONTapeEntry], checkpoints: [LineCheckpoint]) {
        self.bytes = bytes
        self.tape = tape
        self.checkpoints = checkpoints
    }

    /// The root value (the tape starts with it).
    public var root: JSONValue { JSONValue(document: self, index: 0) }

    /// The first byte of the token at tape entry `index`: it says the value's kind.
    func leadByte(_ index: Int) -> UInt8 { bytes[Int(tape[index].offset)] }

    func isContainer(_ index: Int) -> Bool {
        let b = leadByte(index)
        return b == JSONByte.openBrace || b == JSONByte.openBracket
    }

    /// The tape entry after the value at `index` and everything inside it.
    func nextSibling(_ index: Int) -> Int {
        isContainer(index) ? Int(tape[index].payload) : index + 1
    }

    /// Elements or members of the container at `index` (kept in the entry after it).
    func childCount(_ index: Int) -> Int { Int(tape[index + 1].offset) }

    /// Reads the number or string at a tape entry again. The parser has checked it,
    /// so it cannot fail; a failure would mean a tape bug and reads as 0 or "".
    func number(_ index: Int) -> Double {
        rescan(index) { cursor throws(JSONSyntaxError) in try cursor.parseNumber() } ?? 0
    }

    func string(_ index: Int) -> String {
        // Without escapes the text is the bytes between the quotes (checked as UTF-8 by the parse).
        let start = Int(tape[index].offset) + 1
        let end: Int? = bytes.withUnsafeBufferPointer { buffer in
            var i = start
            while i < buffer.count {
                if buffer[i] == JSONByte.quote { return i }
                if buffer[i] == JSONByte.backslash { return nil }
                i += 1
            }
            return nil
        }
        if let end { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return rescan(index) { cursor throws(JSONSyntaxError) in try cursor.parseString() } ?? ""
    }

    private func rescan<T>(_ index: Int, _ read: (inout JSONCursor) throws(JSONSyntaxError) -> T) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            cursor.pos = Int(tape[index].offset)
            return try? read(&cursor)
        }
    }

    /// Whether the string at tape entry `index` is `text`, compared byte by byte
    /// (keys are looked up many times; decoding each would cost a String every
    /// time). Up to the first escape the raw bytes are the text, so only a string
    /// with an escape among its first `text.utf8.count` bytes is decoded.
    func stringEquals(_ index: Int, _ text: String) -> Bool {
        var i = Int(tape[index].offset) + 1
        for wanted in text.utf8 {
            guard i < bytes.count else { return false }
            let b = bytes[i]
            if b == JSONByte.backslash { return string(index) == text }
            if b != wanted { return false }
            i += 1
        }
        // Any byte but the closing quote means the string goes on.
        return i < bytes.count && bytes[i] == JSONByte.quote
    }

    /// Line and column (columns count characters) of a byte offset.
    func position(at offset: Int) -> TextPosition {
        // The last checkpoint at or before `offset` (there is always one at the start).
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(checkpoints[mid].offset) <= offset { low = mid } else { high = mid - 1 }
        }
        let start = checkpoints[low]
        var line = Int(start.line)
        var lineStart = Int(start.lineStart)
        var continuation = Int(start.continuationBytes)
        var i = Int(start.offset)
        while i < offset {
            let b = bytes[i]
            if b == JSONByte.newline {
                line += 1
                lineStart = i + 1
                continuation = 0
            } else if b & 0xC0 == 0x80 {
                continuation += 1
            }
            i += 1
        }
        return TextPosition(offset: offset, line: line, column: offset - lineStart - continuation + 1)
    }
}

/// One value or object key: where its token starts, and for a container the tape
/// index just past its end. A container's next entry holds its child count in
/// `offset` instead of a value.
struct JSONTapeEntry: Sendable {
    var offset: UInt32
    var payload: UInt32
}

/// The parser's line state at a byte offset.
struct LineCheckpoint: Sendable {
    static let spacing = 256
    var offset: UInt32
    var line: UInt32
    var lineStart: UInt32
    var continuationBytes: UInt32
}
