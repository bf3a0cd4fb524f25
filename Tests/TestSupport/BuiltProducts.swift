import Foundation

/// Where the package's built executables and sources are, for tests that run
/// `adaptive-pointer` as a user would. A missing binary is an error (the test
/// fails), never a silent skip.
public enum BuiltProducts {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The package's root folder (this file is Tests/TestSupport/BuiltProducts.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built product `name` (e.g. `adaptive-pointer`): next to the running
    /// test bundle, or in .build/debug.
    public static func executable(_ name: String = "adaptive-pointer") throws -> String {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(dir.appendingPathComponent(name))
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
        for c in candidates where FileManager.default.isExecutableFile(atPath: c.path) { return c.path }
        throw Missing(
            description:
                "cannot find the built \(name) (looked in \(candidates.map(\.path))); run 'swift build --build-tests' first"
        )
    }
}
