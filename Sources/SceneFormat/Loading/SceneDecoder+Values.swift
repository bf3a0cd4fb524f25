import PointerCore

/// Readers for the scene's basic value types. Each reports what it expected and
/// returns nil on a bad value, so the caller keeps the default and carries on.
extension SceneDecoder {
    /// Checks that `value` is an object whose keys are all in `known`; unknown and
    /// duplicate keys are reported (with the closest known key as a suggestion).
    func object(_ value: JSONValue, _ path: JSONPath, known: [String], expected: String = "an object") -> ObjectFields?
    {
        guard case .object(let members) = value.kind else {
            report(value.position, path, "expected \(expected), found \(describe(value))")
            return nil
        }
        // Each key is decoded once (a short key is a String without allocation)
        // and its first value noted per known key, so duplicates need no looking
        // back and lookups compare a few short Strings.
        var valueEntries = [Int](repeating: -1, count: known.count)
        for member in members {
            let key = member.key
            guard let k = known.firstIndex(of: key) else {
                report(
                    member.keyPosition, path, "unknown key \(TerminalText.quoted(key))",
                    suggestion: KeySuggestion.hint(for: key, among: known))
                continue
            }
            if valueEntries[k] >= 0 {
                report(
                    member.keyPosition, path, "duplicate key \(TerminalText.quoted(key))",
                    suggestion: "keep only one of them")
            } else {
                valueEntries[k] = member.keyIndex + 1
            }
        }
        return ObjectFields(
            members: members, value: value, path: path.frozen(), known: known, valueEntries: valueEntries)
    }

    /// The value of a required key; a missing key is reported at the object's start.
    func required(_ fields: ObjectFields, _ key: String, expected: String) -> JSONValue? {
        if let v = fields[key] { return v }
        report(fields.position, fields.path, "missing required key \"\(key)\"", expected: expected)
        return nil
    }

    func number(_ value: JSONValue, _ path: JSONPath, expected: String = "a number") -> Double? {
        guard case .number(let n) = value.kind else {
            report(value.position, path, "expected \(expected), found \(describe(value))")
            return nil
        }
        return bounded(n, value, path, expected: expected)
    }

    /// Largest magnitude a scene number may have (pt, seconds, scale): `SceneLimits.number`.
    /// Far beyond any real canvas, and small enough that sums such as x + w, squared
    /// distances and glides never overflow to inf/NaN downstream (the engine
    /// holds input to the same range, `PointerEngine.maxCoordinate`).
    static let maxMagnitude = SceneLimits.number

    func bounded(_ n: Double, _ value: JSONValue, _ path: JSONPath, expected: String) -> Double? {
        if abs(n) <= Self.maxMagnitude { return n }
        report(
            value.position, path,
            "\(format(n)) is too large; scene numbers must lie within ±\(SceneLimits.points(Self.maxMagnitude))",
            expected: expected)
        return nil
    }

    /// A number greater than 0 (`strict`) or at least 0.
    func positive(_ value: JSONValue, _ path: JSONPath, strict: Bool = true, what: String = "a number") -> Double? {
        let expected = strict ? "\(what) greater than 0" : "\(what) ≥ 0"
        guard let n = number(value, path, expected: expected) else { return nil }
        if strict ? n > 0 : n >= 0 { return n }
        report(value.position, path, "\(format(n)) is out of range", expected: expected)
        return nil
    }

    /// A number within `range` (a documented limit, `SceneLimits`): values the engine
    /// divides by or scales with, where a tiny (1e-306, a denormal) or huge value
    /// would make NaN, infinities or offsets past the number limit.
    func limited(
        _ value: JSONValue, _ path: JSONPath, _ range: ClosedRange<Double>, unit: String = "",
        what: String
    ) -> Double? {
        let u = unit.isEmpty ? "" : " " + unit
        let expected =
            range.upperBound >= Self.maxMagnitude
            ? "\(what) of at least \(format(range.lowerBound))\(u)"
            : "\(what) from \(format(range.lowerBound)) to \(format(range.upperBound))\(u)"
        guard let n = number(value, path, expected: expected) else { return nil }
        if n < range.lowerBound {
            report(
                value.position, path,
                "\(format(n)) is below the minimum of \(format(range.lowerBound))\(u) (docs/limits.md)",
                expected: expected)
            return nil
        }
        if n > range.upperBound {
            report(
                value.position, path,
                "\(format(n)) is above the maximum of \(format(range.upperBound))\(u) (docs/limits.md)",
                expected: expected)
            return nil
        }
        return n
    }

