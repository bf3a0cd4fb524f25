import Foundation

/// Finds the bundled assets (scenes, traces, schema) from any working directory:
/// `$ADAPTIVE_POINTER_ASSETS`, an installed `<prefix>/share/adaptive-pointer`,
/// the source tree next to a build directory, or the source tree this was compiled from.
public struct AssetLocator: Sendable {
    public let root: URL

    public enum LookupError: Error, CustomStringConvertible {
        case notFound(searched: [String])
        case missingAsset(kind: String, name: String, in: String, available: [String])

        public var description: String {
            switch self {
            case .notFound(let searched):
                return "cannot find the bundled assets (looked in: \(searched.joined(separator: ", "))). "
                    + "Set ADAPTIVE_POINTER_ASSETS to the Assets folder, or reinstall with 'make install'."
            case .missingAsset(let kind, let name, let dir, let available):
                return "no bundled \(kind) named '\(name)' in \(dir). Available: \(available.joined(separator: ", "))"
            }
        }
    }

    public init(root: URL) { self.root = root }

    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments.first ?? ""
    ) throws -> AssetLocator {
        var candidates: [URL] = []
        if let env = environment["ADAPTIVE_POINTER_ASSETS"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../share/adaptive-pointer").standardized)
        // Walk up from the executable (e.g. .build/debug/ or .build/x86_64…/release/).
        var dir = exe
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Assets"))
            dir = dir.deletingLastPathComponent()
        }
        // The source tree this binary was compiled from.
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Assets"))
        let fm = FileManager.default
        for c in candidates {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: c.appendingPathComponent("Scenes").path, isDirectory: &isDir), isDir.boolValue {
                return AssetLocator(root: c.standardized)
            }
        }
        throw LookupError.notFound(searched: candidates.map { $0.standardized.path })
    }

    public var scenesDirectory: URL { root.appendingPathComponent("Scenes") }
    public var tracesDirectory: URL { root.appendingPathComponent("Traces") }
    public var schemaFile: URL { root.appendingPathComponent("Schema/scene.schema.json") }

    /// `Scenes/<name>.json`.
    public func scene(named name: String) throws -> URL {
        let url = scenesDirectory.appendingPathComponent(name + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LookupError.missingAsset(
                kind: "scene", name: name, in: scenesDirectory.path,
                available: listing(scenesDirectory, ext: "json"))
        }
        return url
    }

    /// What a command's SCENE argument names, the same for every command: a
    /// path (it holds a `/`, ends in `.json`, or is an existing file) as given,
    /// else the name of a bundled scene (`demo`, `toolbar`). Throws, listing
    /// the bundled scenes, for a name that is neither.
    public static func resolveScene(
        _ argument: String,
        locate: () throws -> AssetLocator = { try AssetLocator.locate() }
    ) throws -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        if argument.contains("/") || argument.hasSuffix(".json") || (exists && !isDirectory.boolValue) {
            return argument
        }
        return try locate().scene(named: argument).path
    }

    /// The demo trace for a scene file: `Traces/<scene file's base name>.jsonl`, if bundled.
    public func demoTrace(forScene sceneFile: URL) -> URL? {
        let name = sceneFile.deletingPathExtension().lastPathComponent
        let url = tracesDirectory.appendingPathComponent(name + ".jsonl")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    private func listing(_ dir: URL, ext: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
    }
}
