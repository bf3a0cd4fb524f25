import CXCB
import Foundation
import PointerCore

/// Reads the real screen under the pointer for the material (overlay mode):
/// one small GetImage of the root per sample, averaging only the ring of pixels
/// outside what we draw ourselves, so the pointer never samples its own colour.
final class ScreenSampler {
    private let connection: XCBConnection

    init(connection: XCBConnection) { self.connection = connection }

    /// Mean colour of `area` (root pixels) minus `exclude`, or nil when nothing is left.
    func averageColor(in area: PixelRect, excluding exclude: PixelRect) -> RGBA? {
        let screenRect = PixelRect(x: 0, y: 0, width: Int(connection.screen.width_in_pixels),
                                   height: Int(connection.screen.height_in_pixels))
        let r = area.intersection(screenRect)
        guard !r.isEmpty, connection.screen.root_depth >= 24 else { return nil }
        let cookie = xcb_get_image(connection.raw, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), connection.root,
                                   Int16(r.x), Int16(r.y), UInt16(r.width), UInt16(r.height), UInt32.max)
        guard let reply = xcb_get_image_reply(connection.raw, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_image_data_length(reply))
        guard let bytes = xcb_get_image_data(reply), length >= r.width * r.height * 4 else { return nil }
        let pixels = UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt32.self)
        var sr = 0, sg = 0, sb = 0, n = 0
        for y in 0..<r.height {
            for x in 0..<r.width {
                let gx = r.x + x, gy = r.y + y
                if gx >= exclude.x && gx < exclude.x + exclude.width && gy >= exclude.y && gy < exclude.y + exclude.height { continue }
                let p = pixels[y * r.width + x]
                sr += Int((p >> 16) & 0xff); sg += Int((p >> 8) & 0xff); sb += Int(p & 0xff)
                n += 1
            }
        }
        guard n > 0 else { return nil }
        let d = Double(n) * 255
        return RGBA(r: Double(sr) / d, g: Double(sg) / d, b: Double(sb) / d)
    }
}
