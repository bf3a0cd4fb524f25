import CXCB
import Foundation
import PointerCore
import PointerHost
import PointerRendering

/// The material's "what colour is under this rect?" answered from the real
/// screen (overlay mode).
///
/// On the first question of a frame, one small GetImage of the root around the
/// asked rect is taken and "un-composited" against the overlay's own buffer on
/// screen: pixels we cover (nearly) opaquely are dropped, translucent ones are
/// solved for what lies beneath (s = c + (1 − a)·bg). So the material samples
/// the desktop, never its own colour, and further questions in the same frame
/// cost no round trip.
final class ScreenSampler: BackgroundSampler {
    private let connection: XCBConnection
    /// The canvas being drawn (its origin and scale map canvas pt to root pixels).
    var canvas: X11Canvas?
    /// The captured patch: root-pixel rect, straight RGB (0–255) and weight per pixel.
    private var patch = PixelRect.zero
    private var rgb: [Float] = []
    private var weight: [Float] = []
    /// The same pixels as opaque XRGB words (0 where weight is 0): what a
    /// shaped move compares its blended pixels' record with, word for word.
    private var packed: [UInt32] = []
    /// Last answer, used when every sampled pixel is ours.
    private var last = RGBA(r: 0.5, g: 0.5, b: 0.5)
    private(set) var captures = 0
    /// What the material asked while the shown frame was painted, and the answers.
    private var asked: [Int: [(rect: Rect, answer: RGBA)]] = [:]
    private var recording = true
    /// When the desktop was last compared for a move without repaint.
    private var lastCheck = -Double.infinity
    /// At most this often (s) the desktop is sampled while the pointer only moves.
    static let backdropInterval = 0.1

    /// Largest patch side, in root pixels (bounds the per-frame cost).
    static let maxSide = 320
    /// Shaped fallback: the desktop as last seen, per root pixel (0 = never
    /// seen), so what our own opaque pixels hide (a label under a highlight
    /// platter) is blended from memory. Only for screens up to this many pixels.
    /// Stored in 32×32 px tiles (4 kB, one page each): a capture around the
    /// pointer then touches a few pages, not one per row of the screen.
    private var seen: [UInt32] = []
    private var seenTilesPerRow = 0
    static let maxRemembered = 8_500_000

    /// Shaped, while the hand moves: where the desktop changes (nil: the
    /// server has no DAMAGE or no MIT-SHM extension, and every move captures).
    private let desktopDamage: DesktopDamage?
    /// The part of the patch nothing drew on since it was captured (only while the desktop is watched).
    private var kept = KeptCapture()
    /// Set while the hand moves (the overlay follows motion): the desktop is
    /// watched then, and not at rest, where damage events would wake it.
    var mayWatchDesktop = false {
        didSet {
            if !mayWatchDesktop {
                stopWatchingDesktop()
            } else if canvas?.window.shaped == true {
                desktopDamage?.start()
            }
        }
    }

    init(connection: XCBConnection) {
        self.connection = connection
        shmTarget =
            connection.shmAvailable
            ? try? ImageBuffer(connection: connection, width: Self.maxSide, height: Self.maxSide) : nil
        // Only with shared memory: Xvfb 21.1 sent a DamageNotify for the area
        // around the pointer inside a GetImage reply, between its header and
        // its pixels, and the connection lost its place. ShmGetImage replies
        // only once the pixels are read, so such events come before it.
        desktopDamage = shmTarget?.usesSharedMemory == true ? DesktopDamage(connection: connection) : nil
    }

    /// Captures land here when the server has MIT-SHM (no pixels through the socket).
    private let shmTarget: ImageBuffer?

    /// A new frame is being drawn: the screen may have changed (unless the
    /// desktop is watched and nothing drew on the patch).
    func beginFrame(on canvas: X11Canvas) {
        self.canvas = canvas
        if kept.fresh.isEmpty { patch = .zero }
        asked[canvas.canvasID] = []
    }

    /// Moves answered from a kept capture, without asking the server.
    private(set) var capturesSaved = 0

    /// Whether captures for `canvas` are kept: it is shaped and DAMAGE is watched.
    private func keepsCaptures(for canvas: X11Canvas) -> Bool {
        canvas.window.shaped && desktopDamage?.watching == true
    }

    private func stopWatchingDesktop() {
        desktopDamage?.stop()
        kept.forget()
    }

    /// Our window now shows `content` (root px), moved or painted.
    func ownWindowShown(_ content: PixelRect) {
        guard let damage = desktopDamage, damage.watching else { return }
        damage.reset()
        kept.windowShown(content)
    }

