import Testing

@testable import X11Backend

@Suite("X11 display configuration")
struct DisplayConfigurationTests {
    @Test("Xft.dpi in RESOURCE_MANAGER sets the scale (192 dpi = 2x)")
    func scaleFromXftDpi() {
        #expect(DisplayScale.fromResources("Xcursor.size:\t24\nXft.dpi:\t192\nXft.antialias:\t1\n") == 2)
        #expect(DisplayScale.fromResources("Xft.dpi: 144") == 1.5)
        #expect(DisplayScale.fromResources("Xcursor.size: 24\n") == nil)
        #expect(DisplayScale.fromResources(nil) == nil)
    }

    @Test("--output picks the named monitor, else the one holding the pointer, else the primary")
    func monitorChoice() throws {
        let left = Monitor(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080, primary: false)
        let right = Monitor(name: "HDMI-1", x: 1920, y: 0, width: 2560, height: 1440, primary: true)
        #expect(try MonitorChoice.choose([left, right], named: "DP-1", pointer: (2000, 10)) == left)
        #expect(try MonitorChoice.choose([left, right], named: nil, pointer: (100, 100)) == left)
        #expect(try MonitorChoice.choose([left, right], named: nil, pointer: nil) == right)
        #expect(throws: X11Error.noMonitor(requested: "VGA-9", available: ["DP-1", "HDMI-1"])) {
            try MonitorChoice.choose([left, right], named: "VGA-9", pointer: nil)
        }
    }
}
