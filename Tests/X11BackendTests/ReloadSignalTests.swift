import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// Issue 39: reloading a large scene held SIGTERM back for about 5 s (the loop
    /// was busy loading and could not read its signalfd).
    @Suite("X11 signals during a hot reload", .serialized)
    struct ReloadSignalTests {
        @Test("SIGTERM while a 24 MB scene is being reloaded ends run within a second, with status 0")
        func sigtermDuringReload() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reload-signal-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let scene = dir.appendingPathComponent("scene.json")
            try Data(
                #"{"version":1,"canvas":{"size":[400,300]},"regions":[{"id":"a","frame":[0,0,40,40]},{"id":"b","frame":[50,0,40,40]}]}"#
                    .utf8
            )
            .write(to: scene)
            let server = try XvfbServer()
            let pointer = try PointerProcess(server: server, [scene.path, "--mode", "stage"])
            try #require(pointer.waitUntilShown(), "run did not start: \(pointer.log)")
            // The same scene with `b` hiding `a` six million times: seconds to load.
            var text =
                #"{"version":1,"canvas":{"size":[400,300]},"regions":[{"id":"a","frame":[0,0,40,40]},{"id":"b","frame":[50,0,40,40],"hides":["a""#
            text.reserveCapacity(24_000_100)
            for _ in 1..<6_000_000 { text += #","a""# }
            text += "]}]}"
            let staged = dir.appendingPathComponent("big.json")
            try Data(text.utf8).write(to: staged)
            #expect(rename(staged.path, scene.path) == 0) // saved by rename, as editors do
            usleep(700_000) // the reload is under way
            #expect(pointer.child.isRunning, "it ended before the signal: \(pointer.log)")
            let sent = Date()
            kill(pointer.child.pid, SIGTERM)
            let ended = ChildProcess.wait(timeout: 10) { !pointer.child.isRunning }
            let seconds = Date().timeIntervalSince(sent)
            #expect(ended && seconds < 2.5, "took \(seconds) s; log: \(pointer.log)")
            #expect(pointer.child.process.terminationStatus == 0, "log: \(pointer.log)")
            #expect(!pointer.log.contains("reloaded"), "the reload finished before the signal: \(pointer.log)")
        }
    }
}