    func string(_ value: JSONValue, _ path: JSONPath, expected: String = "a string") -> String? {
        guard case .string(let s) = value.kind else {
            report(value.position, path, "expected \(expected), found \(describe(value))")
            return nil
        }
        return s
    }

    func bool(_ value: JSONValue, _ path: JSONPath) -> Bool? {
        guard case .bool(let b) = value.kind else {
            report(value.position, path, "expected true or false, found \(describe(value))")
            return nil
        }
        return b
    }

    /// One of an enumeration's raw values, suggesting the closest on a typo.
    func choice<E: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: JSONPath, _ type: E.Type) -> E?
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let expected = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let s = string(value, path, expected: "one of \(expected)") else { return nil }
        if let e = E(rawValue: s) { return e }
        report(
            value.position, path, "unknown value \(TerminalText.quoted(s))", expected: "one of \(expected)",
            suggestion: KeySuggestion.closest(to: s, among: names).map { "did you mean \"\($0)\"?" })
        return nil
    }

    func array(_ value: JSONValue, _ path: JSONPath, expected: String = "an array") -> JSONArray? {
        guard case .array(let items) = value.kind else {
            report(value.position, path, "expected \(expected), found \(describe(value))")
            return nil
        }
        return items
    }

    /// Exactly `count` numbers, e.g. `[x, y]`; `expected` names the shape for messages.
    func numbers(_ value: JSONValue, _ path: JSONPath, count: Int, expected: String) -> [Double]? {
        guard let items = array(value, path, expected: expected) else { return nil }
        guard items.count == count else {
            report(
                value.position, path, "found \(items.count) number\(items.count == 1 ? "" : "s"), need \(count)",
                expected: expected)
            return nil
        }
        var out: [Double] = []
        out.reserveCapacity(count)
        var ok = true
        for (i, item) in items.enumerated() {
            if case .number(let n) = item.kind {
                if let b = bounded(n, item, path[i], expected: expected) { out.append(b) } else { ok = false }
            } else {
                report(item.position, path[i], "expected a number, found \(describe(item))", expected: expected)
                ok = false
            }
        }
        return ok ? out : nil
    }

    /// `[w, h]` with both greater than 0.
    func size(_ value: JSONValue, _ path: JSONPath) -> Size? {
        let expected = "[w, h] with w, h > 0"
        guard let n = numbers(value, path, count: 2, expected: expected) else { return nil }
        guard requirePositive(value, path, n, at: [0, 1], names: ["w", "h"], expected: expected) else { return nil }
        return Size(width: n[0], height: n[1])
    }

    /// `[x, y]`, any finite numbers.
    func point(_ value: JSONValue, _ path: JSONPath) -> Point? {
        guard let n = numbers(value, path, count: 2, expected: "[x, y]") else { return nil }
        return Point(x: n[0], y: n[1])
    }

    /// `[x, y, w, h]` with w, h greater than 0.
    func frame(_ value: JSONValue, _ path: JSONPath) -> Rect? {
        let expected = "[x, y, w, h] with w, h > 0"
        guard let n = numbers(value, path, count: 4, expected: expected) else { return nil }
        guard requirePositive(value, path, n, at: [2, 3], names: ["w", "h"], expected: expected) else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// Reports each listed element that is not greater than 0, at the element itself.
    private func requirePositive(
        _ value: JSONValue, _ path: JSONPath, _ n: [Double], at indices: [Int],
        names: [String], expected: String
    ) -> Bool {
        guard case .array(let items) = value.kind else { return false }
        let elements = Array(items)
        var ok = true
        for (k, i) in indices.enumerated() where !(n[i] > 0) {
            report(
                elements[i].position, path, "\(names[k]) must be greater than 0, found \(format(n[i]))",
                expected: expected)
            ok = false
        }
        return ok
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    func color(_ value: JSONValue, _ path: JSONPath) -> RGBA? {
        let expected = "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        guard let s = string(value, path, expected: expected) else { return nil }
        if let c = Self.parseColor(s) { return c }
        report(value.position, path, "invalid colour \(TerminalText.quoted(s))", expected: expected)
        return nil
    }

    static func parseColor(_ s: String) -> RGBA? {
        let bytes = Array(s.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var components: [Double] = []
        var i = 1
        while i < bytes.count {
            guard let hi = hexDigit(bytes[i]), let lo = hexDigit(bytes[i + 1]) else { return nil }
            components.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        return RGBA(r: components[0], g: components[1], b: components[2], a: components.count == 4 ? components[3] : 1)
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// An array of strings; bad elements are reported and left out.
    func strings(_ value: JSONValue, _ path: JSONPath, expected: String = "an array of strings") -> [(
        String, JSONValue
    )]? {
        guard let items = array(value, path, expected: expected) else { return nil }
        let path = path.frozen()
        var out: [(String, JSONValue)] = []
        for (i, item) in items.enumerated() {
            if let s = string(item, path[i]) { out.append((s, item)) }
        }
        return out
    }

    /// False (and reported, with the limit) when a list has more than `limit` items:
    /// nothing of it is read then, so a list of millions is refused at once.
    func withinLimit(_ value: JSONValue, _ path: JSONPath, limit: Int, of what: String, suggestion: String) -> Bool {
        guard case .array(let items) = value.kind, items.count > limit else { return true }
        report(
            value.position, path,
            "\(SceneLimits.grouped(items.count)) \(what), more than the limit of \(SceneLimits.grouped(limit))",
            expected: "at most \(SceneLimits.grouped(limit)) \(what) (docs/limits.md)", suggestion: suggestion)
        return false
    }

    /// An image path resolved against the scene's directory; it must exist.
    func imagePath(_ value: JSONValue, _ path: JSONPath) -> String? {
        guard let s = string(value, path, expected: "a path to a PNG file, relative to the scene") else { return nil }
        guard !s.isEmpty else {
            report(value.position, path, "empty image path", expected: "a path to a PNG file, relative to the scene")
            return nil
        }
        let resolved = resolve(s)
        let name = TerminalText.quoted(s)
        switch imageProbe(resolved) {
        case .unreadable(let why) where why == "no such file":
            report(
                value.position, path, "image file \(name) not found (looked for \(TerminalText.escaped(resolved)))",
                suggestion: "paths are relative to the scene file's directory")
            return nil
        case .unreadable(let why):
            report(value.position, path, "cannot read image file \(name): \(why)", expected: "a readable PNG file")
            return nil
        case .damaged(let why):
            report(
                value.position, path, "image file \(name) is a damaged PNG: \(why)", expected: "a PNG file",
                suggestion: "save or export the image again")
            return nil
        case .notPNG(let why):
            report(
                value.position, path, "image file \(name) is not a PNG: \(why)", expected: "a PNG file",
                suggestion: "convert it to PNG (e.g. with an image editor or 'convert in.jpg out.png')")
            return nil
        case .png(let header):
            if let problem = header.limitProblem {
                report(
                    value.position, path, "image file \(name) is too large: \(problem)",
                    expected: "at most \(SceneLimits.grouped(SceneLimits.imagePixels)) pixels (docs/limits.md)",
                    suggestion: "scale the image down")
                return nil
            }
            return resolved
        }
    }

    func resolve(_ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        guard let base = baseDirectory, !base.isEmpty else { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// How a value reads in a message: numbers and short strings verbatim, else its kind.
    func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let n): return format(n)
        case .string(let s): return s.unicodeScalars.count <= 40 ? TerminalText.quoted(s) : "a string"
        case .bool(let b): return b ? "true" : "false"
        default: return value.kindName
        }
    }

    func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }
}
