import CXCB
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pixel rectangle in window coordinates.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x)
        let y0 = min(y, o.y)
        return PixelRect(
            x: x0, y: y0, width: max(x + width, o.x + o.width) - x0,
            height: max(y + height, o.y + o.height) - y0)
    }
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width)
        let y1 = min(y + height, o.y + o.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// Whether every pixel of `o` is in this rect (an empty `o` is).
    public func contains(_ o: PixelRect) -> Bool { o.isEmpty || intersection(o) == o }
}

/// The window's pixels in client memory (ARGB32 premultiplied, as Cairo draws
/// them), shared with the server through MIT-SHM when it can, so presenting a
/// damaged rectangle copies only that rectangle. Without SHM (remote servers)
/// it falls back to PutImage.
final class ImageBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    private let connection: XCBConnection
    private(set) var shmSeg: xcb_shm_seg_t = 0
    private var shmAddress: UnsafeMutableRawPointer?
    /// A ShmPutImage the server has not finished reading: don't draw over it yet.
    private var uploadsInFlight = 0
    var uploadPending: Bool { uploadsInFlight > 0 }
    /// Shaped window: the desktop colour each pixel was blended over
    /// (0xFFRRGGBB; 0x01RRGGBB over a guess; 0 where nothing was blended),
    /// and where such pixels are.
    var blendedOver: [UInt32] = []
    var blendedBounds = PixelRect.zero

    init(connection: XCBConnection, width: Int, height: Int) throws {
        self.connection = connection
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = self.width * 4
        let size = stride * self.height
        if connection.shmAvailable, let address = ImageBuffer.attachShm(connection, size: size, seg: &shmSeg) {
            shmAddress = address
            data = address
        } else {
            data = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        }
        memset(data, 0, size)
    }

    deinit {
        if let shmAddress {
            xcb_shm_detach(connection.raw, shmSeg)
            connection.flush()
            shmdt(shmAddress)
        } else {
            data.deallocate()
        }
    }

    var usesSharedMemory: Bool { shmAddress != nil }

    private static func attachShm(_ c: XCBConnection, size: Int, seg: inout xcb_shm_seg_t) -> UnsafeMutableRawPointer? {
        let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        // Marked for removal at once: it lives until both sides detach, even if we crash.
        defer { shmctl(id, IPC_RMID, nil) }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        seg = xcb_generate_id(c.raw)
        if xcb_request_check(c.raw, xcb_shm_attach_checked(c.raw, seg, UInt32(id), 0)) != nil {
            shmdt(address)
            return nil
        }
        return address
    }

    /// Copies `rect` of the buffer to `drawable` at the same position. With
    /// `notify` the server reports when it has read the pixels (ShmCompletion):
    /// until then the buffer must not be drawn over. Returns the sequence
    /// number of its first request (nil: nothing to copy).
    @discardableResult
    func upload(_ rect: PixelRect, to drawable: xcb_drawable_t, gc: xcb_gcontext_t, depth: UInt8, notify: Bool = true)
        -> UInt32?
    {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return nil }
        if usesSharedMemory {
            let cookie = xcb_shm_put_image(
                connection.raw, drawable, gc, UInt16(width), UInt16(height),
                UInt16(r.x), UInt16(r.y), UInt16(r.width), UInt16(r.height),
                Int16(r.x), Int16(r.y), depth, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), notify ? 1 : 0, shmSeg, 0)
            if notify { uploadsInFlight += 1 }
            return cookie.sequence
        }
        // PutImage: rows of the rect, in chunks under the maximum request length.
        let maxBytes = Int(xcb_get_maximum_request_length(connection.raw)) * 4 - 64
        let rowBytes = r.width * 4
        let rowsPerChunk = max(1, maxBytes / rowBytes)
        var scratch = [UInt8](repeating: 0, count: rowBytes * min(rowsPerChunk, r.height))
        var row = r.y
        var first: UInt32?
        while row < r.y + r.height {
            let rows = min(rowsPerChunk, r.y + r.height - row)
            scratch.withUnsafeMutableBytes { dst in
                for i in 0..<rows {
                    memcpy(dst.baseAddress! + i * rowBytes, data + (row + i) * stride + r.x * 4, rowBytes)
                }
                let cookie = xcb_put_image(
                    connection.raw, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), drawable, gc,
                    UInt16(r.width), UInt16(rows), Int16(r.x), Int16(row), 0, depth,
                    UInt32(rows * rowBytes), dst.baseAddress!.assumingMemoryBound(to: UInt8.self))
                if first == nil { first = cookie.sequence }
            }
            row += rows
        }
        return first
    }

    /// The server finished reading the last upload (ShmCompletion).
    func uploadCompleted() { uploadsInFlight = max(0, uploadsInFlight - 1) }
}
