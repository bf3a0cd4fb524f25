import Foundation
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

    /// The directory holding the built `adaptive-pointer` and `wayland-input-player`.
    static func productsDirectory() throws -> URL {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(dir)
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for c in candidates where FileManager.default.isExecutableFile(atPath: c.appendingPathComponent("adaptive-pointer").path)
            && FileManager.default.isExecutableFile(atPath: c.appendingPathComponent("wayland-input-player").path) {
            return c
        }
        throw Failure("cannot find the built adaptive-pointer and wayland-input-player (looked in \(candidates.map(\.path))); run 'swift build --build-tests' first")
    }

    static func executable(_ name: String) throws -> String {
        try productsDirectory().appendingPathComponent(name).path
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
    static func run(_ path: String, _ args: [String], environment: [String: String]? = nil,
                    timeout: Double = 20) throws -> (status: Int32, output: String) {
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
