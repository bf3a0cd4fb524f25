/// A static spatial index over rectangles (the regions' hit areas), bulk-loaded
/// as a Sort-Tile-Recursive packed R-tree (Leutenegger et al., 1997): entries are
/// sorted into vertical slabs by centre x, each slab by centre y, and packed
/// `fanout` to a node; upper levels are packed the same way from node boxes.
/// Queries visit only nodes whose box can match, so they are sub-linear in the
/// number of regions. Built once per scene (and per hot reload); never mutated.
///
/// Entry ids are the caller's integers (here: positions in `SceneLayout.regions`,
/// i.e. drawing order, later = on top).
public struct HitIndex: Sendable {
    /// Node fan-out. 16 keeps a leaf in a few cache lines and the tree shallow
    /// (100k entries → 4 levels).
    public static let fanout = 16

    struct Box: Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        init(_ r: Rect) {
            minX = r.minX
            minY = r.minY
            maxX = r.maxX
            maxY = r.maxY
        }

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        /// Closed test for node boxes (a leaf entry decides the half-open edge).
        @inline(__always) func mayContain(_ x: Double, _ y: Double) -> Bool {
            x >= minX && x <= maxX && y >= minY && y <= maxY
        }

        /// Half-open, exactly like `Rect.contains`.
        @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
            x >= minX && x < maxX && y >= minY && y < maxY
        }

        @inline(__always) func distanceSquared(_ x: Double, _ y: Double) -> Double {
            let dx = x < minX ? minX - x : (x > maxX ? x - maxX : 0)
            let dy = y < minY ? minY - y : (y > maxY ? y - maxY : 0)
            return dx * dx + dy * dy
        }

        func union(_ o: Box) -> Box {
            Box(
                minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
                maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
        }
    }

    struct Node: Sendable {
        var box: Box
        /// Range in the level below (or in `entries` for level 0).
        var start: Int32
        var end: Int32
    }

    /// Entries in packed order.
    private let entryBoxes: [Box]
    private let entryIDs: [Int32]
    /// levels[0] = leaves over entries; the last level holds the single root.
    private let levels: [[Node]]

    public let count: Int

    /// `rects[i]` is indexed under id `i`.
    public init(rects: [Rect]) {
        self.init(entries: rects.enumerated().map { ($0.offset, $0.element) })
    }

    public init(entries: [(id: Int, rect: Rect)]) {
        count = entries.count
        var items = entries.map { (id: Int32($0.id), box: Box($0.rect)) }
        HitIndex.strSort(&items) { $0.box }
        entryBoxes = items.map(\.box)
        entryIDs = items.map(\.id)

        var levels: [[Node]] = []
        if !items.isEmpty {
            // Leaves over the packed entries.
            var nodes = HitIndex.pack(boxes: entryBoxes)
            levels.append(nodes)
            while nodes.count > 1 {
                // Pack the nodes themselves: sort them STR-wise, then group.
                var sorted = nodes.enumerated().map { (id: Int32($0.offset), node: $0.element) }
                HitIndex.strSort(&sorted) { $0.node.box }
                // Reorder the level below so groups are contiguous ranges.
                let reordered = sorted.map(\.node)
                levels[levels.count - 1] = reordered
                nodes = HitIndex.pack(boxes: reordered.map(\.box))
                levels.append(nodes)
            }
        }
        self.levels = levels
    }

    /// Groups consecutive boxes `fanout` at a time into nodes.
    private static func pack(boxes: [Box]) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(boxes.count / fanout + 1)
        var i = 0
        while i < boxes.count {
            let end = Swift.min(i + fanout, boxes.count)
            var box = boxes[i]
            for j in (i + 1)..<end { box = box.union(boxes[j]) }
            nodes.append(Node(box: box, start: Int32(i), end: Int32(end)))
            i = end
        }
        return nodes
    }

    /// Sort-Tile-Recursive ordering: slabs by centre x, within a slab by centre y.
    private static func strSort<T>(_ items: inout [T], box: (T) -> Box) {
        let n = items.count
        if n <= fanout { return }
        let leafCount = (n + fanout - 1) / fanout
        let slabCount = Int(Double(leafCount).squareRoot().rounded(.up))
        let slabSize = slabCount * fanout
        func cx(_ b: Box) -> Double { b.minX + b.maxX }
        func cy(_ b: Box) -> Double { b.minY + b.maxY }
        items.sort { cx(box($0)) < cx(box($1)) }
        var start = 0
        while start < n {
            let end = Swift.min(start + slabSize, n)
            items[start..<end].sort { cy(box($0)) < cy(box($1)) }
            start = end
        }
    }

    // MARK: - Queries

    /// Calls `body` with the id of every entry whose rectangle contains `p`
    /// (half-open, like `Rect.contains`), in no particular order.
    @inline(__always)
    public func forEach(containing p: Point, _ body: (Int) -> Void) {
        guard let top = levels.last else { return }
        let x = p.x
        let y = p.y
        for node in top where node.box.mayContain(x, y) {
            visit(level: levels.count - 1, node: node, x, y, body)
        }
    }

    private func visit(level: Int, node: Node, _ x: Double, _ y: Double, _ body: (Int) -> Void) {
        if level == 0 {
            for i in Int(node.start)..<Int(node.end) where entryBoxes[i].contains(x, y) {
                body(Int(entryIDs[i]))
            }
            return
        }
        let below = levels[level - 1]
        for i in Int(node.start)..<Int(node.end) where below[i].box.mayContain(x, y) {
            visit(level: level - 1, node: below[i], x, y, body)
        }
    }

    /// Ids of all entries containing `p`, ascending (= drawing order, bottom first).
    public func regions(containing p: Point) -> [Int] {
        var out: [Int] = []
        forEach(containing: p) { out.append($0) }
        out.sort()
        return out
    }

    /// The highest id (topmost in drawing order) containing `p` that passes `filter`.
    public func topmost(containing p: Point, where filter: (Int) -> Bool = { _ in true }) -> Int? {
        var best: Int?
        forEach(containing: p) { id in
            if id > (best ?? -1) && filter(id) { best = id }
        }
        return best
    }

    /// Calls `body` with every entry whose rectangle comes within `radius` of
    /// `center` (distance from the point to the rectangle; 0 inside), and that distance.
    public func forEach(within radius: Double, of center: Point, _ body: (Int, Double) -> Void) {
        guard let top = levels.last, radius >= 0 else { return }
        let r2 = radius * radius
        for node in top where node.box.distanceSquared(center.x, center.y) <= r2 {
            visitCircle(level: levels.count - 1, node: node, center.x, center.y, r2, body)
        }
    }

    private func visitCircle(
        level: Int, node: Node, _ x: Double, _ y: Double, _ r2: Double,
        _ body: (Int, Double) -> Void
    ) {
        if level == 0 {
            for i in Int(node.start)..<Int(node.end) {
                let d2 = entryBoxes[i].distanceSquared(x, y)
                if d2 <= r2 { body(Int(entryIDs[i]), d2.squareRoot()) }
            }
            return
        }
        let below = levels[level - 1]
        for i in Int(node.start)..<Int(node.end) where below[i].box.distanceSquared(x, y) <= r2 {
            visitCircle(level: level - 1, node: below[i], x, y, r2, body)
        }
    }

    /// Ids of entries within `radius` of `center`, ascending.
    public func regions(within radius: Double, of center: Point) -> [Int] {
        var out: [Int] = []
        forEach(within: radius, of: center) { id, _ in out.append(id) }
        out.sort()
        return out
    }

    /// The entry nearest to `center` (distance to its rectangle, 0 inside) within
    /// `radius` that passes `filter`; ties go to the topmost (highest id). Scans
    /// growing circles (radius/16, /8, /4, /2, 1) so a near hit costs a small query.
    public func nearest(
        to center: Point, within radius: Double,
        where filter: (Int) -> Bool = { _ in true }
    ) -> (id: Int, distance: Double)? {
        var r = radius / 16
        while true {
            var best: (id: Int, distance: Double)?
            forEach(within: r, of: center) { id, d in
                guard filter(id) else { return }
                if let b = best, d > b.distance || (d == b.distance && id < b.id) { return }
                best = (id, d)
            }
            if best != nil || r >= radius { return best }
            r = Swift.min(r * 2, radius)
        }
    }
}
