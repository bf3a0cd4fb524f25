import PointerCore
import PointerRendering

/// A layered canvas (LayeredCanvas): the still stage drawn once, the banner on
/// a layer of its own, and each frame drawn into the live layers over what
/// differs from the still stage.
extension OverlaySession {
    /// The stage at rest (no pointer, no effect, no menu) on a layered canvas's
    /// still layer, the banner on its own, and the live layers placed over where
    /// `shown` differs from the stage at rest. True when a layer changed (the
    /// frame must be committed even without damage); nil when a buffer is not free yet.
    func drawLayers(
        _ layered: LayeredCanvas, _ state: inout CanvasState, shown: PointerFrame,
        banner: Banner?, size: Size
    ) -> Bool? {
        var changed = false
        if state.still == nil {
            // Nobody pointing: no pointer, no menu, every region at rest, and those
            // shown only on hover (at rest fully transparent) hidden.
            var still = shown
            still.hidden = true
            still.regions = shown.regions.filter { $0.value.opacity == 0 }
            still.menu = nil
            guard let buffer = layered.beginStill() else { return nil }
            do {
                try renderer.draw(still, into: buffer, clip: [Rect(x: 0, y: 0, width: size.width, height: size.height)])
            } catch {
                layered.cancelDraw()
                warnDrawFailed(error, on: layered.canvasName)
                return nil
            }
            layered.endStill()
            state.still = still
            state.lastFrame = nil
            changed = true
            guard layered.splitsStill else { return changed }
        }
        layered.placeLive(covering: renderer.damage(from: state.still, to: shown, canvasSize: size))
        // A layer moved to a new size may need a buffer the compositor still holds:
        // the frame waits for its release rather than leave that layer's old look on screen.
        guard layered.isReadyToDraw else { return nil }
        if banner != state.layerBanner {
            if let banner {
                let bounds = Self.pixelAligned(BannerPainter.bounds(canvasSize: size), scale: 1) // whole pt
                guard let buffer = layered.beginBanner(bounds) else { return nil }
                do {
                    try renderer.drawBanner(banner, into: buffer, canvasSize: size, clip: [bounds])
                    layered.endBanner()
                } catch {
                    // Without its hint the stage still runs; retrying every frame would stall it.
                    warnDrawFailed(error, on: layered.canvasName)
                    layered.hideBanner()
                }
            } else {
                layered.hideBanner()
            }
            state.layerBanner = banner
            changed = true
        }
        return changed
    }

    /// Draws `shown` into each live layer where it changed: `damage` (canvas pt;
    /// nil: everything) within the layer, plus what is stale in its buffer. The
    /// canvas's `endDraw` then shows them with the still stage.
    func drawLive(_ layered: LayeredCanvas, shown: PointerFrame, damage: [Rect]?) throws {
        // Whole pt: the layers sit on whole pt, so whole pixels at any integer scale.
        let aligned = damage.map { $0.map { Self.pixelAligned($0, scale: 1) } }
        for (i, rect) in layered.liveRects.enumerated() where !rect.isEmpty {
            guard let (buffer, repaint) = layered.beginLive(i, damage: aligned ?? [rect]) else { continue }
            let t0 = clock()
            try renderer.draw(shown, into: .pixels(buffer), clip: repaint)
            if Self.debugTiming {
                log(
                    String(
                        format: "DBG live %d rect %.0f,%.0f %.0fx%.0f repaint %d rects %.0f pt2 took %.2f ms", i,
                        rect.minX, rect.minY, rect.width, rect.height, repaint.count,
                        repaint.reduce(0) { $0 + $1.width * $1.height }, (clock() - t0) * 1000))
            }
            // What changed, not what was stale here: the layer's other buffer lacks only that.
            layered.endLive(i, damage: LiveLayerPlacement.repaint(aligned ?? [rect], in: rect, stale: []))
        }
    }
}
