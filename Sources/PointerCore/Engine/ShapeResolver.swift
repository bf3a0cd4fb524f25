/// A shape ready to draw: its kind, box size, corner radius, geometry and the
/// point of the box that sits on the pointer position (behaviours D21–D23).
public struct ResolvedShape: Sendable, Equatable {
    public var kind: ShapeKind
    public var name: String?
    public var size: Size
    public var cornerRadius: Double
    public var geometry: ShapeGeometry
    /// In the box's coordinates; the box is placed so this point is on the pointer.
    public var anchor: Point

    public var isPath: Bool { kind == .path }

    /// `anchor` as a fraction of the box (0.5, 0.5 = centred).
    public var unitAnchor: Point {
        Point(x: size.width > 0 ? anchor.x / size.width : 0.5, y: size.height > 0 ? anchor.y / size.height : 0.5)
    }
}

/// Turns a scene `ShapeSpec` into a `ResolvedShape` for a region (defaults come
/// from the region: frame, corner radius, snap grid).
public enum ShapeResolver {
    /// Beam thickness (pt): the iPadOS I-beam is a thin capsule, thick enough to
    /// read at 1× and keep the circle's visual weight when 20+ pt long.
    public static let beamThickness = 3.0
    /// Beam length when neither the shape nor the snap grid gives one (docs/scene-format.md).
    public static let defaultBeamLength = 20.0

    public static func circle(diameter: Double) -> ResolvedShape {
        let size = Size(width: diameter, height: diameter)
        return ResolvedShape(
            kind: .circle, name: nil, size: size, cornerRadius: diameter / 2,
            geometry: .roundedRect(size: size, cornerRadius: diameter / 2),
            anchor: Point(x: diameter / 2, y: diameter / 2))
    }

    /// A rounded rect covering `frame` (morphing into a control, A2).
    public static func roundedRect(size: Size, cornerRadius: Double) -> ResolvedShape {
        let r = Swift.min(cornerRadius, Swift.min(size.width, size.height) / 2)
        return ResolvedShape(
            kind: .roundedRect, name: nil, size: size, cornerRadius: r,
            geometry: .roundedRect(size: size, cornerRadius: r),
            anchor: Point(x: size.width / 2, y: size.height / 2))
    }

    /// `region` supplies defaults (nil for modifier shapes outside any region).
    public static func resolve(_ spec: ShapeSpec, region: LaidOutRegion?, diameter: Double) -> ResolvedShape {
        switch spec {
        case .circle:
            return circle(diameter: diameter)
        case .roundedRect(let size, let radius):
            let s = size ?? region?.frame.size ?? Size(width: diameter, height: diameter)
            return roundedRect(size: s, cornerRadius: radius ?? region?.cornerRadius ?? 8)
        case .verticalBeam(let length):
            let l = length ?? region?.region.snap?.y ?? defaultBeamLength
            let size = Size(width: beamThickness, height: l)
            return ResolvedShape(
                kind: .verticalBeam, name: nil, size: size, cornerRadius: beamThickness / 2,
                geometry: .roundedRect(size: size, cornerRadius: beamThickness / 2),
                anchor: Point(x: size.width / 2, y: size.height / 2))
        case .horizontalBeam(let length):
            let l = length ?? region?.region.snap?.x ?? defaultBeamLength
            let size = Size(width: l, height: beamThickness)
            return ResolvedShape(
                kind: .horizontalBeam, name: nil, size: size, cornerRadius: beamThickness / 2,
                geometry: .roundedRect(size: size, cornerRadius: beamThickness / 2),
                anchor: Point(x: size.width / 2, y: size.height / 2))
        case .path(let p):
            return path(p)
        case .builtin(let b):
            return path(BuiltinShapes.shape(b))
        }
    }

    /// The shape a highlight or lift pointer morphs into on `region` (C14, C15):
    /// the region's own `shape` when it has one (a `roundedRect` may be outset or
    /// inset from the frame), else its frame with its corner radius; scaled by
    /// `zoom` (zoomed parents) and always centred on the control. `drawnSize`: the
    /// control's frame as drawn.
    public static func platter(
        for region: LaidOutRegion, drawnSize: Size, zoom: Double,
        diameter: Double
    ) -> ResolvedShape {
        guard let spec = region.region.shape else {
            return roundedRect(size: drawnSize, cornerRadius: region.cornerRadius * zoom)
        }
        var s = resolve(spec, region: region, diameter: diameter)
        if s.isPath {
            s.size = s.size * zoom
        } else {
            let rect = roundedRect(size: s.size * zoom, cornerRadius: s.cornerRadius * zoom)
            s.size = rect.size
            s.cornerRadius = rect.cornerRadius
            s.geometry = rect.geometry
        }
        s.anchor = Point(x: s.size.width / 2, y: s.size.height / 2)
        return s
    }

    static func path(_ p: PathShape) -> ResolvedShape {
        ResolvedShape(
            kind: .path, name: p.name, size: p.size, cornerRadius: 0,
            geometry: .path(p), anchor: p.anchor)
    }
}
