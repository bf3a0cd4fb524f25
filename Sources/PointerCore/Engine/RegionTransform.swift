import RealModule

/// The scroll/zoom transform of a region's children (docs/trace-format.md "Region
/// states and the transform"): a child point `c` in the region's own coordinates (origin at the
/// region frame's top-left) is drawn at `origin + offset + rotate(rotation)·(scale·c)`.
public struct RegionTransform: Sendable, Equatable {
    public var offset: Point = .zero
    public var scale: Double = 1
    /// Degrees, clockwise on screen.
    public var rotation: Double = 0

    public init(offset: Point = .zero, scale: Double = 1, rotation: Double = 0) {
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
    }

    public static let identity = RegionTransform()

    public var isIdentity: Bool { offset == .zero && scale == 1 && rotation == 0 }

    static func rotate(_ p: Point, degrees: Double) -> Point {
        if degrees == 0 { return p }
        let a = degrees * .pi / 180
        let c = Double.cos(a)
        let s = Double.sin(a)
        return Point(x: p.x * c - p.y * s, y: p.x * s + p.y * c)
    }

    /// Local point `c` → drawn point (same space as `origin`).
    public func apply(_ c: Point, origin: Point) -> Point {
        origin + offset + RegionTransform.rotate(c * scale, degrees: rotation)
    }

    /// Drawn point → local point `c`.
    public func invert(_ p: Point, origin: Point) -> Point {
        RegionTransform.rotate(p - origin - offset, degrees: -rotation) / scale
    }

    /// The transform that keeps local point `anchor` under drawn point `pointer`
    /// with the given scale and rotation (pinch anchored at the pointer, E25).
    public static func anchored(
        local anchor: Point, at pointer: Point, origin: Point,
        scale: Double, rotation: Double
    ) -> RegionTransform {
        let offset = pointer - origin - rotate(anchor * scale, degrees: rotation)
        return RegionTransform(offset: offset, scale: scale, rotation: rotation)
    }
}
