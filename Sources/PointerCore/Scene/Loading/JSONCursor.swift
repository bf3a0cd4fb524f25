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
    /// Scratch stacks: members and elements collect here, then move into one exactly
    /// sized array per object or array (no repeated growth while appending).
    var memberStack: [JSONMember] = []
    var elementStack: [JSONValue] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            pos = 3
            lineStart = 3
        }
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

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if !atEnd {
            throw error("unexpected \(found) after the end of the JSON value", expected: "end of file")
        }
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard pos < bytes.count else {
            throw error("unexpected end of file", expected: "a value")
        }
        let start = position
        switch bytes[pos] {
        case JSONByte.openBrace:
            return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
        case JSONByte.openBracket:
            return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
        case JSONByte.quote:
            return JSONValue(.string(try parseString()), at: start)
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            return JSONValue(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, at: start)
        case JSONByte.slash:
            throw error("comments are not allowed in JSON", expected: "a value")
        case UInt8(ascii: "'"):
            throw error("strings must use double quotes", expected: "a value")
        default:
            throw error("unexpected \(found)",
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

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        pos += 1 // {
        skipWhitespace()
        if pos < bytes.count && bytes[pos] == JSONByte.closeBrace {
            pos += 1
            return []
        }
        let base = memberStack.count
        while true {
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == JSONByte.quote else {
                if pos < bytes.count && bytes[pos] == JSONByte.closeBrace && memberStack.count > base {
                    throw error("trailing comma before '}'", expected: "a key in double quotes")
                }
                throw error("unexpected \(found)", expected: "a key in double quotes")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == JSONByte.colon else {
                throw error("unexpected \(found) after key \(TerminalText.quoted(key))", expected: "':'")
            }
            pos += 1
            let value = try parseValue(depth: depth)
            memberStack.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an object", expected: "',' or '}'")
            }
            if bytes[pos] == JSONByte.comma {
                pos += 1
            } else if bytes[pos] == JSONByte.closeBrace {
                pos += 1
                let members = Array(memberStack[base...])
                memberStack.removeLast(memberStack.count - base)
                return members
            } else {
                throw error("unexpected \(found) after an object member", expected: "',' or '}'")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        pos += 1 // [
        skipWhitespace()
        if pos < bytes.count && bytes[pos] == JSONByte.closeBracket {
            pos += 1
            return []
        }
        let base = elementStack.count
        while true {
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == JSONByte.closeBracket && elementStack.count > base {
                throw error("trailing comma before ']'", expected: "a value")
            }
            let element = try parseValue(depth: depth)
            elementStack.append(element)
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an array", expected: "',' or ']'")
            }
            if bytes[pos] == JSONByte.comma {
                pos += 1
            } else if bytes[pos] == JSONByte.closeBracket {
                pos += 1
                let elements = Array(elementStack[base...])
                elementStack.removeLast(elementStack.count - base)
                return elements
            } else {
                throw error("unexpected \(found) after an array element", expected: "',' or ']'")
            }
        }
    }
}
