import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The scene loader's peak memory stays within 10× the scene file (docs/limits.md),
/// for the worst cases a file of that size can hold: a list of the smallest values
/// JSON has (two bytes each) and a list of the same short id.
@Suite struct LoaderMemoryTests {
    static let tinyScene = #"{"version": 1, "regions": [{"id": "a", "frame": [0, 0, 10, 10]}]}"#

    /// A scene of about `bytes` bytes whose region `b` lists `item` over and over in `hides`.
    static func sceneListing(_ item: String, bytes: Int) -> String {
        let head =
            #"{"version": 1, "regions": [{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "frame": [0, 0, 10, 10], "hides": ["#
        let count = (bytes - head.utf8.count) / (item.utf8.count + 1)
        return head + Array(repeating: item, count: count).joined(separator: ",") + "]}]}"
    }

    @Test(
        "validate's memory grows by less than 10× the scene's size, for 8 MB of zeros and of one repeated id (Issue 39)"
    )
    func loaderWithinTenTimesTheFile() throws {
        let dir = try ChildRun.temporaryDirectory("ap-loader-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        let exe = try BuiltProducts.executable()
        let tiny = dir.appendingPathComponent("tiny.json").path
        try Self.tinyScene.write(toFile: tiny, atomically: true, encoding: .utf8)
        let baseline = try PeakMemoryRun(exe, ["validate", tiny])
        #expect(baseline.status == 0, "the tiny scene is valid: \(baseline.stderr)")

        let size = 8 << 20
        for (name, item, valid) in [("zeros", "0", false), ("ids", #""a""#, true)] {
            let path = dir.appendingPathComponent("\(name).json").path
            try Self.sceneListing(item, bytes: size).write(toFile: path, atomically: true, encoding: .utf8)
            let run = try PeakMemoryRun(exe, ["validate", path])
            // Zeros are not region ids: refused with a message, not a crash. One id
            // listed millions of times is valid.
            #expect(run.status == (valid ? 0 : 1), "\(name): \(run.stderr.prefix(400))")
            if !valid {
                #expect(
                    run.stderr.contains("hides[0]") && run.stderr.contains("more errors not shown"),
                    "\(run.stderr.prefix(400))")
            }
            let growth = run.peakKiB - baseline.peakKiB
            let ratio = Double(growth * 1024) / Double(size)
            print(
                "loader memory: \(name), 8 MB scene: peak \(run.peakKiB / 1024) MB, \(growth / 1024) MB over a tiny scene (\(String(format: "%.1f", ratio))× the file), \(String(format: "%.1f", run.seconds)) s"
            )
            #expect(ratio < 10, "\(name): validate grew by \(growth / 1024) MB for an 8 MB scene (\(ratio)×)")
            unlink(path)
        }
    }
}
