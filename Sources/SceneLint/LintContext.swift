import PointerCore
import SceneFormat

/// What every lint rule looks at: the scene, its resolved layout (absolute frames,
/// resolved effects, hit rects), the groups, and the custom shapes with their
/// rasterised measurements (computed once per distinct shape).
public struct LintContext: Sendable {
    public let scene: Scene
    public let layout: SceneLayout
    /// Named groups in order of first appearance, members in drawing order.
    public let groups: [(name: String, members: [LaidOutRegion])]
    /// Group name → position in `groups`.
    let groupIndex: [String: Int]
    /// Groups with a `selected` member (segmented controls, C19).
    let segmentedGroups: Set<String>
    /// Every custom path shape used by a region or a modifier, with its measurements.
    public let customShapes: [ShapeUse]
    /// Pixels of the scene's images, for rules that compare a drawing with the region.
    public let images: (any SceneImageSource)?
    /// The frames bucketed for neighbour queries.
    let grid: RegionGrid

    public struct ShapeUse: Sendable {
        public let shape: PathShape
        /// The region whose `shape` this is; nil for a modifier's shape.
        public let region: LaidOutRegion?
        /// `regions[..].shape` style path of where the shape is written.
        public let subject: String
        public let metrics: ShapeMetrics?
    }

    /// Raster cells all custom shapes of a scene may use together (about 40 M, a few
    /// seconds of lint at most).
    static let rasterBudget = 40_000_000

    public init(scene: Scene, images: (any SceneImageSource)? = nil) {
        self.scene = scene
        // Each image decoded once, however many regions show it.
        self.images = images.map { CachedImageSource($0) }
        let layout = SceneLayout(scene: scene)
        self.layout = layout
        grid = RegionGrid(frames: layout.regions.map(\.frame))

        var order: [String] = []
        var members: [String: [LaidOutRegion]] = [:]
        for r in layout.regions {
            guard let g = r.region.group else { continue }
            if members[g] == nil { order.append(g) }
            members[g, default: []].append(r)
        }
        groups = order.map { ($0, members[$0] ?? []) }
        groupIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        segmentedGroups = Set(order.filter { g in members[g]?.contains { $0.region.selected } ?? false })

        func key(_ shape: PathShape) -> String { "\(shape.data)|\(shape.size.width)x\(shape.size.height)" }
        // Each distinct shape is rasterised once; with thousands of them the grid gets
        // coarser so the total stays near `rasterBudget` cells (a few hundred shapes keep
        // the full 400-cell resolution).
        var distinct = Set<String>()
        for r in layout.regions { if case .path(let p)? = r.region.shape { distinct.insert(key(p)) } }
        for m in scene.modifiers { if case .path(let p) = m.shape { distinct.insert(key(p)) } }
        let side = (Double(Self.rasterBudget) / Double(max(distinct.count, 1))).squareRoot()
        let maxCells = Int(min(400, max(48, side)))
        var cache: [String: ShapeMetrics?] = [:]
        func measure(_ shape: PathShape) -> ShapeMetrics? {
            let k = key(shape)
            if let hit = cache[k] { return hit }
            let m = ShapeMetrics(shape: shape, maxCells: maxCells)
            cache[k] = m
            return m
        }
        var uses: [ShapeUse] = []
        for r in layout.regions {
            if case .path(let p)? = r.region.shape {
                uses.append(ShapeUse(shape: p, region: r, subject: "region '\(r.id)' shape", metrics: measure(p)))
            }
        }
        for (i, m) in scene.modifiers.enumerated() {
            if case .path(let p) = m.shape {
                uses.append(ShapeUse(shape: p, region: nil, subject: "modifiers[\(i)].shape", metrics: measure(p)))
            }
        }
        customShapes = uses
    }

    /// A segmented control (C19): the region's group has a `selected` member. Its segments
    /// may be wider than bar buttons and mix highlight with lift.
    public func isSegmented(_ r: LaidOutRegion) -> Bool {
        r.region.group.map(segmentedGroups.contains) ?? false
    }

    /// True when `b` is `a` itself or one of its descendants.
    public func contains(_ a: LaidOutRegion, _ b: LaidOutRegion) -> Bool {
        b.index >= a.index && b.index <= a.index + a.childCount
    }

    /// True when one region is an ancestor of (or the same as) the other.
    public func related(_ a: LaidOutRegion, _ b: LaidOutRegion) -> Bool {
        contains(a, b) || contains(b, a)
    }

    /// Makes a finding about `regions` (the first one's location is used).
    public func finding(
        _ rule: LintRuleInfo, _ regions: [LaidOutRegion], _ message: String,
        fix: String
    ) -> LintFinding {
        LintFinding(
            rule: rule.id, severity: rule.severity, regions: regions.map(\.id),
            location: regions.first?.region.location, message: message, fix: fix)
    }
}

/// Points as a designer would write them: `37`, `4.5`, `19.25` (at most two decimals).
func pt(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "?" : (value > 0 ? "∞" : "-∞") }
    let rounded = (value * 100).rounded() / 100
    // Beyond ±1e15 there are no decimals left, and Int() could trap.
    guard abs(rounded) < 1e15 else { return String(rounded) }
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var s = String(rounded)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

/// The most common value (within `tolerance`) and how many share it; ties go to the larger value.
func mode(_ values: [Double], tolerance: Double = 0.5) -> (value: Double, count: Int)? {
    let sorted = values.sorted()
    var best: (value: Double, count: Int)?
    var lo = 0
    var hi = 0
    for v in sorted {
        while sorted[lo] < v - tolerance { lo += 1 }
        while hi < sorted.count && sorted[hi] <= v + tolerance { hi += 1 }
        let n = hi - lo
        if let b = best, n < b.count || (n == b.count && v <= b.value) { continue }
        best = (v, n)
    }
    return best
}

/// Largest minus smallest value (0 for none).
func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }

/// The gap between two rectangles along x and along y (negative = they overlap on that axis).
func gaps(_ a: Rect, _ b: Rect) -> (x: Double, y: Double) {
    (max(a.minX, b.minX) - min(a.maxX, b.maxX), max(a.minY, b.minY) - min(a.maxY, b.maxY))
}

extension LintContext.ShapeUse {
    /// A finding about this shape, located at its region (modifier shapes have no region).
    func finding(_ rule: LintRuleInfo, _ message: String, fix: String) -> LintFinding {
        LintFinding(
            rule: rule.id, severity: rule.severity, regions: region.map { [$0.id] } ?? [],
            location: region?.region.location, subject: subject, message: message, fix: fix)
    }

    /// "the shape of 'ruler'" / "the shape of modifiers[0]".
    var name: String {
        if let region { return "the shape of '\(region.id)'" }
        let owner = subject.hasSuffix(".shape") ? String(subject.dropLast(6)) : subject
        return "the shape of \(owner)"
    }
}
