import PointerCore

/// The size of a PNG read from its header (signature and IHDR chunk, the first 24
/// bytes), so an image can be checked against `SceneLimits` before anything decodes
/// it: a 48 KB PNG can claim 20000 × 20000 pixels (1.6 GB decoded).
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What an image file turned out to be.
    public enum Probe: Sendable, Equatable {
        case png(PNGHeader)
        /// Readable, but not a PNG (another format, text, a truncated file).
        case notPNG(String)
        /// Missing or unreadable: the reason.
        case unreadable(String)
        /// A PNG with damaged or missing chunks (a wrong CRC, a length past the end).
        case damaged(String)
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses the header from the file's first bytes.
    public static func parse(_ bytes: [UInt8]) -> Probe {
        guard bytes.count >= 8, Array(bytes.prefix(8)) == signature else {
            return .notPNG(
                format(of: bytes).map { "it is \($0), not a PNG" } ?? "it does not start with the PNG signature")
        }
        // Length 13, type "IHDR", then big-endian width and height.
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return .notPNG("its PNG header is cut short or damaged")
        }
        func be32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        let width = be32(16)
        let height = be32(20)
        guard width > 0, height > 0 else { return .notPNG("its PNG header gives a size of \(width) × \(height)") }
        return .png(PNGHeader(width: width, height: height))
    }

    /// Reads the file at `path` (within `SceneLimits.imageFileBytes`) and checks it
    /// whole (`PNGFile`): what `validate` accepts, `render` and `lint` can decode. An
    /// image over the pixel limits gives its header (`limitProblem` names the limit).
    public static func probe(path: String) -> Probe {
        do {
            return .png(try PNGFile.read(path: path).header)
        } catch {
            switch error {
            case .unreadable(let why): return .unreadable(why)
            case .notPNG(let why): return .notPNG(why)
            case .damaged(let why): return .damaged(why)
            case .tooLarge:
                // The header, for the loader to name the pixel limit.
                return parse((try? InputFile.head(path, count: 24)) ?? [])
            }
        }
    }

    /// Why this size is refused, nil when it is within `SceneLimits`.
    public var limitProblem: String? {
        if width > SceneLimits.imageSide || height > SceneLimits.imageSide {
            return "the image is \(width) × \(height) pixels; each side may be at most \(SceneLimits.imageSide)"
        }
        if width * height > SceneLimits.imagePixels {
            return "the image is \(width) × \(height) = \(SceneLimits.grouped(width * height)) pixels, more than the "
                + "\(SceneLimits.grouped(SceneLimits.imagePixels))-pixel limit"
        }
        return nil
    }

    /// A few well-known formats, for "it is a JPEG, not a PNG".
    static func format(of bytes: [UInt8]) -> String? {
        func starts(_ p: [UInt8]) -> Bool { bytes.count >= p.count && Array(bytes.prefix(p.count)) == p }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG" }
        if starts(Array("GIF8".utf8)) { return "a GIF" }
        if starts(Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "a WebP image"
        }
        if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "SVG/XML text" }
        if starts(Array("BM".utf8)) { return "a BMP image" }
        if bytes.isEmpty { return "an empty file" }
        return nil
    }
}
