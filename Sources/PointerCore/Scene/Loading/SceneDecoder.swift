/// Turns a parsed JSON document into a `Scene`, collecting every problem on the way.
/// A bad value is reported and skipped (its default or a placeholder stands in) so
/// the rest of the file is still checked; `SceneLoader` throws if anything was found.
final class SceneDecoder {
    /// The file name used in diagnostics.
    let file: String
    /// Directory that relative image paths are resolved against; nil = current directory.
    let baseDirectory: String?
    /// Whether an image path exists as a regular file (injectable for tests).
    let fileExists: (String) -> Bool

    private(set) var diagnostics: [SceneDiagnostic] = []
    /// First place each region id was defined (ids are unique across the scene).
    var regionIDs: [String: TextPosition] = [:]
    /// Region ids named by `hides` and modifier `regions`, checked once all are known.
    var references: [RegionReference] = []

    init(file: String, baseDirectory: String?, fileExists: @escaping (String) -> Bool) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.fileExists = fileExists
    }

    func report(_ position: TextPosition, _ path: JSONPath, _ message: String,
                expected: String? = nil, suggestion: String? = nil) {
        diagnostics.append(SceneDiagnostic(
            location: position.location(in: file), jsonPath: path.text, message: message,
            expected: expected, suggestion: suggestion))
    }

    /// Diagnostics in file order (stable for ties).
    var sortedDiagnostics: [SceneDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            if la.line != lb.line { return la.line < lb.line }
            if la.column != lb.column { return la.column < lb.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// A region id written somewhere other than a region's own `id`.
struct RegionReference {
    var id: String
    var position: TextPosition
    var path: JSONPath
    /// `hides` or `modifiers[…].regions`, for the message.
    var context: String
}

/// An object's members once its keys were checked against the known ones.
struct ObjectFields {
    let members: [JSONMember]
    let position: TextPosition
    let path: JSONPath

    /// The value of `key` (the first one when a key was written twice).
    subscript(key: String) -> JSONValue? {
        // By index, so no member is copied (and retained) just to compare its key.
        var i = 0
        while i < members.count {
            if members[i].key == key { return members[i].value }
            i += 1
        }
        return nil
    }

    func path(_ key: String) -> JSONPath { path.appending(key) }
}
