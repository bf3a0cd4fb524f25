import Foundation
import Testing

@testable import PointerCore
@testable import PointerTrace
@testable import SceneFormat

/// Scene and trace paths that are not regular files say what they are (issue 13:
/// /dev/zero, a FIFO and /dev/null said "permission", a symlink loop "no such file").
@Suite struct InputFileTests {
    func sceneError(_ path: String) -> String? {
        do {
            _ = try SceneLoader.load(path: path)
            return nil
        } catch { return error.diagnostics.first?.description }
    }

    @Test("devices, a FIFO, a symlink loop and a directory as a scene: the right reason, and no hang on the FIFO")
    func nonRegularFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let a = dir.appendingPathComponent("a.json").path
        let b = dir.appendingPathComponent("b.json").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        #expect(
            sceneError("/dev/zero")
                == "/dev/zero: error: cannot read scene file: it is a character device (like /dev/null or /dev/zero), not a file"
        )
        #expect(
            sceneError("/dev/null")
                == "/dev/null: error: cannot read scene file: it is a character device (like /dev/null or /dev/zero), not a file"
        )
        #expect(
            sceneError(fifo)
                == "\(fifo): error: cannot read scene file: it is a named pipe (FIFO), not a file; save the content to a file first"
        )
        #expect(
            sceneError(a) == "\(a): error: cannot read scene file: too many levels of symbolic links (a symlink loop?)")
        #expect(
            sceneError(dir.path)
                == "\(dir.path): error: cannot read scene file: it is a directory; give the path of a file")
        #expect(
            sceneError(dir.appendingPathComponent("missing.json").path)?.hasSuffix(
                "cannot read scene file: no such file") == true)
        do {
            _ = try TraceReader.read(path: fifo)
            Issue.record("a FIFO was read as a trace")
        } catch {
            #expect("\(error)".contains("it is a named pipe (FIFO)"), "\(error)")
        }
    }

    @Test("a scene file over the size limit is refused before it is read")
    func sizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, off_t(SceneLimits.sceneFileBytes + 1)) == 0) // sparse: nothing is written
        #expect(
            sceneError(path)?.hasSuffix(
                "cannot read scene file: the file is 33554433 bytes, larger than the 32 MB limit") == true,
            "\(sceneError(path) ?? "")")
    }
}
