/// Where the visible pointer sits relative to the model pointer (behaviours
/// A2–A4, B7, B8, D23): per axis it either follows the model pointer exactly or
/// is held at a fixed coordinate (a control's centre, a snap-grid cell centre, a
/// constrained axis' centre line); snapped controls add parallax toward the model
/// pointer. The engine animates only the *jumps* between placements (a spring on
/// the displacement), so free motion is never lagged.
struct Placement: Sendable, Equatable {
    enum AxisMode: Sendable, Equatable {
        case follow
        case fixed(Double)
        /// Follows the model pointer within [lo, hi]: a beam kept inside its region (A3).
        case clamped(Double, Double)

        func value(_ model: Double) -> Double {
            switch self {
            case .follow: return model
            case .fixed(let v): return v
            case .clamped(let lo, let hi): return Swift.min(Swift.max(model, lo), hi)
            }
        }
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
        var p = Point(x: x.value(model.x), y: y.value(model.y))
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
        return Point(
            x: Swift.min(Swift.max(d.x, -maximum), maximum),
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

    /// The grid line where the cell containing `v` starts (A4: a calendar slot's
    /// start), kept to lines in [lo, hi) so it never marks a slot outside the region.
    static func cellStart(_ v: Double, origin: Double, step: Double, lo: Double, hi: Double) -> Double {
        guard step > 0 else { return v }
        // A hair of tolerance so a pointer (or an edge) exactly on a line counts as on it.
        let e = 1e-9
        let line = origin + ((v - origin) / step + e).rounded(.down) * step
        let first = origin + ((lo - origin) / step - e).rounded(.up) * step
        let last = origin + (((hi - origin) / step - e).rounded(.up) - 1) * step
        if first > last { return (lo + hi) / 2 }
        return Swift.min(Swift.max(line, first), last)
    }

    /// The held coordinate on a snap axis: a cell centre or a cell's starting line.
    static func snapped(_ v: Double, origin: Double, step: Double, lo: Double, hi: Double, to: SnapTarget) -> Double {
        switch to {
        case .centers: return cellCenter(v, origin: origin, step: step, lo: lo, hi: hi)
        case .lines: return cellStart(v, origin: origin, step: step, lo: lo, hi: hi)
        }
    }

    /// Free-moving placement inside `region` (shape regions, hover): snap grid
    /// and constrained axes hold axes; `local` is the model pointer in the
    /// region's rest space, `toDrawn` maps a rest point to the canvas. A beam
    /// `shape` (A3) is also held on the centre line of a one-line field (no grid
    /// on that axis, at most two beams long) and never leaves the region.
    static func placement(
        in region: LaidOutRegion, local: Point, shape: ResolvedShape?,
        toDrawn: (Point) -> Point
    ) -> Placement {
        let r = region.region
        let frame = region.frame
        let beam = shape.flatMap { $0.kind == .verticalBeam || $0.kind == .horizontalBeam ? $0.size : nil }
        var held = local
        var holdX = false
        var holdY = false
        if let sx = r.snap?.x {
            held.x = snapped(
                local.x, origin: frame.minX + (r.snap?.origin.x ?? 0), step: sx,
                lo: frame.minX, hi: frame.maxX, to: r.snap?.to ?? .centers)
            holdX = true
        } else if r.constrainedAxes.contains(.horizontal)
            || (shape?.kind == .horizontalBeam && frame.width <= 2 * (beam?.width ?? 0))
        {
            held.x = frame.midX
            holdX = true
        }
        if let sy = r.snap?.y {
            held.y = snapped(
                local.y, origin: frame.minY + (r.snap?.origin.y ?? 0), step: sy,
                lo: frame.minY, hi: frame.maxY, to: r.snap?.to ?? .centers)
            holdY = true
        } else if r.constrainedAxes.contains(.vertical)
            || (shape?.kind == .verticalBeam && frame.height <= 2 * (beam?.height ?? 0))
        {
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
        if let b = beam {
            // The beam's centre stays at least half the beam from each edge (drawn space).
            let lo = toDrawn(Point(x: frame.minX + b.width / 2, y: frame.minY + b.height / 2))
            let hi = toDrawn(Point(x: frame.maxX - b.width / 2, y: frame.maxY - b.height / 2))
            let mid = toDrawn(frame.center)
            if !holdX { placement.x = lo.x <= hi.x ? .clamped(lo.x, hi.x) : .fixed(mid.x) }
            if !holdY { placement.y = lo.y <= hi.y ? .clamped(lo.y, hi.y) : .fixed(mid.y) }
        }
        return placement
    }
}
