import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where the built executables and fixtures are, and small process helpers.
/// Anything missing is an error (the test fails), never a silent skip.
enum TestEnvironment {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var fixtures: URL {
        packageRoot.appendingPathComponent("Tests/WaylandBackendTests/Fixtures")
    }

    /// The built `adaptive-pointer`, `wayland-input-player`, … (a missing one fails the test).
    static func executable(_ name: String) throws -> String {
        try BuiltProducts.executable(name)
    }

    /// A tool the suite needs, from PATH; missing = failure with the package to install.
    static func tool(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let dirs: [String] = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        for dir in dirs {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        throw Failure("'\(name)' is not installed: apt-get install \(package) (scripts/install-deps.sh lists it)")
    }

    /// A fresh private directory (mode 0700) under /tmp.
    static func privateDirectory(_ prefix: String) throws -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let p = mkdtemp(&template) else { throw Failure("mkdtemp failed") }
        return String(cString: p)
    }

    /// Runs a command to completion (with a deadline), returning status and output.
    @discardableResult
    static func run(
        _ path: String, _ args: [String], environment: [String: String]? = nil,
        timeout: Double = 20
    ) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        if let environment { p.environment = environment }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            throw Failure("\(path) \(args.joined(separator: " ")) did not finish within \(timeout) s")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes.
    static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
