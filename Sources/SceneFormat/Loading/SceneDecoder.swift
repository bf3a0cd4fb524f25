import PointerCore

/// Turns a parsed JSON document into a `Scene`, collecting every problem on the way.
/// A bad value is reported and skipped (its default or a placeholder stands in) so
/// the rest of the file is still checked; `SceneLoader` throws if anything was found.
final class SceneDecoder {
    /// The file name used in diagnostics.
    let file: String
    /// Directory that relative image paths are resolved against; nil = current directory.
    let baseDirectory: String?
    /// What an image path holds: a PNG and its size, or why not (injectable for tests).
    let imageProbe: (String) -> PNGHeader.Probe

    private(set) var diagnostics: [SceneDiagnostic] = []
    /// First place each region id was defined (ids are unique across the scene).
    var regionIDs: [String: JSONValue] = [:]
    /// Region ids named by `hides` and modifier `regions`, checked once all are known.
    var references: [RegionReference] = []
    /// Regions read so far, nested ones included (`SceneLimits.regions`).
    var regionCount = 0
    /// Path segments of all custom shapes so far (`SceneLimits.scenePathSegments`).
    var pathSegmentCount = 0
    /// Diagnostics beyond `maxDiagnostics`, counted but not kept.
    private var dropped = 0
    /// Errors kept per scene: a file broken everywhere still gives a readable report.
    static let maxDiagnostics = 1000

    init(file: String, baseDirectory: String?, imageProbe: @escaping (String) -> PNGHeader.Probe) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.imageProbe = imageProbe
    }

    /// Position and text are worked out only for a diagnostic that is kept: a list
    /// of millions of bad items costs a count, not millions of messages.
    func report(
        _ position: @autoclosure () -> TextPosition, _ path: JSONPath, _ message: @autoclosure () -> String,
        expected: @autoclosure () -> String? = nil, suggestion: @autoclosure () -> String? = nil
    ) {
        guard diagnostics.count < Self.maxDiagnostics else {
            dropped += 1
            return
        }
        diagnostics.append(
            SceneDiagnostic(
                location: position().location(in: file), jsonPath: path.text, message: message(),
                expected: expected(), suggestion: suggestion()))
    }

    /// Diagnostics in file order (stable for ties), then how many more were not kept.
    var sortedDiagnostics: [SceneDiagnostic] {
        var sorted = diagnostics.enumerated().sorted { a, b in
            let la = a.element.location
            let lb = b.element.location
            if la.line != lb.line { return la.line < lb.line }
            if la.column != lb.column { return la.column < lb.column }
            return a.offset < b.offset
        }.map(\.element)
        if dropped > 0 {
            sorted.append(
                SceneDiagnostic(
                    location: SourceLocation(file: file, line: 0, column: 0), jsonPath: "",
                    message:
                        "\(dropped) more error\(dropped == 1 ? "" : "s") not shown (only the first \(Self.maxDiagnostics) are listed)",
                    suggestion: "fix these and validate again"))
        }
        return sorted
    }
}

/// A region id written somewhere other than a region's own `id`.
struct RegionReference {
    var id: String
    /// The id as written (its position is worked out only for a message).
    var value: JSONValue
    var position: TextPosition { value.position }
    var path: JSONPath
    /// `hides` or `modifiers[…].regions`, for the message.
    var context: String
}

/// An object's members once its keys were checked against the known ones.
struct ObjectFields {
    let members: JSONObject
    /// The object itself; its position is worked out only for a message.
    let value: JSONValue
    var position: TextPosition { value.position }
    let path: JSONPath
    /// The keys the object may have, and the tape entry of each one's first value (-1: absent).
    let known: [String]
    let valueEntries: [Int]

    /// The value of `key` (the first one when a key was written twice); nil for
    /// a key that is absent or not among the known ones.
    subscript(key: String) -> JSONValue? {
        guard let k = known.firstIndex(of: key), valueEntries[k] >= 0 else { return nil }
        return JSONValue(document: members.document, index: valueEntries[k])
    }

    func path(_ key: String) -> JSONPath { path.appending(key) }
}
