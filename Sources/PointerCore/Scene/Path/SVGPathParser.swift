/// A problem in SVG path data: the character offset (0-based) and what was expected.
public struct SVGPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var expected: String?

    public init(offset: Int, message: String, expected: String? = nil) {
        self.offset = offset
        self.message = message
        self.expected = expected
    }

    public var description: String {
        "at character \(offset): \(message)" + (expected.map { "; expected \($0)" } ?? "")
    }
}

/// Parses SVG path data (SVG 1.1 §8.3 grammar: every command, absolute and relative,
/// implicit repeats, packed numbers like "1.5.5" and packed arc flags like "011")
/// into absolute move/line/cubic/close elements. Quadratics and the smooth forms
/// become cubics; arcs go through the spec's endpoint-to-centre conversion (F.6.5)
/// and are split into cubic segments of at most 90°.
public enum SVGPathParser {
    /// `maxSegments` and `maxMagnitude` (every number and every point reached, in pt)
    /// default to the scene limits (`SceneLimits.pathSegments`, `SceneLimits.shapeExtent`);
    /// parsing stops at the first segment past the limit.
    public static func parse(
        _ data: String, maxSegments: Int = SceneLimits.pathSegments,
        maxMagnitude: Double = SceneLimits.shapeExtent
    ) throws(SVGPathError) -> [PathElement] {
        var parser = PathDataScanner(Array(data.utf8))
        parser.maxSegments = maxSegments
        parser.maxMagnitude = maxMagnitude
        do {
            return try parser.parse()
        } catch {
            // Report characters, not bytes (path data is nearly always ASCII anyway).
            var e = error
            e.offset = String(decoding: parser.bytes[..<min(error.offset, parser.bytes.count)], as: UTF8.self).count
            throw e
        }
    }
}

private struct PathDataScanner {
    let bytes: [UInt8]
    var pos = 0
    var maxSegments = Int.max
    var maxMagnitude = Double.greatestFiniteMagnitude

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var found: String {
        guard pos < bytes.count else { return "end of path data" }
        let b = bytes[pos]
        return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "character 0x\(String(b, radix: 16))"
    }

