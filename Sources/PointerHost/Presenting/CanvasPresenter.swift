import PointerCore
import PointerRendering

/// Shows the session's frames on one canvas, the way that canvas can: drawn
/// whole, moved when only the pointer moved, or as a still stage under live
/// layers. The backend says which (`OverlayCanvas.presentation`); the session
/// only decides what to show and when.
protocol CanvasPresenter: AnyObject {
    /// Shows `job.frame`. A presenter that finds what the canvas showed gone
    /// (a still stage drawn anew) sets `job.last` to nil.
    func present(_ job: inout FrameJob) -> PresentResult
    /// A frame costs only its damage here, so a second frame for the same
    /// repaint may hold the animation back and draw the pointer alone (AnimationPerRepaint).
    var holdsAnimation: Bool { get }
    /// The scene changed or the canvas was resized: nothing it shows is known.
    func forget()
}

/// How a backend's canvas shows frames, so the session can give it its presenter.
public enum CanvasPresentation {
    /// Every frame drawn into a buffer over its damage (`OverlayCanvas.beginFrame`).
    case whole
    /// As `whole`, but a frame that only moves the pointer moves the window instead.
    case translating(TranslatingCanvas)
    /// The still stage once, then live layers over what differs from it.
    case layered(LayeredCanvas)
}

/// One frame for one canvas, as the session hands it to the canvas's presenter.
struct FrameJob {
    let frame: PointerFrame
    /// What the canvas shows; nil: unknown, so all of the frame is drawn.
    var last: PointerFrame?
    /// The banner to draw with the frame; a presenter that shows it elsewhere sets it to nil.
    var banner: Banner?
    let lastBanner: Banner?
    /// The damage from `last` when the session already worked it out (a held animation frame).
    let heldDamage: [Rect]?

    /// Canvas-pt areas that differ from what the canvas shows, a changed banner whole (its rim included).
    func damage(by renderer: OverlayRenderer, canvasSize size: Size) -> [Rect] {
        var damage = (last == nil ? nil : heldDamage) ?? renderer.damage(from: last, to: frame, canvasSize: size)
        if banner != lastBanner { damage.append(BannerPainter.bounds(canvasSize: size)) }
        return damage
    }
}

/// What a presenter did with a frame.
enum PresentResult {
    /// No buffer free yet: the canvas still wants the frame.
    case waiting
    /// Nothing differs from what the canvas shows; nothing was committed.
    case unchanged
    /// What the canvas shows was moved by `offset` (canvas pt); nothing was painted.
    case translated(by: Point)
    /// Drawn; the session commits it with `OverlayCanvas.endDraw(damage:)`.
    /// `banner` is the banner drawn into the frame (nil when on a layer of its own).
    case drawn(damage: [Rect], banner: Banner?)
    /// Drawing failed: nothing may be committed.
    case failed(Error)

    var committed: Bool {
        switch self {
        case .translated, .drawn: return true
        case .waiting, .unchanged, .failed: return false
        }
    }
}

/// What presenters get from the session: its clock, and where draw errors and debug lines go.
struct PresenterServices {
    let renderer: OverlayRenderer
    let clock: () -> Double
    /// Logs a draw error once per kind.
    let warn: (Error) -> Void
    /// AP_DEBUG_TIMING's log; nil when it is off.
    let debug: ((String) -> Void)?
}

extension Rect {
    /// Grown outward to whole pixels at `scale` (pixels per pt): an antialiased
    /// clip edge would blend old and new pixels.
    func pixelAligned(scale: Double) -> Rect {
        guard scale > 0 else { return self }
        let x0 = (minX * scale).rounded(.down)
        let y0 = (minY * scale).rounded(.down)
        let x1 = (maxX * scale).rounded(.up)
        let y1 = (maxY * scale).rounded(.up)
        return Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
    }
}

extension DrawTarget {
    /// Device pixels per canvas pt.
    var scale: Double {
        switch self {
        case .pixels(let b): return b.scale
        case .window(let w): return w.scale
        }
    }
}
