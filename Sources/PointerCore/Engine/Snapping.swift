/// Where the visible pointer sits relative to the model pointer (MISSION-NOTES
/// A2–A4, B7, B8, D23): per axis it either follows the model pointer exactly or
/// is held at a fixed coordinate (a control's centre, a snap-grid cell centre, a
/// constrained axis' centre line); snapped controls add parallax toward the model
/// pointer. The engine animates only the *jumps* between placements (a spring on
/// the displacement), so free motion is never lagged.
struct Placement: Sendable, Equatable {
    enum AxisMode: Sendable, Equatable {
        case follow
        case fixed(Double)
    }

    var x: AxisMode = .follow
    var y: AxisMode = .follow
    /// Snapped controls: parallax toward the model pointer around this centre.
    var parallaxCenter: Point?
    var parallax: ParallaxTuning = ParallaxTuning()
    /// Axes the model pointer is recentred along on lift (the region's
    /// `constrainedAxes`; a snap grid alone only moves the drawn pointer).
    var recenterX = false
    var recenterY = false

    static let free = Placement()

    /// Where the drawn shape's anchor goes for this model pointer (the box is
    /// placed around it in `currentFrame`, so a morph keeps the anchor still, D22).
    func center(model: Point) -> Point {
        var p = Point(x: 0, y: 0)
        switch x { case .follow: p.x = model.x; case .fixed(let v): p.x = v }
        switch y { case .follow: p.y = model.y; case .fixed(let v): p.y = v }
        if let c = parallaxCenter { p += parallax.offset(model: model, center: c) }
        return p
    }

    /// The model pointer moved onto the held axes (recentering, B9).
    func recentered(_ model: Point) -> Point {
        var p = model
        if recenterX, case .fixed(let v) = x { p.x = v }
        if recenterY, case .fixed(let v) = y { p.y = v }
        return p
    }
}

/// Parallax (B8, C14): the snapped shape and the control's content shift toward
/// the model pointer, so input always visibly moves something. 10 % of the
/// pointer's distance from the centre, at most 5 pt — a few points on a 37 pt
/// toolbar button, as in the WWDC20 demos.
public struct ParallaxTuning: Sendable, Equatable {
    public var factor: Double = 0.1
    public var maximum: Double = 5

    public init() {}

    public func offset(model: Point, center: Point) -> Point {
        let d = (model - center) * factor
        return Point(x: Swift.min(Swift.max(d.x, -maximum), maximum),
                     y: Swift.min(Swift.max(d.y, -maximum), maximum))
    }
}

enum Snapping {
    /// The centre of the grid cell containing `v`, kept within [lo, hi] (the
    /// region's extent) so the pointer never snaps outside the region or between
    /// two cells (A3: line centres, never between two lines).
    static func cellCenter(_ v: Double, origin: Double, step: Double, lo: Double, hi: Double) -> Double {
        guard step > 0 else { return v }
        let c = origin + (((v - origin) / step).rounded(.down) + 0.5) * step
        let cmin = origin + (((lo - origin) / step - 0.5).rounded(.up) + 0.5) * step
        let cmax = origin + (((hi - origin) / step - 0.5).rounded(.down) + 0.5) * step
        if cmin > cmax { return (lo + hi) / 2 }
        return Swift.min(Swift.max(c, cmin), cmax)
    }

    /// Free-moving placement inside `region` (shape regions, hover): snap grid
    /// and constrained axes hold axes; `local` is the model pointer in the
    /// region's rest space, `toDrawn` maps a rest point to the canvas.
    static func placement(in region: LaidOutRegion, local: Point, toDrawn: (Point) -> Point) -> Placement {
        let r = region.region
        let frame = region.frame
        var held = local
        var holdX = false, holdY = false
        if let sx = r.snap?.x {
            held.x = cellCenter(local.x, origin: frame.minX + (r.snap?.origin.x ?? 0), step: sx,
                                lo: frame.minX, hi: frame.maxX)
            holdX = true
        } else if r.constrainedAxes.contains(.horizontal) {
            held.x = frame.midX
            holdX = true
        }
        if let sy = r.snap?.y {
            held.y = cellCenter(local.y, origin: frame.minY + (r.snap?.origin.y ?? 0), step: sy,
                                lo: frame.minY, hi: frame.maxY)
            holdY = true
        } else if r.constrainedAxes.contains(.vertical) {
            held.y = frame.midY
            holdY = true
        }
        var placement = Placement()
        placement.recenterX = r.constrainedAxes.contains(.horizontal)
        placement.recenterY = r.constrainedAxes.contains(.vertical)
        if holdX || holdY {
            let drawn = toDrawn(held)
            if holdX { placement.x = .fixed(drawn.x) }
            if holdY { placement.y = .fixed(drawn.y) }
        }
        return placement
    }
}
