import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `adaptive-pointer run …` under test: its stderr goes to a file the test
/// reads; stopping it is SIGINT, then SIGKILL if it does not exit in 5 s.
final class OverlayProcess {
    private let process = Process()
    let logPath: String

    init(arguments: [String], environment: [String: String]) throws {
        logPath = try TestEnvironment.privateDirectory("ap-overlay") + "/overlay.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: try TestEnvironment.executable("adaptive-pointer"))
        process.arguments = arguments
        process.environment = environment
        let log = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: logPath).deletingLastPathComponent().path)
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits for `text` to appear in the log; false on timeout or exit.
    func waitForLog(_ text: String, timeout: Double = 15) -> Bool {
        TestEnvironment.wait(timeout: timeout) { log.contains(text) || !process.isRunning } && log.contains(text)
    }

    /// Waits for the process to exit by itself; nil on timeout.
    func waitForExit(timeout: Double) -> Int32? {
        TestEnvironment.wait(timeout: timeout) { !process.isRunning } ? process.terminationStatus : nil
    }

    /// SIGINT, as Ctrl-C would; returns the exit status (SIGKILL after 5 s: then nil).
    @discardableResult
    func interrupt(_ signal: Int32 = SIGINT) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        if let code = waitForExit(timeout: 5) { return code }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
    }
}
