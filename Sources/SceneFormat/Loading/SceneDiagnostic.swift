import PointerCore

/// One problem found in a scene file: where (file:line:column and the JSON path),
/// what is wrong, what was expected and how to fix it.
public struct SceneDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Line 0 means the whole file (it could not be read at all).
    public var location: SourceLocation
    /// Like `regions[3].frame`; empty for the top level and for syntax errors.
    public var jsonPath: String
    public var message: String
    /// What would have been valid here, e.g. `[x, y, w, h] with w, h > 0`.
    public var expected: String?
    /// A fix hint, e.g. `did you mean "effect"?`.
    public var suggestion: String?

    public init(
        location: SourceLocation, jsonPath: String, message: String,
        expected: String? = nil, suggestion: String? = nil
    ) {
        self.location = location
        self.jsonPath = jsonPath
        self.message = message
        self.expected = expected
        self.suggestion = suggestion
    }

    /// `file:line:column: error: <jsonPath>: <message>; expected …; <hint>` on one line.
    public var description: String {
        var out = location.line > 0 ? "\(location): error: " : "\(location.file): error: "
        if !jsonPath.isEmpty { out += "\(jsonPath): " }
        out += message
        if let expected { out += "; expected \(expected)" }
        if let suggestion { out += "; \(suggestion)" }
        // One line on a terminal whatever the file holds (names, keys, paths).
        return TerminalText.escaped(out)
    }
}

/// Every problem found while loading a scene (never just the first), in file order.
public struct SceneLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [SceneDiagnostic]

    public init(diagnostics: [SceneDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
