/// The built-in pointer shapes (docs/scene-format.md "Shapes", behaviours D21/D22) as
/// path shapes: solid fills, strokes at least 4.5 pt, visual weight close to the
/// 19 pt circle (≈ 280 pt² of ink), anchored where the shape means to point.
public enum BuiltinShapes {
    /// The path shape for a built-in, named after its raw value.
    public static func shape(_ builtin: BuiltinShape) -> PathShape {
        all[builtin] ?? PathShape(data: "", elements: [], size: Size(width: 19, height: 19), name: builtin.rawValue)
    }

    public static let all: [BuiltinShape: PathShape] = {
        var out: [BuiltinShape: PathShape] = [:]
        for builtin in BuiltinShape.allCases {
            let d = definition(builtin)
            // The data are constants checked by the tests; an empty path is the fallback.
            let elements = (try? SVGPathParser.parse(d.data)) ?? []
            out[builtin] = PathShape(
                data: d.data, elements: elements, size: d.size, anchor: d.anchor, name: builtin.rawValue)
        }
        return out
    }()

    private static func definition(_ builtin: BuiltinShape) -> (data: String, size: Size, anchor: Point?) {
        switch builtin {
        case .crosshair:
            // 24 pt across, arms 4.5 pt thick (D22: "the cross is 24 pt").
            return (
                "M9.75 0 H14.25 V9.75 H24 V14.25 H14.25 V24 H9.75 V14.25 H0 V9.75 H9.75 Z",
                Size(width: 24, height: 24), nil
            )
        case .arrowsHorizontal:
            // Two solid triangles pointing left and right, 4 pt apart (drag direction).
            return ("M0 9 L12 0 V18 Z M28 9 L16 18 V0 Z", Size(width: 28, height: 18), nil)
        case .arrowsVertical:
            return ("M9 0 L18 12 H0 Z M9 28 L0 16 H18 Z", Size(width: 18, height: 28), nil)
        case .target:
            // A 4.5 pt ring (outer radius 12) around a 6 pt dot; the inner circle winds the
            // other way so the ring stays hollow under both fill rules.
            return (
                "M0 12 A12 12 0 1 1 24 12 A12 12 0 1 1 0 12 Z "
                    + "M4.5 12 A7.5 7.5 0 1 0 19.5 12 A7.5 7.5 0 1 0 4.5 12 Z "
                    + "M9 12 A3 3 0 1 1 15 12 A3 3 0 1 1 9 12 Z",
                Size(width: 24, height: 24), nil
            )
        case .markerTip:
            // A rounded body narrowing to a point at the bottom; the point is the anchor,
            // so it is the tip that marks the position.
            return ("M8 24 L1.5 11 A7.2 7.2 0 1 1 14.5 11 Z", Size(width: 16, height: 24), Point(x: 8, y: 24))
        }
    }
}

extension BuiltinShape {
    /// This built-in as a path shape.
    public var pathShape: PathShape { BuiltinShapes.shape(self) }
}
