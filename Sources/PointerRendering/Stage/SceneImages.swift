import PointerCore

/// The scene's PNGs (canvas image and region images), loaded once when a renderer
/// is made, so a missing or corrupt file is reported up front, naming the file.
final class SceneImages {
    private(set) var byPath: [String: ImageSurface] = [:]

    init(scene: Scene) throws {
        var paths: [String] = []
        if let p = scene.canvas.image { paths.append(p) }
        func visit(_ r: Region) {
            if let p = r.content?.image { paths.append(p) }
            r.regions.forEach(visit)
        }
        scene.regions.forEach(visit)
        for p in paths where byPath[p] == nil {
            byPath[p] = try ImageSurface.loadPNG(path: p)
        }
    }

    subscript(path: String) -> ImageSurface? { byPath[path] }
}
