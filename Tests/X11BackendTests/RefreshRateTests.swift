import CXCB
import Testing

@testable import X11Backend

/// Frames are paced to the monitor's refresh rate, read from its RandR mode.
@Suite("X11 refresh rate from RandR modes")
struct RefreshRateTests {
    @Test("A mode's timings give its refresh rate (60 Hz, 144 Hz, interlaced, double scan)")
    func modeTimings() throws {
        // CEA 1080p60: 148.5 MHz, 2200 × 1125.
        let p60 = try #require(RefreshRate.hz(dotClock: 148_500_000, hTotal: 2200, vTotal: 1125, flags: 0))
        #expect(abs(p60 - 60) < 0.01)
        // 2560×1440 at 144 Hz (CVT reduced blanking): 592.25 MHz, 2720 × 1512.
        let p144 = try #require(RefreshRate.hz(dotClock: 592_250_000, hTotal: 2720, vTotal: 1512, flags: 0))
        #expect(abs(p144 - 144) < 0.1)
        // 1080i: a field per half frame.
        let interlaced = UInt32(XCB_RANDR_MODE_FLAG_INTERLACE.rawValue)
        let i60 = try #require(RefreshRate.hz(dotClock: 74_250_000, hTotal: 2200, vTotal: 1125, flags: interlaced))
        #expect(abs(i60 - 60) < 0.01)
        let doubled = UInt32(XCB_RANDR_MODE_FLAG_DOUBLE_SCAN.rawValue)
        let d = try #require(RefreshRate.hz(dotClock: 25_175_000, hTotal: 800, vTotal: 262, flags: doubled))
        #expect(abs(d - 60.05) < 0.1)
    }

    @Test("A mode without timings (Xvfb) states no rate: 60 Hz is used")
    func noTimings() {
        #expect(RefreshRate.hz(dotClock: 0, hTotal: 0, vTotal: 0, flags: 0) == nil)
        #expect(RefreshRate.hz(dotClock: 1, hTotal: 1, vTotal: 1, flags: 0) == nil, "a 1 Hz dot clock is no display")
    }

    @Test("A monitor takes the fastest CRTC it shows")
    func monitorRate() {
        let left = Monitor(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080, primary: true)
        let right = Monitor(name: "DP-2", x: 1920, y: 0, width: 2560, height: 1440, primary: false)
        let crtcs = [
            (x: 0, y: 0, width: 1920, height: 1080, hz: 60.0), (x: 1920, y: 0, width: 2560, height: 1440, hz: 144.0),
        ]
        #expect(RefreshRate.of(left, crtcs: crtcs) == 60)
        #expect(RefreshRate.of(right, crtcs: crtcs) == 144)
        #expect(
            RefreshRate.of(Monitor(name: "X", x: 5000, y: 0, width: 10, height: 10, primary: false), crtcs: crtcs)
                == nil)
    }
}
