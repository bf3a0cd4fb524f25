import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process a test owns: its output goes to a file the test reads, it
/// can be written to on stdin, and it is stopped (TERM, then KILL) when
/// released, so a failing test never leaves servers behind.
public final class BackgroundProcess {
    public let process = Process()
    public let name: String
    private let outputURL: URL
    private let input = Pipe()

    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], name: String? = nil)
        throws
    {
        self.name = name ?? URL(fileURLWithPath: executable).lastPathComponent
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ap-\(self.name)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = output
        process.standardError = output
        process.standardInput = input
        try process.run()
        // The child has its own copies; Foundation would keep these open for
        // good (see ChildRun).
        try? output.close()
        try? input.fileHandleForReading.close()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: outputURL)
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    public var log: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// Writes one line to the child's stdin.
    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits for `text` in the output; false on timeout or exit.
    public func waitFor(_ text: String, timeout: Double = 15) -> Bool {
        Self.wait(timeout: timeout) { log.contains(text) || !process.isRunning } && log.contains(text)
    }

    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 3) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        if Self.wait(timeout: timeout, { !process.isRunning }) { return process.terminationStatus }
        kill(process.processIdentifier, SIGKILL)
        _ = Self.wait(timeout: 2) { !process.isRunning }
        return nil
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes.
    public static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// An executable from PATH (or sbin); a missing tool is an error naming its package.
    public static func tool(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":").map(String.init) + [
            "/usr/sbin", "/sbin", "/usr/libexec", "/usr/lib/at-spi2-core",
        ] {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        throw BuiltProducts.Missing(description: "'\(name)' is not installed: apt-get install \(package)")
    }
}