    /// A DAMAGE event (false: another event).
    func handleDamage(_ e: UnsafePointer<xcb_generic_event_t>) -> Bool {
        guard let damage = desktopDamage, damage.isEvent(e) else { return false }
        if let r = damage.damagedRect(e) { kept.damaged(r) }
        return true
    }

    /// Windows were mapped, moved or restacked, or a compositor came or went: capture again.
    func desktopRearranged() { kept.drop() }

    /// When the desktop may be sampled again for a move without repaint.
    var nextCheck: Double { lastCheck + Self.backdropInterval }

    /// Whether the material painted last would look the same moved by `offset`
    /// (canvas pt): the asked areas, moved, average to the same colours. Sampled
    /// at most every `backdropInterval`; in between: nil (not looked at).
    func backdropUnchanged(
        movedBy offset: Point, on canvas: X11Canvas,
        now: Double = MonotonicClock.now()
    ) -> Bool? {
        guard let asked = asked[canvas.canvasID], !asked.isEmpty else { return true }
        guard now >= nextCheck else { return nil }
        lastCheck = now
        self.canvas = canvas
        // One capture of just the asked areas at the new place, about a third of
        // the pixels the first question of a painted frame captures around itself.
        capture(askedArea(asked, movedBy: offset, on: canvas), canvas)
        return askedAnswersUnchanged(asked, movedBy: offset)
    }

    /// Shaped window, before every move (its pixels hold the desktop, so a
    /// stale one may never show): whether the material's asked areas, moved by
    /// `offset` (canvas pt), average as they did, and the shown pixels, moved
    /// by (`dx`, `dy`) window pixels, would be blended over exactly the desktop
    /// they were blended over. One capture answers both (one round trip a move).
    func shapedMoveUnchanged(movedBy offset: Point, pixels dx: Int, _ dy: Int, on canvas: X11Canvas) -> Bool {
        guard let own = canvas.presented, own.blendedOver.count == own.width * own.height else { return false }
        self.canvas = canvas
        let asked = asked[canvas.canvasID] ?? []
        let blended = blendedRootRect(own, movedBy: dx, dy, on: canvas)
        let area = askedArea(asked, movedBy: offset, on: canvas).union(blended)
        let unchanged = {
            self.askedAnswersUnchanged(asked, movedBy: offset)
                && self.blendUnchanged(own, over: blended, movedBy: dx, dy, on: canvas)
        }
        guard !area.isEmpty else { return unchanged() }
        if kept.answers(area.intersection(screenRect)) {
            if unchanged() {
                capturesSaved += 1
                return true
            }
            // Kept from a capture with our window elsewhere, the patch leaves
            // out other pixels (ours then) than one taken now: look again.
        }
        capture(ahead(area, movedBy: dx, dy, on: canvas), canvas)
        return unchanged()
    }

    /// While the desktop is watched, a capture reaches ahead of the motion, so
    /// the next few moves find their pixels in it: `area` grown by 8 pt, and
    /// by three moves of (`dx`, `dy`) px on the side the pointer heads for.
    private func ahead(_ area: PixelRect, movedBy dx: Int, _ dy: Int, on canvas: X11Canvas) -> PixelRect {
        guard keepsCaptures(for: canvas) else { return area }
        let m = Int((8 * canvas.scale).rounded(.up))
        let left = m + max(0, -3 * dx)
        let right = m + max(0, 3 * dx)
        let up = m + max(0, -3 * dy)
        let down = m + max(0, 3 * dy)
        return PixelRect(
            x: area.x - left, y: area.y - up, width: area.width + left + right, height: area.height + up + down)
    }

    /// Root pixels around the asked areas moved by `offset`, with a 2 px rim (none asked: empty).
    private func askedArea(_ asked: [(rect: Rect, answer: RGBA)], movedBy offset: Point, on canvas: X11Canvas)
        -> PixelRect
    {
        let area = asked.map { rootRect($0.rect.offsetBy(offset), canvas) }.reduce(PixelRect.zero) { $0.union($1) }
        guard !area.isEmpty else { return .zero }
        return PixelRect(x: area.x - 2, y: area.y - 2, width: area.width + 4, height: area.height + 4)
    }

