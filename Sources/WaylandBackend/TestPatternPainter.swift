import CCairo
import PointerCore
import PointerHost

/// A plain painter used until PointerRendering's renderer is wired in:
/// stage colour, region rectangles and the pointer's frame as a translucent
/// rounded rectangle. Enough to see the backend place, pace and damage frames.
public final class TestPatternPainter: OverlayPainter {
    private var scene: Scene

    public init(scene: Scene) { self.scene = scene }

    public func replace(scene: Scene) { self.scene = scene }

    public func damage(from old: PointerFrame?, to new: PointerFrame, canvasSize: Size) -> [Rect] {
        guard let old else { return [Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)] }
        if old.visible == new.visible && old.hidden == new.hidden && old.menu == new.menu && old.pressed == new.pressed {
            return []
        }
        var rects: [Rect] = []
        for f in [old, new] {
            rects.append(f.visible.frame.insetBy(dx: -3, dy: -3))
            if let m = f.menu { rects.append(m.frame.insetBy(dx: -2, dy: -2)) }
        }
        return rects
    }

    public func draw(_ frame: PointerFrame, into buffer: PixelBuffer, clip: [Rect]) throws {
        guard let surface = cairo_image_surface_create_for_data(buffer.data.assumingMemoryBound(to: UInt8.self),
                                                                CAIRO_FORMAT_ARGB32, Int32(buffer.width),
                                                                Int32(buffer.height), Int32(buffer.stride)),
              let cr = cairo_create(surface) else { return }
        defer {
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        cairo_scale(cr, buffer.scale, buffer.scale)
        for r in clip { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let bg = scene.canvas.color ?? RGBA(r: 0.11, g: 0.11, b: 0.12, a: 1)
        cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for region in SceneLayout(scene: scene).regions {
            let c = region.region.content?.fill ?? RGBA(r: 0.5, g: 0.5, b: 0.55, a: 0.35)
            roundedRect(cr, region.frame, region.cornerRadius)
            cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
            cairo_fill(cr)
        }
        if let menu = frame.menu {
            roundedRect(cr, menu.frame, 10)
            cairo_set_source_rgba(cr, 0.95, 0.95, 0.97, 0.97)
            cairo_fill(cr)
        }
        if !frame.hidden {
            let v = frame.visible
            let f = v.frame
            let scaled = Rect(center: f.center, size: Size(width: f.width * v.scale, height: f.height * v.scale))
            roundedRect(cr, scaled, min(v.cornerRadius * v.scale, min(scaled.width, scaled.height) / 2))
            cairo_set_source_rgba(cr, 0.55, 0.55, 0.58, 0.75 * v.opacity)
            cairo_fill(cr)
        }
        if cairo_status(cr) != CAIRO_STATUS_SUCCESS {
            throw PainterError.cairo(String(cString: cairo_status_to_string(cairo_status(cr))))
        }
    }

    enum PainterError: Error { case cairo(String) }

    private func roundedRect(_ cr: OpaquePointer, _ r: Rect, _ radius: Double) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
