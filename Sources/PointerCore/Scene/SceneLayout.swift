/// The region tree flattened in drawing order (parents before children, later on
/// top), with absolute frames and resolved effect, radius and hit area.
public struct SceneLayout: Sendable {
    public let scene: Scene
    public let regions: [LaidOutRegion]
    public let indexByID: [String: Int]

    public init(scene: Scene) {
        self.scene = scene
        var out: [LaidOutRegion] = []
        out.reserveCapacity(scene.regions.count)
        func visit(_ region: Region, parent: Int?, origin: Point, depth: Int) {
            let index = out.count
            let frame = region.frame.offsetBy(origin)
            var flat = region
            flat.regions = []
            let padding = region.hitPadding ?? EdgeInsets(all: region.hasBackground ? 12 : 24)
            out.append(
                LaidOutRegion(
                    index: index, parent: parent, depth: depth, region: flat, frame: frame,
                    cornerRadius: region.cornerRadius.resolved(for: region.frame.size),
                    effect: EffectResolver.resolve(region), hitRect: frame.outset(by: padding),
                    childCount: 0))
            for child in region.regions {
                visit(child, parent: index, origin: frame.origin, depth: depth + 1)
            }
            out[index].childCount = out.count - index - 1
        }
        for region in scene.regions { visit(region, parent: nil, origin: .zero, depth: 0) }
        regions = out
        var byID: [String: Int] = [:]
        for r in out where byID[r.id] == nil { byID[r.id] = r.index }
        indexByID = byID
    }

    public subscript(id: String) -> LaidOutRegion? {
        indexByID[id].map { regions[$0] }
    }

    /// Canvas size: the scene's, else the bounds of all regions (at least 1×1).
    public var canvasSize: Size {
        if let size = scene.canvas.size { return size }
        let bounds = regions.reduce(Rect.zero) { $0.union($1.frame) }
        return Size(width: max(bounds.maxX, 1), height: max(bounds.maxY, 1))
    }
}

public struct LaidOutRegion: Sendable {
    /// Position in `SceneLayout.regions` (drawing order).
    public let index: Int
    public let parent: Int?
    public let depth: Int
    /// The region as written, without its children.
    public let region: Region
    /// Absolute canvas frame at rest (before scroll/zoom/lift transforms).
    public let frame: Rect
    public let cornerRadius: Double
    public let effect: PointerEffect
    /// Frame plus hit padding.
    public let hitRect: Rect
    /// Number of descendants; they follow this entry contiguously.
    public internal(set) var childCount: Int

    public var id: String { region.id }
}
