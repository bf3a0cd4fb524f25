import PointerCore

/// Powers of ten that are exact in a Double (fast, correctly rounded decimal path).
let exactPowersOfTen: [Double] = (0...22).map { e in
    var v = 1.0
    for _ in 0..<e { v *= 10 }
    return v
}

/// Numbers: the RFC 8259 grammar, exact decimal fast path, range errors.
extension JSONCursor {
    func isDigit(_ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= JSONByte.zero && bytes[i] <= JSONByte.nine
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        let negative = bytes[pos] == JSONByte.minus
        if negative { pos += 1 }
        guard isDigit(pos) else { throw error("unexpected \(found) in a number", expected: "a digit") }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var simple = true
        if bytes[pos] == JSONByte.zero {
            pos += 1
            digits = 1
            if isDigit(pos) {
                throw error("leading zeros are not allowed in numbers", expected: "'.', 'e' or the end of the number")
            }
        } else {
            while isDigit(pos) {
                if digits < 18 { mantissa = mantissa &* 10 &+ UInt64(bytes[pos] - JSONByte.zero) }
                digits += 1
                pos += 1
            }
        }
        if pos < bytes.count && bytes[pos] == JSONByte.dot {
            pos += 1
            guard isDigit(pos) else { throw error("unexpected \(found) in a number", expected: "a digit after '.'") }
            while isDigit(pos) {
                if digits < 18 { mantissa = mantissa &* 10 &+ UInt64(bytes[pos] - JSONByte.zero) }
                digits += 1
                fractionDigits += 1
                pos += 1
            }
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            simple = false
            pos += 1
            if pos < bytes.count && (bytes[pos] == JSONByte.plus || bytes[pos] == JSONByte.minus) { pos += 1 }
            guard isDigit(pos) else {
                throw error("unexpected \(found) in a number", expected: "a digit in the exponent")
            }
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
            if bytes[start..<mantissaEnd].contains(where: { $0 > JSONByte.zero && $0 <= JSONByte.nine }) {
                throw JSONSyntaxError(
                    position: at,
                    message: "number \(TerminalText.number(text)) is too small to represent (it would be read as 0)",
                    expected: "0, or a number of at least 1e-300 in magnitude")
            }
        }
        return v
    }
}
