import PointerCore
import SceneFormat

/// What a custom shape looks like to the eye, measured from its raster (`PathRaster`).
public struct ShapeMetrics: Sendable, Equatable {
    /// Filled area in pt².
    public var area: Double
    /// Bounding box of the filled part, in the path's coordinates (pt).
    public var bounds: Rect
    /// Width of the thinnest limb in pt (see `PathRaster`).
    public var thinnestStroke: Double
    /// Fraction of the fill that does not match its mirror image left–right / top–bottom.
    public var asymmetryX: Double
    public var asymmetryY: Double

    /// The default pointer's diameter; custom shapes should weigh about as much.
    public static let referenceDiameter = 19.0
    /// Minimum stroke of a custom shape (behaviour D22).
    public static let minimumStroke = 4.5

    /// Visual weight in pt, comparable with the 19 pt circle: the geometric mean of the
    /// bounding size (longer side) and the diameter of a disc with the same filled area.
    /// A 19 pt disc weighs 19; the 24 pt crosshair with 4.5 pt arms weighs about 19.5,
    /// as Apple balances it (bigger outline, less ink).
    public var visualWeight: Double {
        let equivalentDiameter = 2 * (area / Double.pi).squareRoot()
        return (max(bounds.width, bounds.height) * equivalentDiameter).squareRoot()
    }

    public init(area: Double, bounds: Rect, thinnestStroke: Double, asymmetryX: Double, asymmetryY: Double) {
        self.area = area
        self.bounds = bounds
        self.thinnestStroke = thinnestStroke
        self.asymmetryX = asymmetryX
        self.asymmetryY = asymmetryY
    }

    /// Measures a path shape; nil when it fills nothing (an empty or degenerate path).
    /// `maxCells`: grid cells along the longer side (lint lowers it when a scene has
    /// thousands of distinct shapes, so the total work stays bounded).
    public init?(shape: PathShape, maxCells: Int = 400) {
        var box = Rect(origin: .zero, size: shape.size)
        for e in shape.elements {
            switch e {
            case .move(let p), .line(let p): box = box.union(Rect(origin: p, size: .zero))
            case .cubic(let a, let b, let p):
                for q in [a, b, p] { box = box.union(Rect(origin: q, size: .zero)) }
            case .close: break
            }
        }
        let raster = PathRaster(elements: shape.elements, bounds: box, maxCells: maxCells)
        guard let bounds = raster.filledBounds, let stroke = raster.thinnestStroke() else { return nil }
        self.init(
            area: raster.area, bounds: bounds, thinnestStroke: stroke,
            asymmetryX: raster.asymmetry(mirrorX: true, mirrorY: false),
            asymmetryY: raster.asymmetry(mirrorX: false, mirrorY: true))
    }
}
