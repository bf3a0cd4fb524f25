import PointerCore

/// The bytes JSON's grammar names.
enum JSONByte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
}

/// The parser's state over the bytes: position, line and column, scratch stacks.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line, so columns count characters.
    /// Only strings may hold non-ASCII text and JSON strings never span lines.
    var continuationBytes = 0
    /// What the parse builds: one entry per value and key, and line checkpoints.
    var tape: [JSONTapeEntry] = []
    var checkpoints: [LineCheckpoint] = []
    private var nextCheckpoint = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            pos = 3
            lineStart = 3
        }
    }

    /// Appends the entry for the token at the cursor, first noting the line state
    /// when the last checkpoint is far enough behind.
    mutating func appendEntry() {
        if pos >= nextCheckpoint {
            checkpoints.append(
                LineCheckpoint(
                    offset: UInt32(truncatingIfNeeded: pos), line: UInt32(truncatingIfNeeded: line),
                    lineStart: UInt32(truncatingIfNeeded: lineStart),
                    continuationBytes: UInt32(truncatingIfNeeded: continuationBytes)))
            nextCheckpoint = pos + LineCheckpoint.spacing
        }
        tape.append(JSONTapeEntry(offset: UInt32(truncatingIfNeeded: pos), payload: 0))
    }

    var position: TextPosition {
        TextPosition(offset: pos, line: line, column: pos - lineStart - continuationBytes + 1)
    }

    var atEnd: Bool { pos >= bytes.count }

    func error(_ message: String, expected: String? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position, message: message, expected: expected)
    }

    /// "found 'x'" / "found end of file" for the byte at the cursor.
    var found: String {
        guard pos < bytes.count else { return "end of file" }
        let b = bytes[pos]
        if b == JSONByte.newline { return "end of line" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 { return "control character 0x\(String(b, radix: 16))" }
        return "a non-ASCII character"
    }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case JSONByte.space, JSONByte.tab, JSONByte.carriageReturn:
                pos += 1
            case JSONByte.newline:
                pos += 1
                line += 1
                lineStart = pos
                continuationBytes = 0
            default:
                return
            }
        }
    }

    /// Fills `tape` and `checkpoints` for the whole text.
    mutating func parseDocument() throws(JSONSyntaxError) {
        // At most one entry per byte (a container's two entries take two bytes).
        // Pages reserved but never reached cost no memory, and the tape is never
        // copied to grow.
        tape.reserveCapacity(bytes.count + 2)
        try parseValue(depth: 0)
        skipWhitespace()
        if !atEnd {
            throw error("unexpected \(found) after the end of the JSON value", expected: "end of file")
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        skipWhitespace()
        guard pos < bytes.count else {
            throw error("unexpected end of file", expected: "a value")
        }
        switch bytes[pos] {
        case JSONByte.openBrace:
            try parseObject(depth: depth + 1)
        case JSONByte.openBracket:
            try parseArray(depth: depth + 1)
        case JSONByte.quote:
            appendEntry()
            _ = try parseString()
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            appendEntry()
            _ = try parseNumber()
        case UInt8(ascii: "t"):
            appendEntry()
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            appendEntry()
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            appendEntry()
            try expectLiteral("null")
        case JSONByte.slash:
            throw error("comments are not allowed in JSON", expected: "a value")
        case UInt8(ascii: "'"):
            throw error("strings must use double quotes", expected: "a value")
        default:
            throw error(
                "unexpected \(found)",
                expected: "a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let base = word.utf8Start
        for i in 0..<count {
            if pos + i >= bytes.count || bytes[pos + i] != base[i] {
                let text = "\(word)"
                throw error("unexpected \(found)", expected: "'\(text)' or another value")
            }
        }
        pos += count
    }

    /// A container's entry, then its count slot; both are filled in at its end.
    mutating func openContainer(depth: Int) throws(JSONSyntaxError) -> Int {
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        let entry = tape.count
        appendEntry()
        tape.append(JSONTapeEntry(offset: 0, payload: 0))
        pos += 1 // { or [
        return entry
    }

    mutating func closeContainer(_ entry: Int, count: Int) {
        pos += 1 // } or ]
        tape[entry].payload = UInt32(truncatingIfNeeded: tape.count)
        tape[entry + 1].offset = UInt32(truncatingIfNeeded: count)
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        let entry = try openContainer(depth: depth)
        skipWhitespace()
        if pos < bytes.count && bytes[pos] == JSONByte.closeBrace {
            closeContainer(entry, count: 0)
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == JSONByte.quote else {
                if pos < bytes.count && bytes[pos] == JSONByte.closeBrace && count > 0 {
                    throw error("trailing comma before '}'", expected: "a key in double quotes")
                }
                throw error("unexpected \(found)", expected: "a key in double quotes")
            }
            appendEntry()
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == JSONByte.colon else {
                throw error("unexpected \(found) after key \(TerminalText.quoted(key))", expected: "':'")
            }
            pos += 1
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an object", expected: "',' or '}'")
            }
            if bytes[pos] == JSONByte.comma {
                pos += 1
            } else if bytes[pos] == JSONByte.closeBrace {
                closeContainer(entry, count: count)
                return
            } else {
                throw error("unexpected \(found) after an object member", expected: "',' or '}'")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        let entry = try openContainer(depth: depth)
        skipWhitespace()
        if pos < bytes.count && bytes[pos] == JSONByte.closeBracket {
            closeContainer(entry, count: 0)
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == JSONByte.closeBracket && count > 0 {
                throw error("trailing comma before ']'", expected: "a value")
            }
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an array", expected: "',' or ']'")
            }
            if bytes[pos] == JSONByte.comma {
                pos += 1
            } else if bytes[pos] == JSONByte.closeBracket {
                closeContainer(entry, count: count)
                return
            } else {
                throw error("unexpected \(found) after an array element", expected: "',' or ']'")
            }
        }
    }
}