    private func askedAnswersUnchanged(_ asked: [(rect: Rect, answer: RGBA)], movedBy offset: Point) -> Bool {
        recording = false
        defer { recording = true }
        for (rect, answer) in asked {
            let c = averageColor(in: rect.offsetBy(offset))
            if max(abs(c.r - answer.r), abs(c.g - answer.g), abs(c.b - answer.b)) > 1.5 / 255 { return false }
        }
        return true
    }

    func averageColor(in rect: Rect) -> RGBA {
        guard let canvas else { return last }
        let r = rootRect(rect, canvas)
        if r.intersection(patch) != r.intersection(screenRect) {
            // Room for the wider ring the material asks about next.
            let grow = max(r.width, r.height, Int(19 * canvas.scale)) + 4
            capture(
                PixelRect(x: r.x - grow, y: r.y - grow, width: r.width + 2 * grow, height: r.height + 2 * grow), canvas)
        }
        let answer = average(r)
        if recording { asked[canvas.canvasID, default: []].append((rect, answer)) }
        return answer
    }

    private var screenRect: PixelRect {
        PixelRect(
            x: 0, y: 0, width: Int(connection.screen.width_in_pixels), height: Int(connection.screen.height_in_pixels))
    }

    private func rootRect(_ rect: Rect, _ canvas: X11Canvas) -> PixelRect {
        let p = canvas.pixelRect(rect)
        return PixelRect(x: p.x + canvas.monitor.x, y: p.y + canvas.monitor.y, width: p.width, height: p.height)
    }

    private func capture(_ area: PixelRect, _ canvas: X11Canvas) {
        let w = min(area.width, Self.maxSide)
        let h = min(area.height, Self.maxSide)
        let r = PixelRect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
            .intersection(screenRect)
        patch = .zero
        kept.drop()
        guard !r.isEmpty, connection.screen.root_depth >= 24 else { return }
        // Watched from before the capture: whatever draws after it is reported.
        let watch = keepsCaptures(for: canvas)
        guard let image = screenImage(r, shared: canvas.window.shaped) else { return }
        defer { image.release() }
        captures += 1
        let screen = image.pixels
        let n = r.width * r.height
        if rgb.count < n * 3 {
            rgb = [Float](repeating: 0, count: n * 3)
            weight = [Float](repeating: 0, count: n)
            packed = [UInt32](repeating: 0, count: n)
        }
        let pixels = Int(connection.screen.width_in_pixels) * Int(connection.screen.height_in_pixels)
        if canvas.window.shaped && seen.isEmpty && pixels <= Self.maxRemembered {
            seenTilesPerRow = (Int(connection.screen.width_in_pixels) + 31) / 32
            seen = [UInt32](
                repeating: 0, count: seenTilesPerRow * 32 * ((Int(connection.screen.height_in_pixels) + 31) / 32) * 32)
        }
        let own = canvas.presented
        let ownPixels = own?.data.assumingMemoryBound(to: UInt32.self)
        let ownStride = (own?.stride ?? 0) / 4
        let frame = canvas.monitor
        let shown = canvas.presentedOrigin
        let shaped = canvas.window.shaped
        let tilesPerRow = seenTilesPerRow
        // Per pixel: buffers, not the arrays (a class's arrays are checked for
        // exclusive access and uniqueness on every element: a third of the shaped
        // overlay's CPU in a profile).
        let remember = shaped && !seen.isEmpty
        rgb.withUnsafeMutableBufferPointer { rgb in
            weight.withUnsafeMutableBufferPointer { weight in
                packed.withUnsafeMutableBufferPointer { packed in
                    seen.withUnsafeMutableBufferPointer { seen in
                        for yy in 0..<r.height {
                            let wy = r.y + yy - frame.y - shown.y
                            // Our buffer's row over this screen row, and the columns it spans.
                            var ownRow: UnsafeMutablePointer<UInt32>?
                            let wx0 = r.x - frame.x - shown.x
                            var ownX0 = 0
                            var ownX1 = 0
                            if let own, let ownPixels, wy >= 0, wy < own.height {
                                ownRow = ownPixels + wy * ownStride
                                ownX0 = max(0, -wx0)
                                ownX1 = min(r.width, own.width - wx0)
                            }
                            let rowStart = yy * r.width
                            let ry = r.y + yy
                            let seenRow = remember ? (ry >> 5) * tilesPerRow * 1024 + (ry & 31) * 32 : 0
                            for xx in 0..<r.width {
                                let i = rowStart + xx
                                let s = screen[i]
                                var sr = Float((s >> 16) & 0xff)
                                var sg = Float((s >> 8) & 0xff)
                                var sb = Float(s & 0xff)
                                var w: Float = 1
                                if let ownRow, xx >= ownX0, xx < ownX1 {
                                    let c = ownRow[xx + wx0]
                                    if shaped {
                                        // Inside the shape the screen shows our pixel, outside the desktop.
                                        if c >> 24 >= X11Window.shapeAlphaThreshold { w = 0 }
                                    } else if c >> 24 > 216 { // more than 85 % opaque
                                        w = 0
                                    } else if c >> 24 > 0 {
                                        let a = Float(c >> 24) / 255
                                        let k = 1 / (1 - a)
                                        sr = max(0, min(255, (sr - Float((c >> 16) & 0xff)) * k))
                                        sg = max(0, min(255, (sg - Float((c >> 8) & 0xff)) * k))
                                        sb = max(0, min(255, (sb - Float(c & 0xff)) * k))
                                        w = 1 - a
                                    }
                                }
                                if remember {
                                    let rx = r.x + xx
                                    let k = seenRow + (rx >> 5) * 1024 + (rx & 31)
                                    if w > 0 {
                                        seen[k] = 0xFF00_0000 | (s & 0xFF_FFFF)
                                    } else if seen[k] != 0 {
                                        let m = seen[k]
                                        sr = Float((m >> 16) & 0xff)
                                        sg = Float((m >> 8) & 0xff)
                                        sb = Float(m & 0xff)
                                        w = 0.001 // remembered: good for blending, never counted in a material average
                                    }
                                }
                                rgb[i * 3] = sr
                                rgb[i * 3 + 1] = sg
                                rgb[i * 3 + 2] = sb
                                weight[i] = w
                                packed[i] = w > 0 ? 0xFF00_0000 | Self.rgbWord(sr, sg, sb) : 0
                            }
                        }
                    }
                }
            }
        }
        patch = r
        if watch { kept.captured(r, window: canvas.rootContent) }
    }

