import PointerCore
import PointerHost

/// The overlay's window covers only what is drawn (the pointer, a highlight, a
/// menu), not the monitor: its memory does not grow with the output. A frame
/// that only moves the pointer moves the window instead of repainting it.
/// Shaped (no compositor), the shown pixels hold the desktop they were
/// blended over, so the window is only moved when the desktop under them, at
/// the new place, is that same desktop (a plain background): checked every time.
extension X11Canvas {
    /// The overlay with CPU buffers (the stage covers the monitor).
    var isSprite: Bool { !usesEGL && window.mode == .overlay }

    /// Room around what is drawn, so small moves and growth stay inside (pt).
    static let spriteMargin = 24.0
    /// Buffer sides are rounded up to this (pixels), so sizes are reused.
    static let spriteGranule = 64

    func initialSpriteRect() -> PixelRect {
        let side = Self.roundedUp(Int((2 * (Self.spriteMargin + 24) * scale).rounded(.up)))
        return PixelRect(x: 0, y: 0, width: side, height: side)
    }

    static func roundedUp(_ n: Int) -> Int {
        max(spriteGranule, (n + spriteGranule - 1) / spriteGranule * spriteGranule)
    }

    /// Places the window and buffers over what the next frame draws. What it
    /// showed elsewhere needs no covering: the window moving away removes it
    /// (covering it too made a jump across the screen open a window spanning
    /// both ends). Moved or resized, the buffers are drawn whole.
    func placeSprite(drawing: [Rect]) {
        guard isSprite, isReadyToDraw else { return }
        let monitorRect = PixelRect(x: 0, y: 0, width: monitor.width, height: monitor.height)
        let need = drawing.reduce(PixelRect.zero) { $0.union(pixelRect($1)) }.intersection(monitorRect)
        guard !need.isEmpty else { return }
        let margin = Int((Self.spriteMargin * scale).rounded(.up))
        let width = Self.roundedUp(need.width + 2 * margin)
        let height = Self.roundedUp(need.height + 2 * margin)
        let tooBig = width * height * 4 <= sprite.rect.width * sprite.rect.height
        guard need.intersection(sprite.rect) != need || tooBig else { return }
        var rect = sprite.rect
        // Grow when too small; shrink when much too big (a menu closed).
        if width > rect.width || height > rect.height || tooBig {
            rect.width = width
            rect.height = height
        }
        rect.x = need.x + need.width / 2 - rect.width / 2
        rect.y = need.y + need.height / 2 - rect.height / 2
        let resized = rect.width != sprite.rect.width || rect.height != sprite.rect.height
        let shift = (x: rect.x - sprite.rect.x, y: rect.y - sprite.rect.y)
        sprite.rect = rect
        if resized {
            do { try makeBuffers() } catch { return }
        } else {
            staleEverywhere()
        }
        // Shaped, the window moves with the frame that fills it (endDraw): its
        // pixels hold the desktop they were blended over, and a moved or resized
        // window would show them out of place until then.
        guard !window.shaped else { return }
        // Moved, the window carries the shown pixels along (resized, they stay).
        if !resized { presentedOrigin = (presentedOrigin.x + shift.x, presentedOrigin.y + shift.y) }
        window.place(sprite.rect)
    }

    /// Moves the shown frame by `offset` (canvas pt) without repainting, when
    /// the desktop under the material did not change.
    func moveSprite(by offset: Point) -> Bool {
        guard isSprite, isReadyToDraw, presented != nil, !sprite.content.isEmpty else { return false }
        let residual = sprite.moveResidual + Point(x: offset.x * scale, y: offset.y * scale)
        let dx = Int(residual.x.rounded())
        let dy = Int(residual.y.rounded())
        if window.shaped {
            // Checked every time: a stale desktop inside the pointer would show.
            guard hooks.shapedMoveUnchanged(sprite.movedSincePaint + offset, dx, dy) else { return false }
            backdropUnverified = false
        } else {
            switch hooks.backdropUnchanged(sprite.movedSincePaint + offset) {
            case false?: return false
            case nil: backdropUnverified = true
            case true?: backdropUnverified = false
            }
        }
        sprite.movedSincePaint = sprite.movedSincePaint + offset
        sprite.moveResidual = residual - Point(x: Double(dx), y: Double(dy))
        if dx != 0 || dy != 0 {
            sprite.rect.x += dx
            sprite.rect.y += dy
            sprite.content.x += dx
            sprite.content.y += dy
            window.place(sprite.rect)
            presentedOrigin = (presentedOrigin.x + dx, presentedOrigin.y + dy)
            hooks.didShow()
            window.connection.flush()
            // The buffers now hold the look at the old place: the next paint is whole.
            staleEverywhere()
        }
        lastPresent = MonotonicClock.now()
        return true
    }

    /// After a paint: where the non-transparent pixels of `buffer` are.
    func painted(_ buffer: ImageBuffer) {
        sprite.moveResidual = .zero
        sprite.movedSincePaint = .zero
        backdropUnverified = false
        let pixels = buffer.data.assumingMemoryBound(to: UInt32.self)
        let rowPixels = buffer.stride / 4
        var x0 = Int.max
        var y0 = Int.max
        var x1 = Int.min
        var y1 = Int.min
        for y in 0..<buffer.height {
            let row = pixels + y * rowPixels
            for x in 0..<buffer.width where row[x] >> 24 != 0 {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        sprite.content =
            x0 > x1
            ? .zero
            : PixelRect(x: sprite.rect.x + x0, y: sprite.rect.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// The pointer moved without the desktop under it being looked at, and has
    /// rested since: false when the material must be painted again.
    func verifyBackdrop() -> Bool {
        guard backdropUnverified else { return true }
        guard let same = hooks.backdropUnchanged(sprite.movedSincePaint) else { return true }
        backdropUnverified = false
        return same
    }

    /// What the window shows, in root pixels.
    var rootContent: PixelRect {
        PixelRect(
            x: sprite.content.x + monitor.x, y: sprite.content.y + monitor.y, width: sprite.content.width,
            height: sprite.content.height)
    }

    /// Where the buffer being drawn will be shown (its top-left, monitor pixels).
    var bufferOrigin: (x: Int, y: Int) { isSprite ? (sprite.rect.x, sprite.rect.y) : (0, 0) }

    func prepareFrame(drawing: () -> [Rect]) {
        if isSprite { placeSprite(drawing: drawing()) }
    }
    func translate(by offset: Point) -> Bool { moveSprite(by: offset) }
}
