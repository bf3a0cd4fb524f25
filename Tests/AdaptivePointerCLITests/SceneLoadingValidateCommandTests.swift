import Foundation
import TestSupport
import Testing

/// Runs `adaptive-pointer validate ARGS…` and returns (exit status, stdout, stderr).
private func runValidate(_ arguments: [String]) throws -> (Int32, String, String) {
    let r = try ChildRun(try BuiltProducts.executable(), ["validate"] + arguments)
    return (r.status, r.stdout, r.stderr)
}

/// End to end: the `validate` command as a designer runs it.
@Suite
struct SceneLoadingValidateCommandTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("valid scenes: one summary line each on stdout, exit 0")
    func valid() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try write(
            "player.json",
            """
            {"version": 1, "name": "Music player", "regions": [
              {"id": "a", "frame": [0, 0, 37, 37], "group": "bar"},
              {"id": "b", "frame": [40, 0, 37, 37], "group": "bar", "regions": [{"id": "c", "frame": [1, 1, 5, 5], "group": "inner"}]}
            ], "modifiers": [{"keys": ["ctrl"], "shape": "crosshair"}]}
            """)
        let b = try write("empty.json", #"{"version": 1}"#)
        let (status, stdout, stderr) = try runValidate([a, b])
        #expect(status == 0)
        #expect(stderr.isEmpty)
        #expect(
            stdout == """
                \(a): OK — "Music player", 3 regions (2 groups), 1 modifier rule
                \(b): OK — "empty", 0 regions (0 groups), 0 modifier rules

                """)
    }

    @Test("broken and unreadable scenes: every error on stderr as file:line:column, exit 1")
    func broken() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try write("good.json", #"{"version": 1}"#)
        let bad = try write(
            "bad.json",
            """
            {
              "version": 1,
              "regions": [{"id": "a", "frame": [0, 0, 0, 5], "efect": "lift"}]
            }
            """)
        let missing = dir.appendingPathComponent("missing.json").path
        let (status, stdout, stderr) = try runValidate([good, bad, missing])
        #expect(status == 1)
        #expect(stdout.contains("\(good): OK"))
        let lines = stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(bad):3:43: error: regions[0].frame: w must be greater than 0, found 0; expected [x, y, w, h] with w, h > 0"
            ))
        #expect(lines.contains(#"\#(bad):3:50: error: regions[0]: unknown key "efect"; did you mean "effect"?"#))
        #expect(lines.contains("\(missing): error: cannot read scene file: no such file"))
    }
}
