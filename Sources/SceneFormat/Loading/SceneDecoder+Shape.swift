import PointerCore

/// Pointer `shape` (regions and modifiers): a name, a rounded rect, a beam or SVG path data.
extension SceneDecoder {
    static let shapeNames = ["circle"] + BuiltinShape.allCases.map(\.rawValue)
    static let shapeKinds = ["roundedRect", "verticalBeam", "horizontalBeam", "path"]
    static let shapeExpected =
        "\"circle\", a built-in name (\"crosshair\", \"arrows-horizontal\", \"arrows-vertical\", \"target\", \"marker-tip\"), {\"roundedRect\": {…}}, {\"verticalBeam\": {…}}, {\"horizontalBeam\": {…}} or {\"path\": \"…\", \"size\": [w, h], \"anchor\": [x, y]}"

    func shape(_ value: JSONValue, _ path: JSONPath) -> ShapeSpec? {
        switch value.kind {
        case .string(let name):
            if name == "circle" { return .circle }
            if let builtin = BuiltinShape(rawValue: name) { return .builtin(builtin) }
            report(
                value.position, path, "unknown shape \(TerminalText.quoted(name))", expected: Self.shapeExpected,
                suggestion: KeySuggestion.closest(to: name, among: Self.shapeNames).map { "did you mean \"\($0)\"?" })
            return nil
        case .object(let members):
            if members.contains(where: { $0.key == "path" }) { return pathShape(value, path) }
            guard let fields = object(value, path, known: Self.shapeKinds) else { return nil }
            guard fields.members.count == 1, let member = fields.members.first else {
                if fields.members.isEmpty || fields.members.allSatisfy({ Self.shapeKinds.contains($0.key) }) {
                    report(
                        value.position, path, "a shape object names exactly one kind, found \(fields.members.count)",
                        expected: Self.shapeExpected)
                }
                return nil
            }
            let memberPath = path.appending(member.key)
            switch member.key {
            case "roundedRect":
                guard let f = object(member.value, memberPath, known: ["size", "cornerRadius"]) else { return nil }
                let size = f["size"].flatMap { shapeSize($0, f.path("size")) }
                let radius = f["cornerRadius"].flatMap {
                    positive($0, f.path("cornerRadius"), strict: false, what: "a radius")
                }
                return .roundedRect(size: size, cornerRadius: radius)
            case "verticalBeam", "horizontalBeam":
                guard let f = object(member.value, memberPath, known: ["length"]) else { return nil }
                let length = f["length"].flatMap { shapeLength($0, f.path("length"), what: "a length in pt") }
                return member.key == "verticalBeam" ? .verticalBeam(length: length) : .horizontalBeam(length: length)
            default:
                return nil // unknown kind: already reported by object(_:_:known:)
            }
        default:
            report(value.position, path, "expected a shape, found \(describe(value))", expected: Self.shapeExpected)
            return nil
        }
    }

    /// `{"path": "<SVG path data>", "size": [w, h], "anchor": [x, y]}`. Without `size` the
    /// box spans from (0, 0) to the path's furthest point; `anchor` defaults to the box centre.
    private func pathShape(_ value: JSONValue, _ path: JSONPath) -> ShapeSpec? {
        guard let fields = object(value, path, known: ["path", "size", "anchor"]) else { return nil }
        var elements: [PathElement]?
        var data = ""
        if let v = fields["path"], let s = string(v, fields.path("path"), expected: "SVG path data") {
            data = s
            do {
                let parsed = try SVGPathParser.parse(s)
                pathSegmentCount += parsed.count
                if parsed.isEmpty {
                    report(
                        v.position, fields.path("path"), "empty path data",
                        expected: "SVG path data such as \"M0 0 L10 5 L0 10 Z\"")
                } else if pathSegmentCount > SceneLimits.scenePathSegments {
                    report(
                        v.position, fields.path("path"),
                        "the scene's custom shapes have more than \(SceneLimits.grouped(SceneLimits.scenePathSegments)) path segments together",
                        expected:
                            "at most \(SceneLimits.grouped(SceneLimits.scenePathSegments)) segments in all custom shapes (docs/limits.md)",
                        suggestion:
                            "use a built-in shape (docs/scene-format.md) where one fits, or simplify the paths: fewer segments, or arcs instead of many short lines"
                    )
                } else {
                    elements = parsed
                }
            } catch {
                // Point at the offending character (exact when the string has no escapes).
                var at = v.position
                at.column &+= Int32(truncatingIfNeeded: 1 + error.offset)
                at.offset &+= 1 + error.offset
                report(
                    at, fields.path("path"), "invalid path data at character \(error.offset): \(error.message)",
                    expected: error.expected)
            }
        }
        let size = fields["size"].flatMap { shapeSize($0, fields.path("size")) }
        let anchor = fields["anchor"].flatMap { shapePoint($0, fields.path("anchor")) }
        guard let elements else { return nil }
        let box = size ?? Self.extent(of: elements)
        return .path(PathShape(data: data, elements: elements, size: box, anchor: anchor, name: nil))
    }

