import PointerCore
import SceneFormat

/// Decoded pixels of an image a scene refers to (RGBA, 8 bits per channel, straight alpha).
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Row-major RGBA bytes, `width * height * 4`.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = (y * width + x) * 4
        return (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3])
    }
}

/// Supplies the pixels of scene images to lint rules. PointerCore cannot decode PNG
/// (Foundation only); the CLI passes a Cairo-backed source, tests pass synthetic ones.
public protocol SceneImageSource: Sendable {
    /// The decoded image at an absolute path, nil when it cannot be read.
    func image(atPath path: String) -> RasterImage?
}