    func fail(_ message: String, expected: String? = nil) -> SVGPathError {
        SVGPathError(offset: pos, message: message, expected: expected)
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func skipWhitespace() {
        while pos < bytes.count && Self.isWhitespace(bytes[pos]) { pos += 1 }
    }

    /// Whitespace with at most one comma.
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ",") {
            pos += 1
            skipWhitespace()
        }
    }

    /// Could a number start here (so a command repeats implicitly)?
    var atNumberStart: Bool {
        guard pos < bytes.count else { return false }
        let b = bytes[pos]
        return Self.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// sign? (digits ("." digits?)? | "." digits) exponent?  — greedy, so "1.5.5" is 1.5 then .5
    /// and "-1-2" is -1 then -2.
    mutating func number(_ what: String) throws(SVGPathError) -> Double {
        let start = pos
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "-") || bytes[pos] == UInt8(ascii: "+")) { pos += 1 }
        var digits = 0
        while pos < bytes.count && Self.isDigit(bytes[pos]) {
            pos += 1
            digits += 1
        }
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            while pos < bytes.count && Self.isDigit(bytes[pos]) {
                pos += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            pos = start
            throw fail("unexpected \(found)", expected: what)
        }
        // An exponent only counts when digits follow ("1e" is the number 1 then junk).
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            var p = pos + 1
            if p < bytes.count && (bytes[p] == UInt8(ascii: "-") || bytes[p] == UInt8(ascii: "+")) { p += 1 }
            if p < bytes.count && Self.isDigit(bytes[p]) {
                pos = p
                while pos < bytes.count && Self.isDigit(bytes[pos]) { pos += 1 }
            }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let value = Double(text), value.isFinite, abs(value) <= maxMagnitude else {
            pos = start
            throw fail(
                "number \(TerminalText.number(text)) is out of range",
                expected: "\(what) within ±\(SceneLimits.points(maxMagnitude))")
        }
        // 1e-400 is not 0 as written; say so rather than read it as 0.
        let mantissaEnd = bytes[start..<pos].firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) ?? pos
        if value == 0,
            bytes[start..<mantissaEnd].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
        {
            pos = start
            throw fail(
                "number \(TerminalText.number(text)) is too small to represent (it would be read as 0)",
                expected: "0, or a number of at least 1e-300 in magnitude")
        }
        return value
    }

    /// The next argument: optional comma-whitespace before it, except right after the letter.
    mutating func argument(_ what: String, first: Bool) throws(SVGPathError) -> Double {
        if first { skipWhitespace() } else { skipCommaWhitespace() }
        return try number(what)
    }

    /// An arc flag: a single '0' or '1', which needs no separator after it.
    mutating func flag(_ what: String) throws(SVGPathError) -> Bool {
        skipCommaWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "0") || bytes[pos] == UInt8(ascii: "1") else {
            throw fail("unexpected \(found)", expected: "\(what) flag 0 or 1")
        }
        defer { pos += 1 }
        return bytes[pos] == UInt8(ascii: "1")
    }

    mutating func pair(_ what: String, first: Bool, relativeTo origin: Point?) throws(SVGPathError) -> Point {
        let x = try argument("a number (\(what) x)", first: first)
        let y = try argument("a number (\(what) y)", first: false)
        let p = Point(x: x, y: y)
        return origin.map { p + $0 } ?? p
    }

    mutating func parse() throws(SVGPathError) -> [PathElement] {
        var out: [PathElement] = []
        var current = Point.zero
        var subpathStart = Point.zero
        // For S/s and T/t: the last control point of the previous curve, if it was one.
        var lastCubicControl: Point?
        var lastQuadControl: Point?
        var command: UInt8 = 0
        var afterClose = false

        skipWhitespace()
        if pos >= bytes.count { return out }
        while true {
            skipWhitespace()
            guard pos < bytes.count else { break }
            let b = bytes[pos]
            let commandStart = pos
            let countBefore = out.count
            var first = false
            if Self.isCommandLetter(b) {
                if out.isEmpty && b | 0x20 != UInt8(ascii: "m") {
                    throw fail("path data must start with a moveto", expected: "'M' or 'm'")
                }
                command = b
                pos += 1
                first = true
            } else {
                // An implicit repeat of the last command (a comma may separate the sets).
                if command == 0 {
                    throw fail("path data must start with a moveto", expected: "'M' or 'm'")
                }
                if command | 0x20 == UInt8(ascii: "z") {
                    throw fail("unexpected \(found) after 'z'", expected: "a command letter")
                }
                skipCommaWhitespace()
                guard atNumberStart else {
                    throw fail("unexpected \(found)", expected: "a command letter or a number")
                }
                first = true
            }
            let relative = command >= UInt8(ascii: "a")
            let origin: Point? = relative ? current : nil
            let lower = command | 0x20
            // A drawing command straight after Z starts a new subpath at the old start.
            if afterClose && lower != UInt8(ascii: "m") && lower != UInt8(ascii: "z") {
                out.append(.move(current))
            }
            afterClose = false
            var cubicControl: Point?
            var quadControl: Point?
            switch lower {
            case UInt8(ascii: "m"):
                let p = try pair("moveto", first: first, relativeTo: out.isEmpty ? nil : origin)
                out.append(.move(p))
                current = p
                subpathStart = p
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L") // further pairs are lineto
            case UInt8(ascii: "l"):
                let p = try pair("lineto", first: first, relativeTo: origin)
                out.append(.line(p))
                current = p
            case UInt8(ascii: "h"):
                let x = try argument("a number (horizontal lineto x)", first: first)
                current = Point(x: relative ? current.x + x : x, y: current.y)
                out.append(.line(current))
            case UInt8(ascii: "v"):
                let y = try argument("a number (vertical lineto y)", first: first)
                current = Point(x: current.x, y: relative ? current.y + y : y)
                out.append(.line(current))
            case UInt8(ascii: "c"):
                let c1 = try pair("first control point", first: first, relativeTo: origin)
                let c2 = try pair("second control point", first: false, relativeTo: origin)
                let p = try pair("curveto end point", first: false, relativeTo: origin)
                out.append(.cubic(c1, c2, p))
                cubicControl = c2
                current = p
            case UInt8(ascii: "s"):
                let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                let c2 = try pair("second control point", first: first, relativeTo: origin)
                let p = try pair("curveto end point", first: false, relativeTo: origin)
                out.append(.cubic(c1, c2, p))
                cubicControl = c2
                current = p
            case UInt8(ascii: "q"):
                let q = try pair("control point", first: first, relativeTo: origin)
                let p = try pair("quadratic end point", first: false, relativeTo: origin)
                out.append(Self.quadratic(from: current, q, p))
                quadControl = q
                current = p
            case UInt8(ascii: "t"):
                let q = lastQuadControl.map { current * 2 - $0 } ?? current
                let p = try pair("quadratic end point", first: first, relativeTo: origin)
                out.append(Self.quadratic(from: current, q, p))
                quadControl = q
                current = p
            case UInt8(ascii: "a"):
                let rx = try argument("a number (arc radius x)", first: first)
                let ry = try argument("a number (arc radius y)", first: false)
                let rotation = try argument("a number (arc x-axis rotation)", first: false)
                let large = try flag("large-arc")
                let sweep = try flag("sweep")
                let p = try pair("arc end point", first: false, relativeTo: origin)
                out.append(
                    contentsOf: ArcConversion.cubics(
                        from: current, radii: Point(x: rx, y: ry),
                        rotationDegrees: rotation, largeArc: large,
                        sweep: sweep, to: p))
                current = p
            default: // z
                out.append(.close)
                current = subpathStart
                afterClose = true
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
            try checkLimits(out, from: countBefore, commandStart: commandStart)
        }
        return out
    }

    /// The segments just added stay within the limits: relative commands can walk
    /// far from the origin with small numbers, so the points are checked, not only the text.
    func checkLimits(_ out: [PathElement], from start: Int, commandStart: Int) throws(SVGPathError) {
        if out.count > maxSegments {
            throw SVGPathError(
                offset: commandStart,
                message: "path data has more than \(maxSegments) segments (an arc counts up to 4)",
                expected: "a simpler path (docs/limits.md)")
        }
        func far(_ p: Point) -> Bool { !(abs(p.x) <= maxMagnitude && abs(p.y) <= maxMagnitude) }
        for e in out[start...] {
            let reach: Bool
            switch e {
            case .move(let p), .line(let p): reach = far(p)
            case .cubic(let a, let b, let c): reach = far(a) || far(b) || far(c)
            case .close: reach = false
            }
            if reach {
                throw SVGPathError(
                    offset: commandStart,
                    message: "the path reaches beyond ±\(SceneLimits.points(maxMagnitude)) pt here",
                    expected:
                        "points within ±\(SceneLimits.points(maxMagnitude)) pt (a pointer shape is a few dozen pt)")
            }
        }
    }

    static func isCommandLetter(_ b: UInt8) -> Bool {
        switch b | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return b >= 0x41 // letters only, not e.g. control bytes that alias under | 0x20
        default:
            return false
        }
    }

    /// The exact cubic form of a quadratic Bézier.
    static func quadratic(from p0: Point, _ q: Point, _ p: Point) -> PathElement {
        .cubic(p0 + (q - p0) * (2.0 / 3.0), p + (q - p) * (2.0 / 3.0), p)
    }
}
