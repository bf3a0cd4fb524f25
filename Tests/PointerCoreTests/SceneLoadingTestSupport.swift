import Foundation

@testable import PointerCore
@testable import SceneFormat

/// Loads JSON text as `scene.json`; image files "exist" when listed in `files`.
func loadScene(_ text: String, files: Set<String> = [], base: String = "/scenes") throws(SceneLoadError) -> Scene {
    try SceneLoader.load(
        bytes: Array(text.utf8), file: "scene.json", baseDirectory: base,
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

/// A complete 1 × 1 transparent PNG (IHDR, IDAT, IEND, with their CRCs), 68 bytes.
let minimalPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01,
    0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44,
    0x41,
    0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00,
    0x00,
    0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
]
