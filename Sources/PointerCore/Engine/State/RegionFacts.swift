/// Per-region facts the engine's hot paths read, derived once from a layout
/// (a `LaidOutRegion` is large to copy) and rebuilt on hot reload.
struct RegionFacts: Sendable {
    /// Per region: nearest ancestor with `scroll` or `zoom`, else -1.
    let transformParent: [Int]
    /// Regions with `reveal` (E24), hidden until hovered.
    let revealRegions: [Int]
    let regionFrames: [Rect]
    let regionIDs: [String]
    /// A region is a target when its effect is not `none` or it has a `shape`.
    let targetable: [Bool]
    /// Region i's descendants are the indices i+1 ... subtreeEnd[i].
    let subtreeEnd: [Int]

    init(layout: SceneLayout) {
        var parent = [Int](repeating: -1, count: layout.regions.count)
        var reveals: [Int] = []
        for r in layout.regions {
            if let p = r.parent {
                let pr = layout.regions[p].region
                parent[r.index] = (pr.scroll != nil || pr.zoom != nil) ? p : parent[p]
            }
            if r.region.reveal != nil { reveals.append(r.index) }
        }
        transformParent = parent
        revealRegions = reveals
        regionFrames = layout.regions.map(\.frame)
        regionIDs = layout.regions.map(\.id)
        subtreeEnd = layout.regions.map { $0.index + $0.childCount }
        targetable = layout.regions.map { $0.effect != .none || $0.region.shape != nil }
    }
}
