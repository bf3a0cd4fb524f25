import CCairo
import PointerCore

/// An owned `cairo_t` drawing into an `ImageSurface`. Thin: one method per Cairo
/// call the renderer needs, in canvas-friendly types. Errors are sticky in Cairo,
/// so callers check once with `checkStatus` after a batch of drawing.
final class CairoContext {
    private let cr: OpaquePointer
    /// Kept alive while the context draws into it.
    let target: ImageSurface

    init(surface: ImageSurface) throws {
        guard let c = cairo_create(surface.pointer) else {
            throw CairoError.status(operation: "cairo_create", code: -1, message: "out of memory")
        }
        let status = cairo_status(c)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_destroy(c)
            try CairoError.check(status, "cairo_create")
        }
        cr = c
        target = surface
        Self.applyFontOptions(c)
    }

    /// Fixed text rendering options: greyscale antialiasing, no hinting and
    /// unhinted metrics, so a label lays out the same at every scale, on every
    /// surface and whatever Cairo's font caches hold.
    private static func applyFontOptions(_ c: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(c, options)
        cairo_font_options_destroy(options)
    }

    deinit { cairo_destroy(cr) }

    func checkStatus(_ operation: String) throws {
        try CairoError.check(cairo_status(cr), operation)
    }

    enum Operator { case over, source, clear, add, multiply, destIn, destOut }

    func setOperator(_ op: Operator) {
        let v: cairo_operator_t
        switch op {
        case .over: v = CAIRO_OPERATOR_OVER
        case .source: v = CAIRO_OPERATOR_SOURCE
        case .clear: v = CAIRO_OPERATOR_CLEAR
        case .add: v = CAIRO_OPERATOR_ADD
        case .multiply: v = CAIRO_OPERATOR_MULTIPLY
        case .destIn: v = CAIRO_OPERATOR_DEST_IN
        case .destOut: v = CAIRO_OPERATOR_DEST_OUT
        }
        cairo_set_operator(cr, v)
    }

    // MARK: state and transform
    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    func scale(_ sx: Double, _ sy: Double) { cairo_scale(cr, sx, sy) }
    func rotate(degrees: Double) { cairo_rotate(cr, degrees * .pi / 180) }

    func setMatrix(_ m: AffineTransform) {
        var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_set_matrix(cr, &cm)
    }

    // MARK: paths
    func newPath() { cairo_new_path(cr) }
    func move(to p: Point) { cairo_move_to(cr, p.x, p.y) }
    func line(to p: Point) { cairo_line_to(cr, p.x, p.y) }
    func curve(to p: Point, _ c1: Point, _ c2: Point) { cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y) }
    func closePath() { cairo_close_path(cr) }
    func rectangle(_ r: Rect) { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
    func arc(center: Point, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc(cr, center.x, center.y, radius, a0, a1)
    }
    func circle(_ c: Point, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, c.x, c.y, r, 0, 2 * .pi)
        cairo_close_path(cr)
    }

    /// A rounded rectangle with circular corners (radius clamped to half the shorter side).
    func roundedRect(_ r: Rect, radius: Double) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        if rad <= 0.01 {
            rectangle(r)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }

    func polygon(_ pts: [Point]) {
        guard let first = pts.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in pts.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    // MARK: sources
    func setSource(_ c: RGBA) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }
    func setSource(_ p: CairoPattern) { cairo_set_source(cr, p.pointer) }
    /// Draws `s` with its top-left at (x, y) in user space; `filter` picks the sampling.
    /// `extend`: edge pixels continue beyond the image (true) or it ends transparent (false).
    func setSource(_ s: ImageSurface, x: Double, y: Double, smooth: Bool = true, extend: Bool = true) {
        cairo_set_source_surface(cr, s.pointer, x, y)
        if let p = cairo_get_source(cr) {
            cairo_pattern_set_filter(p, smooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
            cairo_pattern_set_extend(p, extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
    }

    // MARK: drawing
    func fill() { cairo_fill(cr) }
    func fillPreserve() { cairo_fill_preserve(cr) }
    func stroke() { cairo_stroke(cr) }
    func paint() { cairo_paint(cr) }
    func paint(alpha: Double) { cairo_paint_with_alpha(cr, alpha) }
    func clip() { cairo_clip(cr) }
    func setEvenOdd(_ on: Bool) { cairo_set_fill_rule(cr, on ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING) }
    func setLineWidth(_ w: Double) { cairo_set_line_width(cr, w) }
    func setRoundCapsAndJoins() {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    func pushGroup() { cairo_push_group(cr) }
    func popGroupToSource() { cairo_pop_group_to_source(cr) }

    // MARK: text (Cairo's toy API: enough for labels)
    func selectFont(family: String, bold: Bool, italic: Bool = false) {
        cairo_select_font_face(
            cr, family, italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
    func setFontSize(_ s: Double) { cairo_set_font_size(cr, s) }

    struct TextExtents {
        var width: Double
        var height: Double
        var xBearing: Double
        var yBearing: Double
        var xAdvance: Double
    }
    func textExtents(_ text: String) -> TextExtents {
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        return TextExtents(
            width: e.width, height: e.height, xBearing: e.x_bearing, yBearing: e.y_bearing, xAdvance: e.x_advance)
    }
    struct FontExtents {
        var ascent: Double
        var descent: Double
        var height: Double
    }
    func fontExtents() -> FontExtents {
        var e = cairo_font_extents_t()
        cairo_font_extents(cr, &e)
        return FontExtents(ascent: e.ascent, descent: e.descent, height: e.height)
    }
    /// Cairo 1.16 puts each glyph on a whole device pixel, rounding half up. A
    /// glyph exactly half a pixel off (a label leaning with the pointer can land
    /// there) then rounds either way on noise in the last bit of its position,
    /// which differs with the buffer's origin: the live layer and the whole
    /// canvas drew the same label a pixel apart. Rounding here first, with a
    /// bias far above that noise, puts it on the same pixel in every buffer.
    func showText(_ text: String) {
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        guard let font = cairo_get_scaled_font(cr),
            cairo_scaled_font_text_to_glyphs(font, x, y, text, -1, &glyphs, &count, nil, nil, nil)
                == CAIRO_STATUS_SUCCESS,
            let glyphs
        else { return cairo_show_text(cr, text) }
        defer { cairo_glyph_free(glyphs) }
        for i in 0..<Int(count) {
            var gx = glyphs[i].x
            var gy = glyphs[i].y
            cairo_user_to_device(cr, &gx, &gy)
            gx = (gx + 0.5 + 1e-6).rounded(.down)
            gy = (gy + 0.5 + 1e-6).rounded(.down)
            cairo_device_to_user(cr, &gx, &gy)
            glyphs[i].x = gx
            glyphs[i].y = gy
        }
        drawGlyphsAtQuantizedSize(glyphs, count)
    }

    /// The device font size glyphs of `size` are rendered at: the nearest quarter pixel.
    static func glyphRenderSize(_ size: Double) -> Double {
        max((size * 4).rounded() / 4, 0.25)
    }

    /// Each device font size is a Cairo scaled font whose glyphs Cairo and pixman
    /// render and cache, so text under a lift or hover, which scales a little
    /// every frame, filled both caches with glyphs drawn once (7 MB at 5K).
    /// Rendering at the nearest quarter device pixel of size (the layout stays
    /// exact) keeps that to a few sizes per label; no one sees a quarter pixel.
    private func drawGlyphsAtQuantizedSize(_ glyphs: UnsafePointer<cairo_glyph_t>, _ count: Int32) {
        var font = cairo_matrix_t()
        var ctm = cairo_matrix_t()
        cairo_get_font_matrix(cr, &font)
        cairo_get_matrix(cr, &ctm)
        let size = font.xx * ctm.xx
        let axisAligned = font.xy == 0 && font.yx == 0 && ctm.xy == 0 && ctm.yx == 0
        guard axisAligned, size > 0, font.xx == font.yy, ctm.xx == ctm.yy else {
            return cairo_show_glyphs(cr, glyphs, count)
        }
        let quantized = Self.glyphRenderSize(size)
        guard quantized != size else { return cairo_show_glyphs(cr, glyphs, count) }
        var stepped = font
        stepped.xx *= quantized / size
        stepped.yy = stepped.xx
        cairo_set_font_matrix(cr, &stepped)
        cairo_show_glyphs(cr, glyphs, count)
        cairo_set_font_matrix(cr, &font)
    }
}
