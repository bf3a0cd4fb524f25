import PointerCore
import PointerRendering
import SceneFormat

/// libFuzzer target (scripts/fuzz.sh png): image bytes → PNGFile's checks (header
/// limits, every chunk's length and CRC) → Cairo's decoder → a draw. Whatever passes
/// the checks must decode or fail with our error, never trap or take memory the
/// header does not account for (-rss_limit_mb); the seeds are small valid PNGs, and
/// -only_ascii is off, so the mutations reach the chunk fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The CRC check would reject nearly every mutation: a copy with the CRCs mended
    // goes through too, so the decoder sees damaged data inside well-formed chunks.
    for candidate in [bytes, PNGFile.mendingCRCs(bytes)] {
        guard let header = try? PNGFile.check(candidate), header.width * header.height <= 1 << 20 else { continue }
        do {
            let image = try ImageSurface.decodePNG(candidate, path: "fuzz.png")
            _ = image.pixel(x: image.width / 2, y: image.height / 2)
            _ = image.averageColor(x0: 0, y0: 0, x1: Double(image.width), y1: Double(image.height))
        } catch {
            // A damaged image is our error, not a crash.
        }
    }
    return 0
}
