import Foundation

/// Loads scene files (docs/scene-format.md, version 1) into `Scene` values. Every problem
/// in the file is reported, each with file:line:column, JSON path and a fix hint.
public enum SceneLoader {
    /// Loads the scene at `path`; relative image paths resolve against its directory.
    public static func load(path: String) throws(SceneLoadError) -> Scene {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SceneLoadError(diagnostics: [SceneDiagnostic(
                location: SourceLocation(file: path, line: 0, column: 0), jsonPath: "",
                message: "cannot read scene file: \(Self.reason(for: error, path: path))")])
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var scene = try load(data: data, file: path, baseDirectory: url.deletingLastPathComponent().path)
        scene.sourcePath = url.path
        return scene
    }

    /// Loads a scene from bytes. `file` names it in diagnostics (and gives the default
    /// name); image paths resolve against `baseDirectory` (nil = the current directory).
    public static func load(data: Data, file: String, baseDirectory: String? = nil) throws(SceneLoadError) -> Scene {
        try load(bytes: [UInt8](data), file: file, baseDirectory: baseDirectory,
                 fileExists: Self.isRegularFile)
    }

    /// Loads a scene from JSON text (tests, stdin).
    public static func load(text: String, file: String, baseDirectory: String? = nil) throws(SceneLoadError) -> Scene {
        try load(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory, fileExists: Self.isRegularFile)
    }

    static func load(bytes: [UInt8], file: String, baseDirectory: String?,
                     fileExists: @escaping (String) -> Bool) throws(SceneLoadError) -> Scene {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneLoadError(diagnostics: [SceneDiagnostic(
                location: error.position.location(in: file), jsonPath: "",
                message: "invalid JSON: \(error.message)", expected: error.expected)])
        }
        let decoder = SceneDecoder(file: file, baseDirectory: baseDirectory, fileExists: fileExists)
        let scene = decoder.scene(root, defaultName: defaultName(for: file))
        if !decoder.diagnostics.isEmpty {
            throw SceneLoadError(diagnostics: decoder.sortedDiagnostics)
        }
        return scene
    }

    /// The scene's name when it has none: the file name without its extension.
    static func defaultName(for file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            return String(last[..<dot])
        }
        return last
    }

    static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private static func reason(for error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return error.localizedDescription
    }
}
