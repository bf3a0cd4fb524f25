import Foundation
import PointerCore
import PointerRendering

/// A layered canvas (LayeredCanvas): the still stage drawn once, the banner on
/// a layer of its own, and each frame drawn into the live layers over what
/// differs from the still stage. A stage that does not split is drawn whole.
final class LayeredCanvasPresenter: CanvasPresenter {
    let canvas: LayeredCanvas
    private let whole: WholeCanvasPresenter
    private var services: PresenterServices { whole.services }
    /// The still stage shown for the current scene, and the banner on its layer.
    private var still: PointerFrame?
    private var layerBanner: Banner?

    init(canvas: LayeredCanvas, services: PresenterServices) {
        self.canvas = canvas
        whole = WholeCanvasPresenter(canvas: canvas, services: services)
    }

    var holdsAnimation: Bool { canvas.splitsStill }

    func forget() {
        still = nil
        layerBanner = nil
    }

    func present(_ job: inout FrameJob) -> PresentResult {
        guard canvas.splitsStill else { return whole.present(&job) }
        guard let layersChanged = drawLayers(&job) else { return .waiting }
        // drawLayers found the stage does not split: it dropped the last frame, all is drawn whole.
        guard canvas.splitsStill else { return whole.present(&job) }
        job.banner = nil // on its own layer
        let damage = job.damage(by: services.renderer, canvasSize: canvas.sizeInPoints)
        if damage.isEmpty && !layersChanged { return .unchanged }
        do {
            try drawLive(job.frame, damage: job.last == nil ? nil : damage)
        } catch {
            return .failed(error)
        }
        let size = canvas.sizeInPoints
        return .drawn(damage: [Rect(x: 0, y: 0, width: size.width, height: size.height)], banner: nil)
    }

    /// The stage at rest (no pointer, no effect, no menu) on the still layer,
    /// the banner on its own, and the live layers placed over where the frame
    /// differs from the stage at rest. True when a layer changed (the frame must
    /// be committed even without damage); nil when a buffer is not free yet.
    private func drawLayers(_ job: inout FrameJob) -> Bool? {
        let size = canvas.sizeInPoints
        let renderer = services.renderer
        var changed = false
        if still == nil {
            // Nobody pointing: no pointer, no menu, every region at rest, and those
            // shown only on hover (at rest fully transparent) hidden.
            var stage = job.frame
            stage.hidden = true
            stage.regions = job.frame.regions.filter { $0.value.opacity == 0 }
            stage.menu = nil
            guard let buffer = canvas.beginStill() else { return nil }
            do {
                try renderer.draw(stage, into: buffer, clip: [Rect(x: 0, y: 0, width: size.width, height: size.height)])
            } catch {
                canvas.cancelDraw()
                services.warn(error)
                return nil
            }
            canvas.endStill()
            still = stage
            job.last = nil
            changed = true
            guard canvas.splitsStill else { return changed }
        }
        canvas.placeLive(covering: renderer.damage(from: still, to: job.frame, canvasSize: size))
        // A layer moved to a new size may need a buffer the compositor still holds:
        // the frame waits for its release rather than leave that layer's old look on screen.
        guard canvas.isReadyToDraw else { return nil }
        if job.banner != layerBanner {
            if let banner = job.banner {
                let bounds = BannerPainter.bounds(canvasSize: size).pixelAligned(scale: 1) // whole pt
                guard let buffer = canvas.beginBanner(bounds) else { return nil }
                do {
                    try renderer.drawBanner(banner, into: buffer, canvasSize: size, clip: [bounds])
                    canvas.endBanner()
                } catch {
                    // Without its hint the stage still runs; retrying every frame would stall it.
                    services.warn(error)
                    canvas.hideBanner()
                }
            } else {
                canvas.hideBanner()
            }
            layerBanner = job.banner
            changed = true
        }
        return changed
    }

    /// Draws `frame` into each live layer where it changed: `damage` (canvas pt;
    /// nil: everything) within the layer, plus what is stale in its buffer. The
    /// canvas's `endDraw` then shows them with the still stage.
    private func drawLive(_ frame: PointerFrame, damage: [Rect]?) throws {
        // Whole pt: the layers sit on whole pt, so whole pixels at any integer scale.
        let aligned = damage.map { $0.map { $0.pixelAligned(scale: 1) } }
        for (i, rect) in canvas.liveRects.enumerated() where !rect.isEmpty {
            guard let (buffer, repaint) = canvas.beginLive(i, damage: aligned ?? [rect]) else { continue }
            let t0 = services.clock()
            try services.renderer.draw(frame, into: .pixels(buffer), clip: repaint)
            if let debug = services.debug {
                debug(
                    String(
                        format: "DBG live %d rect %.0f,%.0f %.0fx%.0f repaint %d rects %.0f pt2 took %.2f ms", i,
                        rect.minX, rect.minY, rect.width, rect.height, repaint.count,
                        repaint.reduce(0) { $0 + $1.width * $1.height }, (services.clock() - t0) * 1000))
            }
            // What changed, not what was stale here: the layer's other buffer lacks only that.
            canvas.endLive(i, damage: LiveLayerPlacement.repaint(aligned ?? [rect], in: rect, stale: []))
        }
    }
}
