import PointerCore

/// Strings: escapes, surrogate pairs, UTF-8 validation, control characters.
extension JSONCursor {
    mutating func parseString() throws(JSONSyntaxError) -> String {
        pos += 1 // opening quote
        let start = pos
        var nonASCII = false
        // Fast path: no escapes.
        while pos < bytes.count {
            let b = bytes[pos]
            if b == JSONByte.quote {
                if nonASCII { try validateUTF8(start..<pos) }
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
                pos += 1
                return s
            }
            if b == JSONByte.backslash { break }
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
            if b == JSONByte.quote {
                // Escapes are ASCII, so the raw bytes are UTF-8 exactly when the text is.
                if nonASCII { try validateUTF8(start..<pos) }
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b >= 0x80 { nonASCII = true }
            if b < 0x20 { throw controlCharacterError() }
            if b == JSONByte.backslash {
                pos += 1
                guard pos < bytes.count else { break }
                let e = bytes[pos]
                switch e {
                case JSONByte.quote, JSONByte.backslash, JSONByte.slash: out.append(e)
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
                        guard pos + 1 < bytes.count, bytes[pos] == JSONByte.backslash,
                            bytes[pos + 1] == UInt8(ascii: "u")
                        else {
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
                    throw error(
                        "invalid escape \\\(found.trimmingQuotes)",
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
                throw JSONSyntaxError(
                    position: at,
                    message: "byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) in a string is not UTF-8",
                    expected: "UTF-8 text (re-save the scene as UTF-8)")
            }
        }
    }

    func controlCharacterError() -> JSONSyntaxError {
        if bytes[pos] == JSONByte.newline {
            return error("unterminated string (line break inside a string)", expected: "'\"' or \\n")
        }
        return error("control character inside a string", expected: "an escape such as \\t or \\n")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count else {
                throw error("unexpected end of file", expected: "four hex digits after \\u")
            }
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case JSONByte.zero...JSONByte.nine: d = UInt32(b - JSONByte.zero)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("unexpected \(found)", expected: "four hex digits after \\u")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }
}

extension String {
    fileprivate var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
