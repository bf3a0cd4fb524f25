import PointerCore

/// A scene image read whole and checked before anything decodes it: at most
/// `SceneLimits.imageFileBytes` (checked with fstat before reading, so a sparse
/// multi-GB file is never read), a PNG signature, an IHDR within the image limits,
/// and every chunk's length within the file and its CRC right. libpng allocates
/// what a chunk's length claims: a 141-byte file claiming a 2 GB chunk took 2.1 GB.
public enum PNGFile {
    /// Why an image file was refused.
    public enum Problem: Error, Sendable, Equatable {
        /// Missing, unreadable, not a regular file, or over the size limit.
        case unreadable(String)
        /// Read, but not a PNG at all (another format, text).
        case notPNG(String)
        /// A PNG whose chunks are damaged or cut short.
        case damaged(String)
        /// A PNG beyond the image limits (`PNGHeader.limitProblem`).
        case tooLarge(String)

        public var reason: String {
            switch self {
            case .unreadable(let s), .notPNG(let s), .damaged(let s), .tooLarge(let s): return s
            }
        }
    }

    /// The checked bytes of the PNG at `path`, and its header.
    public static func read(path: String) throws(Problem) -> (header: PNGHeader, bytes: [UInt8]) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: SceneLimits.imageFileBytes) } catch {
            throw .unreadable(error.reason)
        }
        return (try check(bytes), bytes)
    }

    /// The header of a whole PNG file's bytes, once every chunk is checked (the
    /// header's size against the limits first).
    public static func check(_ bytes: [UInt8]) throws(Problem) -> PNGHeader {
        let header: PNGHeader
        switch PNGHeader.parse(Array(bytes.prefix(24))) {
        case .png(let h): header = h
        case .notPNG(let why), .unreadable(let why), .damaged(let why): throw .notPNG(why)
        }
        if let problem = header.limitProblem { throw .tooLarge(problem) }
        var at = 8
        while true {
            guard bytes.count - at >= 12 else {
                throw .damaged("it ends at byte \(bytes.count) before its IEND chunk (the file is cut short)")
            }
            let length = be32(bytes, at)
            let type = bytes[(at + 4)..<(at + 8)]
            let name = String(decoding: type, as: UTF8.self)
            guard type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .damaged("the chunk at byte \(at) has no valid type (the file is damaged)")
            }
            let left = bytes.count - at - 12
            guard length <= left else {
                throw .damaged(
                    "its \(name) chunk at byte \(at) claims \(SceneLimits.grouped(length)) bytes, more than the "
                        + "\(SceneLimits.grouped(left)) left in the file (the file is damaged or cut short)")
            }
            let crc = be32(bytes, at + 8 + length)
            guard crc == crc32(bytes, from: at + 4, count: length + 4) else {
                throw .damaged("its \(name) chunk at byte \(at) fails its CRC check (the file is damaged)")
            }
            at += 12 + length
            if name == "IEND" { return header }
        }
    }

    /// `bytes` with the CRC of every whole chunk set right (for fuzzing the decoder
    /// behind the CRC check); stops at the first chunk that runs past the end.
    public static func mendingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var at = 8
        while out.count - at >= 12 {
            let length = be32(out, at)
            guard length <= out.count - at - 12 else { break }
            let crc = crc32(out, from: at + 4, count: length + 4)
            for i in 0..<4 { out[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            at += 12 + length
        }
        return out
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO 3309, as PNG uses) of `count` bytes from `from`.
    static func crc32(_ b: [UInt8], from: Int, count: Int) -> Int {
        var c: UInt32 = 0xFFFF_FFFF
        b.withUnsafeBufferPointer { p in
            table.withUnsafeBufferPointer { t in
                for i in from..<(from + count) { c = t[Int((c ^ UInt32(p[i])) & 0xFF)] ^ (c >> 8) }
            }
        }
        return Int(c ^ 0xFFFF_FFFF)
    }
}
