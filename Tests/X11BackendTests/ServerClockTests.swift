import Testing

@testable import X11Backend

/// Motion is timed when the server says it happened: a flick the overlay reads
/// late, in one batch, keeps the spacing of its reports (B12, B13).
@Suite struct ServerClockTests {
    @Test("B13 reports read together late keep their server spacing, and none is timed after it was read")
    func lateBatchKeepsSpacing() {
        var clock = ServerClock()
        // The server's clock runs 5000 s behind ours; the first report is read 1 ms after it happened.
        _ = clock.time(ofServer: 1_000, readAt: 5_001.001)
        // Six reports 10 ms apart, all read 60 ms after the first of them.
        let read = 5_001.1 + 0.06
        let times = (0..<6).map { clock.time(ofServer: UInt32(1_100 + 10 * $0), readAt: read) }
        for (a, b) in zip(times, times.dropFirst()) { #expect(abs((b - a) - 0.010) < 0.0005, "\(times)") }
        #expect(abs(times[0] - 5_001.101) < 0.001, "\(times[0])")
        #expect(times.allSatisfy { $0 <= read })
    }

    @Test("the offset is the smallest delay seen: a report read quickly corrects one read slowly first")
    func learnsSmallestDelay() {
        var clock = ServerClock()
        let slow = clock.time(ofServer: 2_000, readAt: 102.050) // read 50 ms late: taken as on time
        #expect(slow == 102.050)
        let quick = clock.time(ofServer: 2_100, readAt: 102.101) // 1 ms late
        #expect(abs(quick - 102.101) < 0.001)
        #expect(abs(clock.time(ofServer: 2_200, readAt: 102.300) - 102.201) < 0.001)
    }

    @Test("a server clock that wraps (2^32 ms) or is reset is learnt afresh, not timed days away")
    func wrapRelearns() {
        var clock = ServerClock()
        _ = clock.time(ofServer: UInt32.max - 50, readAt: 10.0)
        let after = clock.time(ofServer: 20, readAt: 10.08)
        #expect(after == 10.08)
        #expect(abs(clock.time(ofServer: 30, readAt: 10.2) - 10.09) < 0.001)
    }
}
