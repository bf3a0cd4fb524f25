/// A JSON syntax error: where it is and what the parser expected there.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var position: TextPosition
    public var message: String
    public var expected: String?

    public init(position: TextPosition, message: String, expected: String? = nil) {
        self.position = position
        self.message = message
        self.expected = expected
    }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes that records the line and column
/// of every value and key. Linear in the input: one pass, no per-character String
/// indexing (the scene budget is 10k regions in ≤ 150 ms).
public enum JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack (test threads
    /// have small stacks and the scene decoder recurses too); real scenes nest a few levels.
    public static let maxDepth = 128

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            do throws(JSONSyntaxError) {
                return .success(try cursor.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private enum Byte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
}

/// Powers of ten that are exact in a Double (fast, correctly rounded decimal path).
private let exactPowersOfTen: [Double] = (0...22).map { e in
    var v = 1.0
    for _ in 0..<e { v *= 10 }
    return v
}

private struct JSONCursor {
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
        if b == Byte.newline { return "end of line" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 { return "control character 0x\(String(b, radix: 16))" }
        return "a non-ASCII character"
    }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case Byte.space, Byte.tab, Byte.carriageReturn:
                pos += 1
            case Byte.newline:
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
        case Byte.openBrace:
            return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
        case Byte.openBracket:
            return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
        case Byte.quote:
            return JSONValue(.string(try parseString()), at: start)
        case Byte.minus, Byte.zero...Byte.nine:
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
        case Byte.slash:
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
        if pos < bytes.count && bytes[pos] == Byte.closeBrace {
            pos += 1
            return []
        }
        let base = memberStack.count
        while true {
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == Byte.quote else {
                if pos < bytes.count && bytes[pos] == Byte.closeBrace && memberStack.count > base {
                    throw error("trailing comma before '}'", expected: "a key in double quotes")
                }
                throw error("unexpected \(found)", expected: "a key in double quotes")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == Byte.colon else {
                throw error("unexpected \(found) after key \(TerminalText.quoted(key))", expected: "':'")
            }
            pos += 1
            let value = try parseValue(depth: depth)
            memberStack.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an object", expected: "',' or '}'")
            }
            if bytes[pos] == Byte.comma {
                pos += 1
            } else if bytes[pos] == Byte.closeBrace {
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
        if pos < bytes.count && bytes[pos] == Byte.closeBracket {
            pos += 1
            return []
        }
        let base = elementStack.count
        while true {
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == Byte.closeBracket && elementStack.count > base {
                throw error("trailing comma before ']'", expected: "a value")
            }
            let element = try parseValue(depth: depth)
            elementStack.append(element)
            skipWhitespace()
            guard pos < bytes.count else {
                throw error("unexpected end of file inside an array", expected: "',' or ']'")
            }
            if bytes[pos] == Byte.comma {
                pos += 1
            } else if bytes[pos] == Byte.closeBracket {
                pos += 1
                let elements = Array(elementStack[base...])
                elementStack.removeLast(elementStack.count - base)
                return elements
            } else {
                throw error("unexpected \(found) after an array element", expected: "',' or ']'")
            }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        pos += 1 // opening quote
        let start = pos
        var nonASCII = false
        // Fast path: no escapes.
        while pos < bytes.count {
            let b = bytes[pos]
            if b == Byte.quote {
                if nonASCII { try validateUTF8(start..<pos) }
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
                pos += 1
                return s
            }
            if b == Byte.backslash { break }
            if b < 0x20 { throw controlCharacterError() }
            if b >= 0x80 { nonASCII = true }
            if b & 0xC0 == 0x80 { continuationBytes += 1 }
            pos += 1
        }
        guard pos < bytes.count else { throw error("unterminated string", expected: "'\"'") }
        // Slow path: copy what we have, then decode escapes.
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<pos]))
        while pos < bytes.count {
            let b = bytes[pos]
            if b == Byte.quote {
                // Escapes are ASCII, so the raw bytes are UTF-8 exactly when the text is.
                if nonASCII { try validateUTF8(start..<pos) }
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b >= 0x80 { nonASCII = true }
            if b < 0x20 { throw controlCharacterError() }
            if b == Byte.backslash {
                pos += 1
                guard pos < bytes.count else { break }
                let e = bytes[pos]
                switch e {
                case Byte.quote, Byte.backslash, Byte.slash: out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    pos += 1
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by \uDC00-\uDFFF.
                        guard pos + 1 < bytes.count, bytes[pos] == Byte.backslash, bytes[pos + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape", expected: "a low surrogate \\uDC00-\\uDFFF")
                        }
                        pos += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("unpaired surrogate in \\u escape", expected: "a low surrogate \\uDC00-\\uDFFF")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    if let u = Unicode.Scalar(scalar) {
                        out.append(contentsOf: Array(String(Character(u)).utf8))
                    }
                    continue
                default:
                    throw error("invalid escape \\\(found.trimmingQuotes)",
                                expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                }
                pos += 1
                continue
            }
            if b & 0xC0 == 0x80 { continuationBytes += 1 }
            out.append(b)
            pos += 1
        }
        throw error("unterminated string", expected: "'\"'")
    }

    /// Scene files are UTF-8 (docs/scene-format.md): a string holding other bytes (a
    /// file saved as Latin-1, say) is an error at the first bad byte, rather than
    /// text silently turned into U+FFFD.
    func validateUTF8(_ range: Range<Int>) throws(JSONSyntaxError) {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = range.lowerBound
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return
            case .error:
                // Columns count characters: continuation bytes before `offset` on this line don't count.
                var continuation = 0
                for i in lineStart..<offset where bytes[i] & 0xC0 == 0x80 { continuation += 1 }
                let at = TextPosition(offset: offset, line: line, column: offset - lineStart - continuation + 1)
                throw JSONSyntaxError(position: at, message: "byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) in a string is not UTF-8",
                                      expected: "UTF-8 text (re-save the scene as UTF-8)")
            }
        }
    }

    func controlCharacterError() -> JSONSyntaxError {
        if bytes[pos] == Byte.newline {
            return error("unterminated string (line break inside a string)", expected: "'\"' or \\n")
        }
        return error("control character inside a string", expected: "an escape such as \\t or \\n")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count else { throw error("unexpected end of file", expected: "four hex digits after \\u") }
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case Byte.zero...Byte.nine: d = UInt32(b - Byte.zero)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("unexpected \(found)", expected: "four hex digits after \\u")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    func isDigit(_ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= Byte.zero && bytes[i] <= Byte.nine
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        let negative = bytes[pos] == Byte.minus
        if negative { pos += 1 }
        guard isDigit(pos) else { throw error("unexpected \(found) in a number", expected: "a digit") }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var simple = true
        if bytes[pos] == Byte.zero {
            pos += 1
            digits = 1
            if isDigit(pos) { throw error("leading zeros are not allowed in numbers", expected: "'.', 'e' or the end of the number") }
        } else {
            while isDigit(pos) {
                if digits < 18 { mantissa = mantissa &* 10 &+ UInt64(bytes[pos] - Byte.zero) }
                digits += 1
                pos += 1
            }
        }
        if pos < bytes.count && bytes[pos] == Byte.dot {
            pos += 1
            guard isDigit(pos) else { throw error("unexpected \(found) in a number", expected: "a digit after '.'") }
            while isDigit(pos) {
                if digits < 18 { mantissa = mantissa &* 10 &+ UInt64(bytes[pos] - Byte.zero) }
                digits += 1
                fractionDigits += 1
                pos += 1
            }
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            simple = false
            pos += 1
            if pos < bytes.count && (bytes[pos] == Byte.plus || bytes[pos] == Byte.minus) { pos += 1 }
            guard isDigit(pos) else { throw error("unexpected \(found) in a number", expected: "a digit in the exponent") }
            while isDigit(pos) { pos += 1 }
        }
        // Fast path: ≤ 15 significant digits is exact in a Double, and dividing by an
        // exact power of ten then rounds correctly.
        if simple && digits <= 15 {
            let v = Double(mantissa) / exactPowersOfTen[fractionDigits]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        let at = TextPosition(offset: start, line: line, column: start - lineStart - continuationBytes + 1)
        guard let v = Double(text), v.isFinite else {
            throw JSONSyntaxError(position: at, message: "number \(TerminalText.number(text)) is out of range")
        }
        // 1e-400 is not 0 as written: say so rather than read it as 0.
        if v == 0 {
            let mantissaEnd = bytes[start..<pos].firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) ?? pos
            if bytes[start..<mantissaEnd].contains(where: { $0 > Byte.zero && $0 <= Byte.nine }) {
                throw JSONSyntaxError(position: at, message: "number \(TerminalText.number(text)) is too small to represent (it would be read as 0)",
                                      expected: "0, or a number of at least 1e-300 in magnitude")
            }
        }
        return v
    }
}

private extension String {
    var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
