/// An axis-aligned rectangle in points: origin is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2,
            width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Half-open containment: the right and bottom edges belong to the neighbour.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap of two rects (empty, at self's origin, when they don't meet).
    public func intersection(_ o: Rect) -> Rect {
        let x0 = Swift.max(minX, o.minX)
        let y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX)
        let y1 = Swift.min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(origin: origin, size: .zero) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func offsetBy(_ d: Point) -> Rect { Rect(origin: origin + d, size: size) }

    /// Grows the rectangle by `insets` on each side (negative values shrink it).
    public func outset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX - insets.left, y: minY - insets.top,
            width: width + insets.left + insets.right,
            height: height + insets.top + insets.bottom)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The point of this rectangle nearest to `p` (p itself when inside).
    public func clamped(_ p: Point) -> Point {
        Point(x: Swift.min(Swift.max(p.x, minX), maxX), y: Swift.min(Swift.max(p.y, minY), maxY))
    }

    /// Distance from `p` to the rectangle; 0 inside.
    public func distance(to p: Point) -> Double { clamped(p).distance(to: p) }

    public func interpolated(to other: Rect, _ t: Double) -> Rect {
        Rect(
            x: minX + (other.minX - minX) * t, y: minY + (other.minY - minY) * t,
            width: width + (other.width - width) * t, height: height + (other.height - height) * t)
    }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}
