import Foundation
import PointerCore
import SceneFormat
import Testing

@testable import PointerHost

#if canImport(Glibc)
    import Glibc
#endif

/// Hot reload under abuse (issue 13): a scene saved in pieces, deleted, replaced by
/// a directory, swapped for a symlink (to another scene, a FIFO, /dev/zero, a loop).
/// The watcher reports each bad state, keeps the last good scene and never crashes
/// or blocks.
@Suite struct SceneWatcherTests {
    /// The loop blocks SIGINT/SIGTERM on its thread; keep that off the test runner's threads.
    private func onOwnThread(_ body: @escaping @Sendable () throws -> Void) throws {
        final class Box: @unchecked Sendable { var error: Error? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try body() } catch { box.error = error }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        if let error = box.error { throw error }
    }

    final class Log: @unchecked Sendable {
        var current = ""
        var reloads = 0
        var errors: [String] = []
    }

    static func scene(_ name: String) -> String {
        #"{"version": 1, "name": "\#(name)", "canvas": {"size": [200, 100]}, "regions": [{"id": "a", "frame": [10, 10, 40, 40]}]}"#
    }

    @Test(
        "saved in pieces, deleted, a directory, symlinks to a scene, a FIFO, /dev/zero and a loop, a link's target saved by rename: the last good scene stays, each bad state is reported"
    )
    func abuse() throws {
        let dir = NSTemporaryDirectory() + "watcher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        let scene = Self.scene
        try Data(scene("one").utf8).write(to: URL(fileURLWithPath: path))
        let log = Log()
        try onOwnThread {
            let watcher = try SceneWatcher(path: path) { try SceneLoader.load(path: $0) }
            watcher.onScene = {
                log.current = $0.name
                log.reloads += 1
            }
            watcher.onError = { log.errors.append("\($0)") }
            watcher.reload()
            /// Runs a fresh loop (a stopped one stays stopped) long enough to see the edit.
            func pump() throws {
                let loop = try EventLoop()
                watcher.attach(to: loop)
                loop.setDeadline(MonotonicClock.now() + 0.15)
                loop.onTimer = { loop.stop(exitCode: 0) }
                _ = try loop.run()
            }
            func writeRaw(_ text: String) {
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
                close(fd)
            }
            try pump()
            #expect(log.current == "one")

            // Saved in pieces: the first half is closed (a reload sees it), then the whole.
            let two = scene("two")
            writeRaw(String(two.prefix(two.count / 2)))
            try pump()
            #expect(log.current == "one")
            #expect(log.errors.last?.contains("invalid JSON") == true, "\(log.errors)")
            writeRaw(two)
            try pump()
            #expect(log.current == "two")

            // Deleted (reported, not silently ignored), then replaced by a directory.
            let errorsBefore = log.errors.count
            unlink(path)
            try pump()
            #expect(log.current == "two")
            #expect(
                log.errors.count == errorsBefore + 1 && log.errors.last?.contains("no such file") == true,
                "\(log.errors)")
            mkdir(path, 0o755)
            try pump()
            #expect(log.current == "two")
            #expect(log.errors.last?.contains("it is a directory") == true, "\(log.errors)")
            rmdir(path)

            // Swapped for symlinks: another scene, a FIFO (must not block), /dev/zero, a loop.
            let three = dir + "/three.json"
            try Data(scene("three").utf8).write(to: URL(fileURLWithPath: three))
            symlink(three, path)
            try pump()
            #expect(log.current == "three")
            let fifo = dir + "/pipe"
            mkfifo(fifo, 0o644)
            for (target, reason) in [(fifo, "named pipe"), ("/dev/zero", "character device"), (path, "symbolic links")]
            {
                unlink(path)
                symlink(target, path)
                try pump()
                #expect(log.current == "three")
                #expect(log.errors.last?.contains(reason) == true, "\(target): \(log.errors.last ?? "no error")")
            }

            // Saved the way editors do: a temporary file renamed over the path.
            unlink(path)
            let temporary = dir + "/.scene.json.swp"
            try Data(scene("four").utf8).write(to: URL(fileURLWithPath: temporary))
            rename(temporary, path)
            try pump()
            #expect(log.current == "four")
            // The watch follows the new inode: a later in-place edit is seen too.
            writeRaw(scene("five"))
            try pump()
            #expect(log.current == "five")

            // A link into another directory, whose target an editor saves by rename
            // there: the target's directory is watched too.
            let elsewhere = dir + "/elsewhere"
            mkdir(elsewhere, 0o755)
            try Data(scene("six").utf8).write(to: URL(fileURLWithPath: elsewhere + "/real.json"))
            unlink(path)
            symlink("elsewhere/real.json", path)
            try pump()
            #expect(log.current == "six")
            try Data(scene("seven").utf8).write(to: URL(fileURLWithPath: elsewhere + "/.real.json.tmp"))
            rename(elsewhere + "/.real.json.tmp", elsewhere + "/real.json")
            try pump()
            #expect(log.current == "seven", "a rename-on-save of the link's target was missed")
            // The target deleted: reported; restored: reloaded.
            unlink(elsewhere + "/real.json")
            try pump()
            #expect(log.current == "seven")
            #expect(log.errors.last?.contains("no such file") == true, "\(log.errors.last ?? "no error")")
            try Data(scene("eight").utf8).write(to: URL(fileURLWithPath: elsewhere + "/real.json"))
            try pump()
            #expect(log.current == "eight")
        }
    }

    @Test(
        "Issue 39: a slow load runs off the loop (its timer keeps firing on time); edits made meanwhile load once after it"
    )
    func slowLoadDoesNotFreeze() throws {
        let dir = NSTemporaryDirectory() + "watcher-slow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try Data(Self.scene("one").utf8).write(to: URL(fileURLWithPath: path))
        final class Counts: @unchecked Sendable {
            let lock = NSLock()
            var loads = 0
            var lateness: [Double] = []
        }
        let counts = Counts()
        let log = Log()
        try onOwnThread {
            let watcher = try SceneWatcher(path: path) { p in
                counts.lock.withLock { counts.loads += 1 }
                usleep(600_000) // a large scene
                return try SceneLoader.load(path: p)
            }
            watcher.onScene = {
                log.current = $0.name
                log.reloads += 1
            }
            let loop = try EventLoop()
            watcher.attach(to: loop)
            let began = MonotonicClock.now()
            var tick = began + 0.02
            var wrote = 0
            loop.setDeadline(tick)
            loop.onTimer = {
                let now = MonotonicClock.now()
                counts.lateness.append(now - tick)
                // Three saves while the first load runs.
                if wrote < 3 && now - began > 0.05 * Double(wrote + 1) {
                    wrote += 1
                    try? Data(Self.scene("edit\(wrote)").utf8).write(to: URL(fileURLWithPath: path))
                }
                if now - began > 2.0 { return loop.stop(exitCode: 0) }
                tick = now + 0.02
                loop.setDeadline(tick)
            }
            _ = try loop.run()
        }
        #expect(log.current == "edit3", "the last save was not loaded: \(log.current)")
        // One load for the first save, one for everything saved during it.
        #expect(counts.loads == 2, "loads: \(counts.loads)")
        #expect((counts.lateness.max() ?? 1) < 0.3, "the loop stalled \(counts.lateness.max() ?? 0) s during a load")
    }
}
