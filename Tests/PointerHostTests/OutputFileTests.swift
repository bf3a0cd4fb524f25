import Foundation
import PointerCore
import Testing

@testable import PointerHost

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs are written whole or not at all, never over an input (issue 13: on a
/// full disk `replay` truncated the old --states first and left a partial one).
@Suite struct OutputFileTests {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "outputfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test(
        "a full disk (ENOSPC after 100 bytes) is reported as a full disk and leaves the old file and no temporary file")
    func fullDiskKeepsOldFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/states.jsonl"
        try Data("old content\n".utf8).write(to: URL(fileURLWithPath: path))
        final class Budget: @unchecked Sendable { var left = 100 }
        let budget = Budget()
        let full = OutputFile.System(write: { fd, base, count in
            if budget.left == 0 {
                errno = ENOSPC
                return -1
            }
            let n = Glibc.write(fd, base, min(count, budget.left))
            budget.left -= max(n, 0)
            return n
        })
        let file = try OutputFile(path: path, system: full)
        #expect(throws: OutputFile.Failure.self) {
            for _ in 0..<10 { try file.write(String(repeating: "x", count: 64)) }
            try file.commit()
        }
        do {
            try OutputFile.write(Array(repeating: 0x41, count: 1000), to: path, system: full)
            Issue.record("the write did not fail")
        } catch {
            #expect(error.code == ENOSPC)
            #expect(
                error.description.hasPrefix(
                    "cannot write \(path): no space left on device (the disk is full); the old file, if any, is unchanged"
                ))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old content\n")
        #expect(leftovers().isEmpty)
    }

    @Test("a failed rename or fsync also leaves the old file")
    func failedCommitKeepsOldFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/frame.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let noRename = OutputFile.System(rename: { _, _ in
            errno = EIO
            return -1
        })
        #expect(throws: OutputFile.Failure.self) { try OutputFile.write([1, 2, 3], to: path, system: noRename) }
        let noSync = OutputFile.System(fsync: { _ in
            errno = ENOSPC
            return -1
        })
        #expect(throws: OutputFile.Failure.self) { try OutputFile.write([1, 2, 3], to: path, system: noSync) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(leftovers().isEmpty)
    }

    @Test(
        "an output that is an input (same path, symlink, hard link, ./ spelling) is refused before anything is written")
    func inputsAreNeverOutputs() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/scene.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: scene))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: scene)
        try FileManager.default.linkItem(atPath: scene, toPath: dir + "/hard.json")
        for target in [scene, dir + "/link.json", dir + "/hard.json", dir + "/./scene.json"] {
            do {
                try OutputFile.write([0x58], to: target, inputs: [(scene, "the scene file")])
                Issue.record("\(target) was written")
            } catch {
                #expect(error.description.contains("it is the scene file this command reads"), "\(error)")
            }
        }
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == "{}")
        #expect(leftovers().isEmpty)
    }

    @Test("writing through a symlink replaces the file it points to and keeps the link; a new file is complete")
    func symlinkTargetReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let real = dir + "/real.txt"
        let link = dir + "/link.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try OutputFile.write(Array("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new")
        try OutputFile.write(Array("fresh".utf8), to: dir + "/fresh.txt")
        #expect(try String(contentsOfFile: dir + "/fresh.txt", encoding: .utf8) == "fresh")
        #expect(leftovers().isEmpty)
    }

    @Test(
        "a real full disk (a 64 KB tmpfs): ENOSPC reported, the old file intact",
        .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
    func realFullDisk() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mountPoint = dir + "/small"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k") == 0 else {
            // Containers without CAP_SYS_ADMIN: the injected ENOSPC test above covers the logic.
            print("skipped: cannot mount a tmpfs here (\(String(cString: strerror(errno))))")
            return
        }
        defer { umount(mountPoint) }
        let path = mountPoint + "/states.jsonl"
        try OutputFile.write(Array(repeating: 0x6F, count: 20_000), to: path)
        do {
            try OutputFile.write(Array(repeating: 0x6E, count: 200_000), to: path)
            Issue.record("200 KB fitted in a 64 KB tmpfs")
        } catch {
            #expect(error.code == ENOSPC, "\(error)")
        }
        let kept = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(kept.count == 20_000 && kept.allSatisfy { $0 == 0x6F })
        #expect(
            ((try? FileManager.default.contentsOfDirectory(atPath: mountPoint)) ?? []).filter { $0.hasSuffix(".tmp") }
                .isEmpty)
    }

    @Test(
        "run --record onto a named pipe writes into the pipe and leaves it a pipe (it was replaced by a regular file)")
    func recordIntoFIFO() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/record.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let recorder = try TraceRecorder(path: fifo)
        #expect(recorder.writesInPlace)
        recorder.record(InputEvent(time: 0.5, .lift))
        recorder.flush()
        var bytes = [UInt8](repeating: 0, count: 256)
        let n = read(reader, &bytes, bytes.count)
        #expect(n > 0 && String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self).contains("\"type\":\"lift\""))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(recorder.failure == nil)
    }

    @Test("a pipe nobody reads is refused at once, naming it; nothing is created in its place")
    func recordIntoUnreadFIFO() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/nobody.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            _ = try TraceRecorder(path: fifo)
        } throws: { error in
            "\(error)".contains("cannot write the trace to \(fifo): it is a named pipe that no program is reading")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test(
        "run --record onto a full device (a copy of /dev/full) reports the write failure with the path; the device stays"
    )
    func recordIntoFullDevice() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A private node for /dev/full (1, 7), so a failing test cannot replace the real one.
        let full = dir + "/full"
        guard mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 else { return } // makedev(1, 7); needs root
        let recorder = try TraceRecorder(path: full)
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        recorder.log = { log.lines.append($0) }
        recorder.record(InputEvent(time: 0, .lift))
        recorder.flush()
        #expect(recorder.failure == "no space left on device (the disk is full)")
        #expect(
            log.lines == [
                "recording to \(full) stopped: no space left on device (the disk is full); the session goes on"
            ])
        var info = stat()
        #expect(lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("--record naming the scene through a symlink says so, without a hint about directories")
    func recordOverSceneThroughLink() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/scene.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: scene))
        let link = dir + "/link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
        #expect {
            _ = try TraceRecorder(path: link, inputs: [scene])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("not recording to \(link): it is the scene file this command reads")
                && !text.contains("directory") && text.contains("Give --record another file name")
        }
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == "{}")
    }

    @Test("a pipe whose reader went away stops the recording with a message naming the pipe (no SIGPIPE)")
    func recordIntoClosedFIFO() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/gone.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        let recorder = try TraceRecorder(path: fifo)
        close(reader)
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        recorder.log = { log.lines.append($0) }
        recorder.record(InputEvent(time: 0, .lift))
        recorder.flush()
        #expect(
            log.lines == ["recording to \(fifo) stopped: the program reading the pipe went away; the session goes on"])
    }
}
