import CCairo
import PointerCore

/// A stand-in frame source for bring-up and `--test-pattern`: a 19 pt circle at
/// the pointer that shrinks while pressed and turns into a square while ctrl is
/// held. It only proves the plumbing; the real pointer comes from PointerEngine.
public final class TestPattern: FrameSource {
    private var pointer = Point(x: -100, y: -100)
    private var pressed = false
    private var modifiers: Set<ModifierKey> = []
    private var visible = false
    private var drawnRect: Rect?
    private var dirty = true
    private var background = RGBA(r: 0.5, g: 0.5, b: 0.5)

    public init() {}

    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .position(let p): pointer = p; visible = true
        case .motion(let dx, let dy): pointer += Point(x: dx, y: dy); visible = true
        case .button(.primary, let s): pressed = s == .pressed
        case .modifiers(let m): modifiers = m
        case .leave: visible = false
        default: return
        }
        dirty = true
    }

    private var shapeRect: Rect {
        let d = pressed ? 15.0 : 19.0
        return Rect(center: pointer, size: Size(width: d, height: d))
    }

    public func draw(at time: Double, into target: CanvasTarget) -> [Rect] {
        guard dirty else { return [] }
        dirty = false
        let newRect: Rect? = visible ? shapeRect.insetBy(dx: -2, dy: -2) : nil
        var damage: [Rect] = []
        if let old = drawnRect { damage.append(old) }
        if let n = newRect { damage.append(n) }
        guard let surface = cairo_image_surface_create_for_data(target.data.assumingMemoryBound(to: UInt8.self),
                                                                CAIRO_FORMAT_ARGB32, Int32(target.width),
                                                                Int32(target.height), Int32(target.stride)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, target.scale, target.scale)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        for r in damage {
            cairo_rectangle(cr, r.minX - 1, r.minY - 1, r.width + 2, r.height + 2)
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        if visible {
            let r = shapeRect
            // Contrast against the sampled background, like the real material.
            let light = background.luminance < 0.4
            cairo_set_source_rgba(cr, light ? 0.85 : 0.2, light ? 0.85 : 0.2, light ? 0.85 : 0.2, 0.9)
            if modifiers.contains(.ctrl) {
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            } else {
                cairo_arc(cr, r.midX, r.midY, r.width / 2, 0, 2 * .pi)
            }
            cairo_fill(cr)
        }
        cairo_surface_flush(surface)
        drawnRect = newRect
        return damage.map { $0.insetBy(dx: -1, dy: -1) }
    }

    public func nextWakeTime(after time: Double) -> Double? { dirty ? time : nil }
    public func drainHostRequests() -> [HostRequest] { [] }

    public func backgroundSampleArea() -> (area: Rect, drawn: Rect)? {
        guard visible else { return nil }
        let drawn = shapeRect.insetBy(dx: -2, dy: -2)
        return (drawn.insetBy(dx: -4, dy: -4), drawn)
    }

    public func setBackground(_ color: RGBA) {
        if color != background { background = color; dirty = true }
    }
}
