import PointerCore
import PointerRendering

/// A canvas drawn whole: each frame's damage, plus what is stale in the buffer
/// the canvas hands out, drawn into that buffer (or GL window surface).
final class WholeCanvasPresenter: CanvasPresenter {
    let canvas: OverlayCanvas
    let services: PresenterServices

    init(canvas: OverlayCanvas, services: PresenterServices) {
        self.canvas = canvas
        self.services = services
    }

    var holdsAnimation: Bool { false }
    func forget() {}

    func present(_ job: inout FrameJob) -> PresentResult {
        let damage = job.damage(by: services.renderer, canvasSize: canvas.sizeInPoints)
        return damage.isEmpty ? .unchanged : draw(job, damage: damage)
    }

    /// Draws `job.frame` over `damage` (canvas pt) and what is stale; all of it when `job.last` is nil.
    func draw(_ job: FrameJob, damage: [Rect]) -> PresentResult {
        let renderer = services.renderer
        let size = canvas.sizeInPoints
        let full = [Rect(x: 0, y: 0, width: size.width, height: size.height)]
        canvas.prepareFrame { contentBounds(job.frame, banner: job.banner, canvasSize: size) }
        guard let (target, stale) = canvas.beginFrame() else { return .waiting }
        let aligned = damage.map { $0.pixelAligned(scale: target.scale) }
        let clip = stale.map { aligned + $0 } ?? full
        do {
            try renderer.draw(job.frame, into: target, clip: clip)
            if let banner = job.banner {
                try renderer.drawBanner(banner, into: target, canvasSize: size, clip: clip)
            }
        } catch {
            return .failed(error)
        }
        return .drawn(damage: job.last == nil ? full : aligned, banner: job.banner)
    }

    /// What `frame` draws (canvas pt): its damage over a blank canvas, not the whole canvas.
    private func contentBounds(_ frame: PointerFrame, banner: Banner?, canvasSize: Size) -> [Rect] {
        var blank = frame
        blank.hidden = true
        blank.regions = [:]
        blank.menu = nil
        var rects = services.renderer.damage(from: blank, to: frame, canvasSize: canvasSize)
        if banner != nil { rects.append(BannerPainter.bounds(canvasSize: canvasSize)) }
        return rects
    }
}