    /// `[w, h]` of a pointer shape: greater than 0 and within `SceneLimits.shapeExtent`.
    func shapeSize(_ value: JSONValue, _ path: JSONPath) -> Size? {
        guard let s = size(value, path) else { return nil }
        guard s.width >= SceneLimits.shapeMinimum, s.height >= SceneLimits.shapeMinimum else {
            reportShapeMinimum(value, path, "a pointer shape of \(format(s.width)) × \(format(s.height)) pt")
            return nil
        }
        guard s.width <= SceneLimits.shapeExtent, s.height <= SceneLimits.shapeExtent else {
            reportShapeLimit(value, path, "a pointer shape of \(format(s.width)) × \(format(s.height)) pt")
            return nil
        }
        return s
    }

    /// A length or diameter of the pointer: greater than 0 and within `SceneLimits.shapeExtent`.
    func shapeLength(_ value: JSONValue, _ path: JSONPath, what: String) -> Double? {
        guard let n = positive(value, path, what: what) else { return nil }
        guard n >= SceneLimits.shapeMinimum else {
            reportShapeMinimum(value, path, "a pointer \(format(n)) pt across")
            return nil
        }
        guard n <= SceneLimits.shapeExtent else {
            reportShapeLimit(value, path, "a pointer \(format(n)) pt across")
            return nil
        }
        return n
    }

    /// A point of a pointer shape (its anchor) within `SceneLimits.shapeExtent`.
    func shapePoint(_ value: JSONValue, _ path: JSONPath) -> Point? {
        guard let p = point(value, path) else { return nil }
        guard abs(p.x) <= SceneLimits.shapeExtent, abs(p.y) <= SceneLimits.shapeExtent else {
            reportShapeLimit(value, path, "an anchor at (\(format(p.x)), \(format(p.y)))")
            return nil
        }
        return p
    }

    private func reportShapeMinimum(_ value: JSONValue, _ path: JSONPath, _ what: String) {
        let limit = format(SceneLimits.shapeMinimum)
        report(
            value.position, path, "\(what) is below the \(limit) pt minimum for pointer shapes",
            expected: "at least \(limit) pt (docs/limits.md)",
            suggestion: "a pointer is a few dozen pt; scale the shape up")
    }

    private func reportShapeLimit(_ value: JSONValue, _ path: JSONPath, _ what: String) {
        let limit = SceneLimits.points(SceneLimits.shapeExtent)
        report(
            value.position, path, "\(what) is beyond the \(limit) pt limit for pointer shapes",
            expected: "at most \(limit) pt (docs/limits.md)",
            suggestion: "a pointer is a few dozen pt; scale the shape down")
    }

    /// The box from (0, 0) to the furthest point of the path (at least 1×1).
    static func extent(of elements: [PathElement]) -> Size {
        var maxX = 1.0
        var maxY = 1.0
        func take(_ p: Point) {
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): take(p)
            case .cubic(let a, let b, let c):
                take(a)
                take(b)
                take(c)
            case .close: break
            }
        }
        return Size(width: maxX, height: maxY)
    }
}
