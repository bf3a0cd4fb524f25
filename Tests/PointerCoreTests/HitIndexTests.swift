import Testing

@testable import PointerCore

@Suite struct HitIndexTests {
    static func randomRects(count: Int, seed: UInt64) -> [Rect] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            Rect(
                x: Double.random(in: 0..<2000, using: &rng), y: Double.random(in: 0..<1500, using: &rng),
                width: Double.random(in: 1..<160, using: &rng), height: Double.random(in: 1..<120, using: &rng))
        }
    }

    @Test("hit index finds exactly the regions brute force finds, topmost included (random scenes)")
    func matchesBruteForce() {
        for (count, seed) in [(1, 1 as UInt64), (17, 2), (300, 3), (5000, 4)] {
            let rects = Self.randomRects(count: count, seed: seed)
            let index = HitIndex(rects: rects)
            var rng = SeededRandom(seed: seed &+ 100)
            for _ in 0..<400 {
                let p = Point(
                    x: Double.random(in: -50..<2200, using: &rng), y: Double.random(in: -50..<1700, using: &rng))
                let brute = rects.indices.filter { rects[$0].contains(p) }
                #expect(index.regions(containing: p) == brute)
                #expect(index.topmost(containing: p) == brute.last)
                let even = brute.filter { $0 % 2 == 0 }
                #expect(index.topmost(containing: p, where: { $0 % 2 == 0 }) == even.last)
                let radius = Double.random(in: 0..<200, using: &rng)
                let within = rects.indices.filter { rects[$0].distance(to: p) <= radius }
                #expect(index.regions(within: radius, of: p) == within)
                let nearest = within.min { a, b in
                    let da = rects[a].distance(to: p)
                    let db = rects[b].distance(to: p)
                    return da != db ? da < db : a > b
                }
                #expect(index.nearest(to: p, within: radius)?.id == nearest)
            }
        }
    }

    @Test("points on the shared edge of two regions belong to exactly one (half-open edges)")
    func halfOpenEdges() {
        let index = HitIndex(rects: [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)])
        #expect(index.regions(containing: Point(x: 10, y: 5)) == [1])
        #expect(index.regions(containing: Point(x: 9.999, y: 5)) == [0])
        #expect(index.regions(containing: Point(x: 20, y: 5)) == [])
    }

    @Test("an empty index answers nothing")
    func empty() {
        let index = HitIndex(rects: [])
        #expect(index.regions(containing: .zero).isEmpty)
        #expect(index.nearest(to: .zero, within: 100) == nil)
    }
}
