import PointerCore

/// A canvas that can move what it shows (the X11 overlay's pointer-sized
/// window): a frame that only moves the pointer moves the window, with no
/// repaint and no damage worked out (a moved frame always differs from the
/// last); any other frame is drawn whole.
final class TranslatingCanvasPresenter: CanvasPresenter {
    let canvas: TranslatingCanvas
    private let whole: WholeCanvasPresenter

    init(canvas: TranslatingCanvas, services: PresenterServices) {
        self.canvas = canvas
        whole = WholeCanvasPresenter(canvas: canvas, services: services)
    }

    var holdsAnimation: Bool { false }
    func forget() {}

    func present(_ job: inout FrameJob) -> PresentResult {
        if let last = job.last, job.banner == job.lastBanner, !whole.services.renderer.materialIsFading,
            let offset = FrameTranslation.offset(from: last, to: job.frame), canvas.translate(by: offset)
        {
            return .translated(by: offset)
        }
        return whole.present(&job)
    }
}
