import Foundation
import PointerCore
import SceneFormat

/// Decodes each scene image once per lint run, however many regions show it (a
/// thousand buttons on one mockup must not decode the mockup a thousand times).
final class CachedImageSource: SceneImageSource, @unchecked Sendable {
    private let source: any SceneImageSource
    private let lock = NSLock()
    private var cache: [String: RasterImage?] = [:]

    init(_ source: any SceneImageSource) {
        self.source = source
    }

    func image(atPath path: String) -> RasterImage? {
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[path] { return hit }
        let image = source.image(atPath: path)
        cache[path] = .some(image)
        return image
    }
}
