/// A pointer shape as written in a scene (region `shape` or modifier `shape`).
public enum ShapeSpec: Sendable, Equatable {
    case circle
    /// nil size / radius = the region's frame and corner radius.
    case roundedRect(size: Size?, cornerRadius: Double?)
    /// nil length = the region's `snap.y`, else 20 pt.
    case verticalBeam(length: Double?)
    /// nil length = the region's `snap.x`, else 20 pt.
    case horizontalBeam(length: Double?)
    case path(PathShape)
    case builtin(BuiltinShape)
}

/// A custom shape from SVG path data, normalised to absolute move/line/cubic/close.
public struct PathShape: Sendable, Equatable {
    /// The SVG path data as written.
    public var data: String
    public var elements: [PathElement]
    /// The box the path data is drawn in (pt).
    public var size: Size
    /// The point of the box that sits on the pointer position; default the centre.
    public var anchor: Point
    /// A display name (built-ins carry theirs); nil for anonymous custom paths.
    public var name: String?

    public init(data: String, elements: [PathElement], size: Size, anchor: Point? = nil, name: String? = nil) {
        self.data = data
        self.elements = elements
        self.size = size
        self.anchor = anchor ?? Point(x: size.width / 2, y: size.height / 2)
        self.name = name
    }
}

/// One normalised path element. Quadratic curves and arcs are converted to cubics,
/// relative commands to absolute, H/V/S/T to their full forms.
public enum PathElement: Sendable, Equatable {
    case move(Point)
    case line(Point)
    case cubic(Point, Point, Point)
    case close
}

/// Built-in shapes (docs/scene-format.md), each defined as a `PathShape` by `BuiltinShapes`.
public enum BuiltinShape: String, Sendable, Equatable, CaseIterable {
    case crosshair
    case arrowsHorizontal = "arrows-horizontal"
    case arrowsVertical = "arrows-vertical"
    case target
    case markerTip = "marker-tip"
}
