import Foundation
import PointerCore
import SceneFormat

/// Where the shader texts come from: a Shaders/ folder (installed next to the
/// assets, or the source tree's), else the copy built into the binary
/// (`EmbeddedShaders`). Files are read once; a missing one is an error naming it.
public struct ShaderSources: Sendable {
    /// The folder, or "built-in".
    public let origin: String
    private let texts: [String: String]
    private let directory: String?

    /// The built-in copy (Sources/GLRenderer/Shaders/EmbeddedShaders.swift).
    public static let builtIn = ShaderSources(origin: "built-in", texts: EmbeddedShaders.files, directory: nil)

    /// Largest shader file read (bytes).
    static let fileByteLimit = 1 << 20

    /// The files of `directory`; throws `GLError.missingShader` naming the first one missing.
    public static func folder(_ directory: URL) throws -> ShaderSources {
        var texts: [String: String] = [:]
        for f in ShaderProgram.files {
            let url = directory.appendingPathComponent(f)
            // Read with a limit like every file the program reads (a shader is a few KB).
            guard let bytes = try? InputFile.read(url.path, limit: Self.fileByteLimit),
                let text = String(validating: bytes, as: UTF8.self)
            else {
                throw GLError.missingShader(file: f, directory: directory.path)
            }
            texts[f] = text
        }
        return ShaderSources(origin: directory.path, texts: texts, directory: directory.path)
    }

    /// `$ADAPTIVE_POINTER_SHADERS`, else the first of `candidates` holding a
    /// Shaders folder, else the built-in copy.
    public static func locate(candidates: [URL], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> ShaderSources
    {
        if let env = environment["ADAPTIVE_POINTER_SHADERS"], !env.isEmpty {
            return try folder(URL(fileURLWithPath: env))
        }
        for c in candidates {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: c.path, isDirectory: &isDir), isDir.boolValue {
                return try folder(c)
            }
        }
        return builtIn
    }

    func text(of file: String) throws -> String {
        guard let t = texts[file] else { throw GLError.missingShader(file: file, directory: origin) }
        return t
    }

    /// How a message should name `file`: its path in the folder, or Shaders/<file>.
    func displayName(_ file: String) -> String {
        directory.map { URL(fileURLWithPath: $0).appendingPathComponent(file).path } ?? "Shaders/\(file) (built-in)"
    }
}
