import CCairo
import PointerCore
import SceneFormat

/// An ARGB32 (premultiplied, native-endian 0xAARRGGBB) Cairo image surface, owned:
/// the surface is destroyed when this object goes away.
///
/// Three ways to get one:
/// - `ImageSurface(width:height:)`: Cairo allocates and owns the pixels.
/// - `ImageSurface(wrapping:width:height:stride:)`: draws straight into memory the
///   caller owns (a `wl_shm` buffer, an X11 shared-memory segment). The memory must
///   outlive this object; call `flush()` before handing the pixels to a compositor.
/// - `ImageSurface.loadPNG(path:)`.
public final class ImageSurface {
    let pointer: OpaquePointer
    /// Device pixels.
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int

    /// The stride Cairo wants for an ARGB32 surface `width` pixels wide.
    public static func stride(forWidth width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: width)))
    }

    /// A new, fully transparent surface.
    public convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, format: CAIRO_FORMAT_ARGB32)
    }

    init(width: Int, height: Int, format: cairo_format_t) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw CairoError.invalidSize(
                width: width, height: height, stride: 0,
                reason: "each side must be 1…32767 pixels")
        }
        guard let s = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
            throw CairoError.invalidSize(width: width, height: height, stride: 0, reason: "out of memory")
        }
        try Self.adopt(s, "cairo_image_surface_create")
        pointer = s
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// Wraps caller-owned ARGB32 memory (`stride` bytes per row, at least
    /// `ImageSurface.stride(forWidth:)`, 4-byte aligned). Nothing is copied.
    public init(wrapping data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw CairoError.invalidSize(
                width: width, height: height, stride: stride,
                reason: "each side must be 1…32767 pixels")
        }
        guard stride >= Self.stride(forWidth: width), stride % 4 == 0 else {
            throw CairoError.invalidSize(
                width: width, height: height, stride: stride,
                reason: "stride must be a multiple of 4 and at least \(Self.stride(forWidth: width))")
        }
        guard
            let s = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(stride))
        else {
            throw CairoError.invalidSize(width: width, height: height, stride: stride, reason: "out of memory")
        }
        try Self.adopt(s, "cairo_image_surface_create_for_data")
        pointer = s
        self.width = width
        self.height = height
        self.stride = stride
    }

    private init(adopting s: OpaquePointer) {
        pointer = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// Destroys `s` and throws when Cairo handed back an error surface.
    private static func adopt(_ s: OpaquePointer, _ op: String) throws {
        let status = cairo_surface_status(s)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(s)
            try CairoError.check(status, op)
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    /// False for an opaque (RGB24) surface, whose top byte per pixel is unused.
    public var hasAlpha: Bool { cairo_image_surface_get_format(pointer) != CAIRO_FORMAT_RGB24 }

    /// Loads a PNG. A missing, unreadable, oversized or damaged file is a
    /// `CairoError.pngRead` naming it. The file is read once, within
    /// `SceneLimits.imageFileBytes`, and checked whole (`PNGFile`: header limits, every
    /// chunk's length and CRC) before Cairo decodes those bytes, so a small file
    /// claiming 20000 × 20000 pixels or a 4 GB chunk is refused rather than decoded.
    public static func loadPNG(path: String) throws -> ImageSurface {
        let bytes: [UInt8]
        do { bytes = try PNGFile.read(path: path).bytes } catch {
            throw CairoError.pngRead(path: path, message: error.reason)
        }
        // (PNGFile.read refuses a header past the image limits before reading the chunks.)
        return try decodePNG(bytes, path: path)
    }

    /// Decodes PNG bytes that `PNGFile` checked; `path` names the file in errors.
    public static func decodePNG(_ bytes: [UInt8], path: String) throws -> ImageSurface {
        final class Source {
            let bytes: [UInt8]
            var at = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source(bytes)
        let s = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                    let n = Int(length)
                    guard source.bytes.count - source.at >= n else { return CAIRO_STATUS_READ_ERROR }
                    source.bytes.withUnsafeBufferPointer { p in
                        if let base = p.baseAddress { data.update(from: base + source.at, count: n) }
                    }
                    source.at += n
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let s else { throw CairoError.pngRead(path: path, message: "there was not enough memory to decode it") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            // Our words, never Cairo's ("out of memory" is what it says for any damaged PNG).
            let why =
                status == CAIRO_STATUS_NO_MEMORY
                ? "its image data could not be decoded (damaged compressed data, or not enough memory)"
                : "its image data could not be decoded (the file is damaged)"
            throw CairoError.pngRead(path: path, message: why)
        }
        return ImageSurface(adopting: s)
    }

    /// The surface encoded as PNG bytes (written to disk by the caller, atomically).
    public func pngData() throws -> [UInt8] {
        flush()
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(
                pointer,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError.status(
                operation: "cairo_surface_write_to_png_stream", code: Int32(status.rawValue),
                message: CairoError.message(status))
        }
        return sink.bytes
    }

    /// Writes the surface as a PNG file.
    public func writePNG(path: String) throws {
        flush()
        let status = cairo_surface_write_to_png(pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError.pngWrite(path: path, message: CairoError.message(status))
        }
    }

    /// Finishes pending drawing so the pixel memory is up to date.
    public func flush() { cairo_surface_flush(pointer) }

    /// Tells Cairo the pixels were changed behind its back (e.g. by a memcpy).
    public func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// Clears every pixel to transparent.
    public func clear() throws {
        let cr = try CairoContext(surface: self)
        cr.setOperator(.source)
        cr.setSource(.clear)
        cr.paint()
        try cr.checkStatus("clear")
    }

    /// Reads one pixel as straight (non-premultiplied) RGBA; nil outside the surface.
    public func pixel(x: Int, y: Int) -> RGBAPixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        flush()
        guard let data = cairo_image_surface_get_data(pointer) else { return nil }
        let v = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return RGBAPixel(premultipliedARGB: v)
    }

    /// The mean colour (straight alpha) over a rect in pixel coordinates, clamped to
    /// the surface; partly covered edge pixels count by their covered fraction.
    /// Large rects are sampled on a sparser lattice (≈ 32 × 32 samples). nil when empty.
    public func averageColor(x0: Double, y0: Double, x1: Double, y1: Double) -> RGBA? {
        let ax = max(x0, 0)
        let ay = max(y0, 0)
        let bx = min(x1, Double(width))
        let by = min(y1, Double(height))
        guard bx > ax, by > ay else { return nil }
        flush()
        guard let data = cairo_image_surface_get_data(pointer) else { return nil }
        let raw = UnsafeRawPointer(data)
        let stepX = max(1, Int(((bx - ax) / 32).rounded(.up)))
        let stepY = max(1, Int(((by - ay) / 32).rounded(.up)))
        var sum = SIMD4<Double>.zero
        var weight = 0.0
        var y = Int(ay.rounded(.down))
        while Double(y) < by {
            let wy = min(Double(y + 1), by) - max(Double(y), ay)
            var x = Int(ax.rounded(.down))
            while Double(x) < bx {
                let wx = min(Double(x + 1), bx) - max(Double(x), ax)
                let w = wx * wy
                let v = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                sum += SIMD4(Double((v >> 16) & 0xFF), Double((v >> 8) & 0xFF), Double(v & 0xFF), Double(v >> 24)) * w
                weight += w
                x += stepX
            }
            y += stepY
        }
        guard weight > 0 else { return nil }
        let mean = sum / weight / 255
        let a = min(max(mean[3], 0), 1)
        guard a > 0.0001 else { return .clear }
        return RGBA(r: min(mean[0] / a, 1), g: min(mean[1] / a, 1), b: min(mean[2] / a, 1), a: a)
    }

    /// Calls `body` with the raw pixel rows (premultiplied ARGB32, `stride` bytes each).
    public func withPixels<R>(_ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        flush()
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError.status(
                operation: "cairo_image_surface_get_data", code: -1, message: "surface has no pixel data")
        }
        let r = try body(UnsafeMutableRawPointer(data))
        markDirty()
        return r
    }
}

/// One pixel, straight alpha, 0…255 per channel.
public struct RGBAPixel: Equatable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(premultipliedARGB v: UInt32) {
        let a = UInt8(truncatingIfNeeded: v >> 24)
        func un(_ c: UInt32) -> UInt8 {
            guard a > 0 else { return 0 }
            return UInt8(min(255, (c * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        self.a = a
        r = un((v >> 16) & 0xFF)
        g = un((v >> 8) & 0xFF)
        b = un(v & 0xFF)
    }

    /// Perceived brightness 0…1 (Rec. 709 weights on the sRGB values).
    public var brightness: Double {
        (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
    }

    public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}