    /// The root's pixels in `r` (`r.width` per row): `shared`, through shared
    /// memory when the server has MIT-SHM (the shaped overlay, which watches
    /// DAMAGE), else in a `GetImage` reply (composited, as before: measured no
    /// cheaper through shared memory, 6 rounds with picom).
    private func screenImage(_ r: PixelRect, shared: Bool) -> (pixels: UnsafePointer<UInt32>, release: () -> Void)? {
        if shared, let target = shmTarget, target.usesSharedMemory {
            let cookie = xcb_shm_get_image(
                connection.raw, connection.root, Int16(r.x), Int16(r.y), UInt16(r.width), UInt16(r.height),
                UInt32.max, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), target.shmSeg, 0)
            guard let reply = xcb_shm_get_image_reply(connection.raw, cookie, nil) else { return nil }
            free(reply)
            return (UnsafePointer(target.data.assumingMemoryBound(to: UInt32.self)), {})
        }
        let cookie = xcb_get_image(
            connection.raw, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), connection.root,
            Int16(r.x), Int16(r.y), UInt16(r.width), UInt16(r.height), UInt32.max)
        guard let reply = xcb_get_image_reply(connection.raw, cookie, nil) else { return nil }
        guard let bytes = xcb_get_image_data(reply), Int(xcb_get_image_data_length(reply)) >= r.width * r.height * 4
        else {
            free(reply)
            return nil
        }
        return (UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt32.self), { free(reply) })
    }

    /// Weighted mean colour of the captured pixels inside `rect` (root pixels).
    private func average(_ rect: PixelRect) -> RGBA {
        guard let mean = mean(of: rect) else { return last }
        last = mean
        return mean
    }

    /// The same mean, nil when no captured pixel there counts.
    private func mean(of rect: PixelRect) -> RGBA? {
        let r = rect.intersection(patch)
        guard !r.isEmpty else { return nil }
        var tr: Float = 0
        var tg: Float = 0
        var tb: Float = 0
        var tw: Float = 0
        let patch = patch
        rgb.withUnsafeBufferPointer { rgb in
            weight.withUnsafeBufferPointer { weight in
                for y in r.y..<(r.y + r.height) {
                    let row = (y - patch.y) * patch.width
                    for x in r.x..<(r.x + r.width) {
                        let i = row + x - patch.x
                        // No branch on hidden pixels: their weight 0 adds nothing.
                        let w = weight[i]
                        tr += rgb[i * 3] * w
                        tg += rgb[i * 3 + 1] * w
                        tb += rgb[i * 3 + 2] * w
                        tw += w
                    }
                }
            }
        }
        guard tw > 0.5 else { return nil }
        let d = Double(tw) * 255
        return RGBA(r: Double(tr) / d, g: Double(tg) / d, b: Double(tb) / d)
    }

    /// Where our own opaque pixels hide the desktop, take the nearest visible
    /// pixel on the same row: what surrounds a platter (the control's own
    /// face) is a far better guess than the mean of the whole patch, which
    /// may hold the other side of the screen. Only pixels inside `area` (root
    /// pixels) are filled, and only rows where one is hidden are searched.
    private func fillHidden(in area: PixelRect) {
        let r = area.intersection(patch)
        guard !r.isEmpty else { return }
        let w = patch.width
        let x0 = r.x - patch.x
        let x1 = x0 + r.width
        var left: [Int] = []
        var right: [Int] = []
        rgb.withUnsafeMutableBufferPointer { rgb in
            weight.withUnsafeMutableBufferPointer { weight in
                packed.withUnsafeMutableBufferPointer { packed in
                    for y in (r.y - patch.y)..<(r.y - patch.y + r.height) {
                        let row = y * w
                        guard (x0..<x1).contains(where: { weight[row + $0] == 0 }) else { continue }
                        if left.isEmpty {
                            left = [Int](repeating: -1, count: w)
                            right = [Int](repeating: -1, count: w)
                        }
                        var last = -1
                        for x in 0..<x1 {
                            if weight[row + x] > 0 { last = x }
                            left[x] = last
                        }
                        last = -1
                        for x in stride(from: w - 1, through: x0, by: -1) {
                            if weight[row + x] > 0 { last = x }
                            right[x] = last
                        }
                        for x in x0..<x1 where weight[row + x] == 0 {
                            let l = left[x]
                            let r = right[x]
                            let source = l < 0 ? r : r < 0 ? l : (x - l <= r - x ? l : r)
                            guard source >= 0 else { continue }
                            let i = row + x
                            let j = row + source
                            rgb[i * 3] = rgb[j * 3]
                            rgb[i * 3 + 1] = rgb[j * 3 + 1]
                            rgb[i * 3 + 2] = rgb[j * 3 + 2]
                            weight[i] = 0.001 // known now, but never counted in a material average
                            packed[i] = packed[j]
                        }
                    }
                }
            }
        }
    }

    /// A captured colour (0–255 per channel) as the low 24 bits of a word: the
    /// blended pixels' record and the capture's words must agree bit for bit.
    @inline(__always)
    private static func rgbWord(_ r: Float, _ g: Float, _ b: Float) -> UInt32 {
        UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// Where the shown buffer's top-left would be, in root pixels, moved by (`dx`, `dy`).
    private func shownOrigin(movedBy dx: Int, _ dy: Int, on canvas: X11Canvas) -> (x: Int, y: Int) {
        let shown = canvas.presentedOrigin
        return (canvas.monitor.x + shown.x + dx, canvas.monitor.y + shown.y + dy)
    }

    /// Root pixels the shown buffer's blended pixels cover when moved by (`dx`, `dy`).
    private func blendedRootRect(_ own: ImageBuffer, movedBy dx: Int, _ dy: Int, on canvas: X11Canvas) -> PixelRect {
        let b = own.blendedBounds
        guard !b.isEmpty else { return .zero }
        let f = shownOrigin(movedBy: dx, dy, on: canvas)
        // Off the screen nothing shows, whatever it was blended over.
        return PixelRect(x: b.x + f.x, y: b.y + f.y, width: b.width, height: b.height).intersection(screenRect)
    }

    /// Whether the blended pixels of `own`, moved to `root`, lie over what they were blended over.
    private func blendUnchanged(
        _ own: ImageBuffer, over root: PixelRect, movedBy dx: Int, _ dy: Int, on canvas: X11Canvas
    ) -> Bool {
        guard !root.isEmpty else { return true }
        if root.intersection(patch) != root {
            capture(PixelRect(x: root.x - 8, y: root.y - 8, width: root.width + 16, height: root.height + 16), canvas)
            guard root.intersection(patch) == root else { return false }
        }
        let (fx, fy) = shownOrigin(movedBy: dx, dy, on: canvas)
        let patch = patch
        return own.blendedOver.withUnsafeBufferPointer { was in
            packed.withUnsafeBufferPointer { packed in
                for ry in root.y..<(root.y + root.height) {
                    let wasRow = (ry - fy) * own.width - fx
                    let patchRow = (ry - patch.y) * patch.width - patch.x
                    for rx in root.x..<(root.x + root.width) {
                        let v = was[wasRow + rx]
                        // Hidden and never seen (0) is not known to be the same.
                        if v != 0 && packed[patchRow + rx] != v { return false }
                    }
                }
                return true
            }
        }
    }

    /// Shaped-window fallback (no compositor): the server shows our pixels as
    /// they are, so blend the translucent ones in `rects` (window pixels) of
    /// `buffer` over the captured desktop (its mean where our old frame hid the
    /// desktop) and make them opaque. Pixels below the shape threshold stay as
    /// they are (outside the shape).
    func composite(_ buffer: ImageBuffer, _ rects: [PixelRect], on canvas: X11Canvas) {
        // The desktop under what is blended must have been captured this frame:
        // a shape drawn without asking the sampler (a highlight platter, which
        // takes its colour from the stage) would otherwise blend over a stale guess.
        let origin = canvas.bufferOrigin
        let fx = canvas.monitor.x + origin.x
        let fy = canvas.monitor.y + origin.y
        if let area = rects.dropFirst().reduce(rects.first, { $0?.union($1) }) {
            let root = PixelRect(x: area.x + fx, y: area.y + fy, width: area.width, height: area.height)
            if root.intersection(patch) != root.intersection(screenRect) {
                capture(
                    PixelRect(x: root.x - 8, y: root.y - 8, width: root.width + 16, height: root.height + 16), canvas)
            }
            fillHidden(in: root)
        }
        // Only for pixels with nothing captured under them (off the patch, or
        // hidden on a whole row): most frames need none.
        var guess: (r: Float, g: Float, b: Float)?
        func meanOfPatch() -> (r: Float, g: Float, b: Float) {
            if let guess { return guess }
            let m = mean(of: patch) ?? last
            let g = (Float(m.r * 255), Float(m.g * 255), Float(m.b * 255))
            guess = g
            return g
        }
        let px = buffer.data.assumingMemoryBound(to: UInt32.self)
        let stride = buffer.stride / 4
        let patch = patch
        let whole = PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if buffer.blendedOver.count != buffer.width * buffer.height {
            buffer.blendedOver = [UInt32](repeating: 0, count: buffer.width * buffer.height)
            buffer.blendedBounds = .zero
        }
        // Pixels kept from the buffer's last frame keep their record (a bound
        // that may be loose until the buffer is painted whole).
        var blended = rects.contains { $0.intersection(whole) == whole } ? PixelRect.zero : buffer.blendedBounds
        rgb.withUnsafeBufferPointer { rgb in
            weight.withUnsafeBufferPointer { weight in
                buffer.blendedOver.withUnsafeMutableBufferPointer { over in
                    for rect in rects {
                        let r = rect.intersection(whole)
                        guard !r.isEmpty else { continue }
                        for y in r.y..<(r.y + r.height) {
                            for x in r.x..<(r.x + r.width) {
                                let c = px[y * stride + x]
                                let a = c >> 24
                                over[y * buffer.width + x] = 0
                                guard a >= X11Window.shapeAlphaThreshold, a < 255 else { continue }
                                var br: Float
                                var bg: Float
                                var bb: Float
                                var known = false
                                let gx = x + fx - patch.x
                                let gy = y + fy - patch.y
                                if gx >= 0, gy >= 0, gx < patch.width, gy < patch.height,
                                    weight[gy * patch.width + gx] > 0
                                {
                                    let i = gy * patch.width + gx
                                    br = rgb[i * 3]
                                    bg = rgb[i * 3 + 1]
                                    bb = rgb[i * 3 + 2]
                                    known = true
                                } else {
                                    (br, bg, bb) = meanOfPatch()
                                }
                                // A guess (the patch's mean) matches nothing captured: such a pixel is always repainted.
                                over[y * buffer.width + x] =
                                    (known ? 0xFF00_0000 : 0x0100_0000) | Self.rgbWord(br, bg, bb)
                                blended = blended.union(PixelRect(x: x, y: y, width: 1, height: 1))
                                let k = Float(255 - a) / 255
                                let nr = min(255, Float((c >> 16) & 0xff) + br * k)
                                let ng = min(255, Float((c >> 8) & 0xff) + bg * k)
                                let nb = min(255, Float(c & 0xff) + bb * k)
                                px[y * stride + x] = 0xFF00_0000 | UInt32(nr) << 16 | UInt32(ng) << 8 | UInt32(nb)
                            }
                        }
                    }
                }
            }
        }
        buffer.blendedBounds = blended
    }
}
