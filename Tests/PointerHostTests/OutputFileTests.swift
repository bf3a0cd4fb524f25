import Foundation
import PointerCore
@testable import PointerHost
import Testing
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

    @Test("a full disk (ENOSPC after 100 bytes) is reported as a full disk and leaves the old file and no temporary file")
    func fullDiskKeepsOldFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/states.jsonl"
        try Data("old content\n".utf8).write(to: URL(fileURLWithPath: path))
        final class Budget: @unchecked Sendable { var left = 100 }
        let budget = Budget()
        let full = OutputFile.System(write: { fd, base, count in
            if budget.left == 0 { errno = ENOSPC; return -1 }
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
            #expect(error.description.hasPrefix("cannot write \(path): no space left on device (the disk is full); the old file, if any, is unchanged"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old content\n")
        #expect(leftovers().isEmpty)
    }

    @Test("a failed rename or fsync also leaves the old file")
    func failedCommitKeepsOldFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/frame.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let noRename = OutputFile.System(rename: { _, _ in errno = EIO; return -1 })
        #expect(throws: OutputFile.Failure.self) { try OutputFile.write([1, 2, 3], to: path, system: noRename) }
        let noSync = OutputFile.System(fsync: { _ in errno = ENOSPC; return -1 })
        #expect(throws: OutputFile.Failure.self) { try OutputFile.write([1, 2, 3], to: path, system: noSync) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(leftovers().isEmpty)
    }

    @Test("an output that is an input (same path, symlink, hard link, ./ spelling) is refused before anything is written")
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
        let real = dir + "/real.txt", link = dir + "/link.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try OutputFile.write(Array("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new")
        try OutputFile.write(Array("fresh".utf8), to: dir + "/fresh.txt")
        #expect(try String(contentsOfFile: dir + "/fresh.txt", encoding: .utf8) == "fresh")
        #expect(leftovers().isEmpty)
    }

    @Test("a real full disk (a 64 KB tmpfs): ENOSPC reported, the old file intact", .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
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
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: mountPoint)) ?? []).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
