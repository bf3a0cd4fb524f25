import CCairo
import PointerCore

/// An owned Cairo gradient pattern.
final class CairoPattern {
    let pointer: OpaquePointer

    private init(_ p: OpaquePointer) throws {
        let status = cairo_pattern_status(p)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_pattern_destroy(p)
            try CairoError.check(status, "cairo_pattern_create")
        }
        pointer = p
    }

    deinit { cairo_pattern_destroy(pointer) }

    static func radial(center: Point, radius: Double) throws -> CairoPattern {
        guard let p = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, max(radius, 0.001)) else {
            throw CairoError.status(operation: "cairo_pattern_create_radial", code: -1, message: "out of memory")
        }
        return try CairoPattern(p)
    }

    static func linear(from a: Point, to b: Point) throws -> CairoPattern {
        guard let p = cairo_pattern_create_linear(a.x, a.y, b.x, b.y) else {
            throw CairoError.status(operation: "cairo_pattern_create_linear", code: -1, message: "out of memory")
        }
        return try CairoPattern(p)
    }

    func addStop(_ offset: Double, _ c: RGBA) {
        cairo_pattern_add_color_stop_rgba(pointer, offset, c.r, c.g, c.b, c.a)
    }
}
