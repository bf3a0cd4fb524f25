import Testing

@testable import PointerCore

/// Damage rects merged before drawing, so what two rects share is drawn once.
@Suite struct RectCoalescingTests {
    static func area(_ rects: [Rect]) -> Double { rects.reduce(0) { $0 + $1.width * $1.height } }

    @Test("a moving effect's old and new bounds (half overlapping) are drawn as one rect, at less cost than apart")
    func overlappingMerge() {
        let old = Rect(x: 100, y: 100, width: 200, height: 100)
        let new = Rect(x: 150, y: 100, width: 200, height: 100)
        let out = Rect.coalesced([old, new])
        #expect(out == [Rect(x: 100, y: 100, width: 250, height: 100)])
        #expect(Self.area(out) < Self.area([old, new]))
    }

    @Test("far apart rects stay apart; a rect inside another vanishes; empty ones are dropped")
    func farAndInside() {
        let a = Rect(x: 0, y: 0, width: 20, height: 20)
        let b = Rect(x: 500, y: 400, width: 20, height: 20)
        #expect(Rect.coalesced([a, b]) == [a, b])
        #expect(Rect.coalesced([Rect(x: 5, y: 5, width: 4, height: 4), a]) == [a])
        #expect(Rect.coalesced([.zero, a, Rect(x: 3, y: 3, width: 0, height: 9)]) == [a])
    }

    @Test("whatever the input, every rect stays covered and the area drawn never grows")
    func coversAndNeverCostsMore() {
        var seed: UInt64 = 7
        func next(_ n: Double) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 33 % 1_000_000).truncatingRemainder(dividingBy: n)
        }
        for _ in 0..<200 {
            let rects = (0..<Int(next(6)) + 1).map { _ in
                Rect(x: next(300), y: next(300), width: next(120) + 1, height: next(120) + 1)
            }
            let out = Rect.coalesced(rects)
            for r in rects {
                #expect(out.contains { $0.intersection(r) == r }, "\(r) lost in \(out)")
            }
            #expect(Self.area(out) <= Self.area(rects) + 1e-9, "\(rects) → \(out)")
        }
    }
}
