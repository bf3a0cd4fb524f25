import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the tests own: output captured to a file, stopped (TERM,
/// then KILL after a grace period) when released, so a failing test never
/// leaves servers or overlays behind.
final class ChildProcess {
    let process = Process()
    let name: String
    let outputURL: URL
    private let output: FileHandle

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], name: String? = nil) throws {
        self.name = name ?? URL(fileURLWithPath: executable).lastPathComponent
        outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("ap-x11-\(self.name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        output = try FileHandle(forWritingTo: outputURL)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: outputURL)
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    var log: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits up to `timeout` for the exit; KILL after that.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 3) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        if waitForExit(timeout: timeout) { return process.terminationStatus }
        kill(process.processIdentifier, SIGKILL)
        _ = waitForExit(timeout: 2)
        return nil
    }

    func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }

    /// Polls `condition` every 20 ms until true or `timeout` passes.
    static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}

/// Finds an executable on PATH; nil when missing.
func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

struct MissingTool: Error, CustomStringConvertible {
    let tool: String, package: String
    var description: String {
        "'\(tool)' is missing: install the Debian package '\(package)' (scripts/install-deps.sh lists it)"
    }
}

/// Runs a short command to completion (with a timeout) and returns its stdout.
@discardableResult
func runTool(_ tool: String, _ args: [String], display: String, timeout: Double = 10) throws -> String {
    guard let path = which(tool) else { throw MissingTool(tool: tool, package: tool == "xdotool" ? "xdotool" : tool) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = display
    p.environment = env
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    try p.run()
    let deadline = Date().addingTimeInterval(timeout)
    while p.isRunning && Date() < deadline { usleep(5_000) }
    if p.isRunning {
        p.terminate()
        p.waitUntilExit()
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
}
