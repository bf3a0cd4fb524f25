import Foundation
import PointerCore

/// Loads scene files (docs/scene-format.md, version 1) into `Scene` values. Every problem
/// in the file is reported, each with file:line:column, JSON path and a fix hint.
public enum SceneLoader {
    /// Loads the scene at `path`; relative image paths resolve against its directory.
    public static func load(path: String) throws(SceneLoadError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: SceneLimits.sceneFileBytes)
        } catch {
            throw SceneLoadError(diagnostics: [
                SceneDiagnostic(
                    location: SourceLocation(file: path, line: 0, column: 0), jsonPath: "",
                    message: "cannot read scene file: \(error.reason)")
            ])
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var scene = try load(
            bytes: bytes, file: path, baseDirectory: url.deletingLastPathComponent().path,
            imageProbe: PNGHeader.probe(path:))
        scene.sourcePath = url.path
        return scene
    }

    /// Loads a scene from bytes. `file` names it in diagnostics (and gives the default
    /// name); image paths resolve against `baseDirectory` (nil = the current directory).
    public static func load(data: Data, file: String, baseDirectory: String? = nil) throws(SceneLoadError) -> Scene {
        try load(bytes: [UInt8](data), file: file, baseDirectory: baseDirectory, imageProbe: PNGHeader.probe(path:))
    }

    /// Loads a scene from JSON text (tests, stdin).
    public static func load(text: String, file: String, baseDirectory: String? = nil) throws(SceneLoadError) -> Scene {
        try load(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory, imageProbe: PNGHeader.probe(path:))
    }

    /// For tests: an image "exists" (as a small PNG) when `fileExists` says so.
    static func load(
        bytes: [UInt8], file: String, baseDirectory: String?,
        fileExists: @escaping (String) -> Bool
    ) throws(SceneLoadError) -> Scene {
        try load(
            bytes: bytes, file: file, baseDirectory: baseDirectory,
            imageProbe: { path in
                fileExists(path) ? .png(PNGHeader(width: 64, height: 64)) : .unreadable("no such file")
            })
    }

    /// `imageProbe` says what each image file is (PNG and its size, or why not).
    static func load(
        bytes: [UInt8], file: String, baseDirectory: String?,
        imageProbe: @escaping (String) -> PNGHeader.Probe
    ) throws(SceneLoadError) -> Scene {
        if let hint = InputFile.encodingHint(bytes) {
            throw SceneLoadError(diagnostics: [
                SceneDiagnostic(
                    location: SourceLocation(file: file, line: 1, column: 1), jsonPath: "",
                    message: "not UTF-8 text: \(hint)", expected: "a UTF-8 JSON scene")
            ])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneLoadError(diagnostics: [
                SceneDiagnostic(
                    location: error.position.location(in: file), jsonPath: "",
                    message: "invalid JSON: \(error.message)", expected: error.expected)
            ])
        }
        let decoder = SceneDecoder(file: file, baseDirectory: baseDirectory, imageProbe: imageProbe)
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
}
