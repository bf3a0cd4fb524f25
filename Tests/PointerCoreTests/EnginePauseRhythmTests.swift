import Testing

@testable import PointerCore

/// B9 on a busy machine: a pause (an inferred lift) is judged against the rhythm
/// the motion arrives in, so motion delivered in batches is not taken for rests.
@Suite struct EnginePauseRhythmTests {
    static let button = EngineMotionTests.button
    static let centre = Point(x: 218.5, y: 218.5)
    /// Gaps between motion events (ms) as the GNOME end-to-end test's overlay
    /// received its 8 ms strokes beside `stress-ng --cpu 2`.
    static let loadedGaps = [102.0, 8, 161, 132, 11, 90, 97, 86, 2]

    /// A mouse's host-accelerated motion, 4.5 pt per event with `gaps` (ms,
    /// cycled) between events: up to y = 218.5 away from the control (the
    /// rhythm builds up there), then along it from x = 123 to 195, in the hit
    /// padding 5 pt left of the control. Returns the trace and its last motion's time.
    static func approach(gaps: [Double]) -> (trace: String, end: Double) {
        var lines = [
            "{\"t\":0,\"type\":\"acceleration\",\"curve\":\"host\"}",
            "{\"t\":0,\"type\":\"device\",\"device\":\"unknown\"}",
            "{\"t\":0,\"type\":\"position\",\"x\":123,\"y\":259}",
        ]
        var t = 0.0
        var i = 0
        func step(_ dx: Double, _ dy: Double) {
            t += gaps[i % gaps.count] / 1000
            i += 1
            lines.append("{\"t\":\(t),\"type\":\"motion\",\"dx\":\(dx),\"dy\":\(dy)}")
        }
        for _ in 0..<9 { step(0, -4.5) }
        for _ in 0..<16 { step(4.5, 0) }
        return (lines.joined(separator: "\n"), t)
    }

    @Test("B9 under load: motion arriving in batches 2–160 ms apart is not a pause; the rest in the padding recentres")
    func batchedMotionIsNotAPause() throws {
        let (trace, end) = Self.approach(gaps: Self.loadedGaps)
        let (frames, requests) = try EngineFixture.run(Self.button, trace)
        let early = requests.filter { $0.time <= end }
        #expect(early.isEmpty, "the stroke was taken for a pause and recentred mid-way: \(early)")
        #expect(frames.at(end + 0.02).pointer == Point(x: 195, y: 218.5))
        #expect(frames.at(end + 0.35).pointer == Self.centre)
        #expect(requests.contains { $0.time <= end + 0.35 && $0.request == .warpPointer(to: Self.centre) })
    }

    @Test("B9 at an idle machine's rhythm a pause is still liftDelay, even just after one short rest")
    func steadyMotionKeepsLiftDelay() throws {
        var gaps = [Double](repeating: 8, count: 25)
        gaps[20] = 200 // a short rest at x = 172.5, just outside the hit area
        let (trace, end) = Self.approach(gaps: gaps)
        let (frames, _) = try EngineFixture.run(Self.button, trace)
        #expect(frames.at(end + 0.04).pointer == Point(x: 195, y: 218.5))
        #expect(frames.at(end + 0.06).pointer == Self.centre)
    }
}
