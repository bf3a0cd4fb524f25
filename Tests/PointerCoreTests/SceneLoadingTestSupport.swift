import Foundation
@testable import PointerCore

/// Loads JSON text as `scene.json`; image files "exist" when listed in `files`.
func loadScene(_ text: String, files: Set<String> = [], base: String = "/scenes") throws(SceneLoadError) -> Scene {
    try SceneLoader.load(bytes: Array(text.utf8), file: "scene.json", baseDirectory: base,
                         fileExists: { files.contains($0) })
}

/// The diagnostics a broken scene produces (empty when it loads).
func diagnostics(_ text: String, files: Set<String> = []) -> [SceneDiagnostic] {
    do {
        _ = try loadScene(text, files: files)
        return []
    } catch {
        return error.diagnostics
    }
}

/// A scene with the given regions JSON (and optional extra top-level members).
func sceneText(regions: String, extra: String = "") -> String {
    "{\"version\": 1, \"regions\": [\(regions)]\(extra.isEmpty ? "" : ", " + extra)}"
}
