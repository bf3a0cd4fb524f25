import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `adaptive-pointer run … --backend x11` as a user starts it, on a test server.
final class PointerProcess {
    let child: ChildProcess
    let server: XvfbServer

    /// The built CLI next to the test bundle (.build/<config>/adaptive-pointer),
    /// or $AP_X11_BINARY (e.g. a release build, for the cost figures).
    static func executable() throws -> String {
        if let path = ProcessInfo.processInfo.environment["AP_X11_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw MissingTool(tool: "AP_X11_BINARY=\(path)", package: "this package (swift build -c release)")
            }
            return path
        }
        return try BuiltProducts.executable()
    }

    static func sceneFile(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).json").path
    }

    init(server: XvfbServer, _ arguments: [String]) throws {
        self.server = server
        child = try ChildProcess(
            try PointerProcess.executable(), ["run"] + arguments + ["--backend", "x11"],
            environment: server.environment, name: "adaptive-pointer")
    }

    /// Waits until the log shows the window is up (or the process died).
    func waitUntilShown(timeout: Double = 20) -> Bool {
        ChildProcess.wait(timeout: timeout) { child.log.contains(" on ") || !child.isRunning } && child.isRunning
    }

    var log: String { child.log }

    deinit { child.stop() }
}

/// xdotool against the test server.
struct XDo {
    let display: String

    func run(_ args: String...) throws {
        try runTool("xdotool", args, display: display)
    }

    /// Moves the pointer as a device does (XTEST relative motion, which makes
    /// raw events); `mousemove` would warp, which devices never do.
    func moveTo(_ x: Int, _ y: Int, client: XTestClient) throws {
        for attempt in 0..<3 {
            // The server accelerates the jump, so it may land off and need a
            // correction. A pause first makes that a new stroke: two big jumps
            // read close together are a flick, and the pointer would glide on.
            if attempt > 0 { usleep(120_000) }
            guard let p = client.pointer() else { return }
            if p.x == x && p.y == y { return }
            try runTool("xdotool", ["mousemove_relative", "--", "\(x - p.x)", "\(y - p.y)"], display: display)
        }
    }
}
