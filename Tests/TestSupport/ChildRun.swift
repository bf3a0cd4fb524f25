import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with a deadline; stdout and stderr are kept apart.
public struct ChildRun {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    public init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, timeout: Double = 60
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Files, not pipes: a chatty child never blocks on a full pipe.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        let err = out.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        // Foundation keeps the handles given to a Process open after the child
        // exits: closed here, or every run leaks two descriptors, and past
        // 1024 of them Process.run itself crashes (a test gliding with xdotool
        // runs hundreds).
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TimedOut(
                description: "\(path) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        status = process.terminationStatus
        stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
    }

    /// A fresh private directory under the temporary directory.
    public static func temporaryDirectory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
