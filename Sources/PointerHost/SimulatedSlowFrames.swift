import Foundation

/// `AP_SLOW_FRAME_MS=N`, for tests only: every committed frame keeps the loop
/// thread N ms longer (at most 1000), as a frame does on a starved CPU or in a
/// debug build's slowest paths. The starved-CPU tests (issue 39) use it to make
/// slow frames certain instead of hoping a loaded machine makes them.
enum SimulatedSlowFrames {
    static let milliseconds: Int = {
        guard let text = ProcessInfo.processInfo.environment["AP_SLOW_FRAME_MS"], let value = Int(text) else {
            return 0
        }
        return min(max(value, 0), 1000)
    }()

    /// Holds the loop thread for the simulated cost of a frame just committed.
    static func frameCommitted() {
        guard milliseconds > 0 else { return }
        usleep(useconds_t(milliseconds) * 1000)
    }
}
