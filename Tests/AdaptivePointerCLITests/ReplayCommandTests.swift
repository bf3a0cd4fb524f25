import Foundation
import TestSupport
import Testing

/// End to end: `adaptive-pointer replay` as a user runs it, with the inputs a user
/// gets wrong. Never crashes; errors say
/// what, where and how to fix; nothing is written when it fails.
@Suite
struct ReplayCommandTests {
    let dir: URL
    let scene: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        scene = dir.appendingPathComponent("scene.json").path
        try Data(#"{"version":1,"canvas":{"size":[400,300]},"regions":[{"id":"b","frame":[10,10,37,37]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scene))
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try ChildRun(try BuiltProducts.executable(), ["replay"] + arguments)
        return (r.status, r.stdout, r.stderr)
    }

    @Test("a good trace writes one frame per line to --states and exits 0")
    func good() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try write("ok.jsonl", "{\"t\":0,\"type\":\"position\",\"x\":28,\"y\":28}\n")
        let states = dir.appendingPathComponent("out.jsonl").path
        let r = try run([scene, trace, "--fps", "10", "--states", states])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: states, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"target\":\"b\"") == true)
    }

    @Test("a malformed trace names file and line, writes nothing, exits 1")
    func malformed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = [
            (
                "missing.jsonl",
                "{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":1}\n{\"t\":0.1,\"type\":\"motion\",\"dx\":1}\n",
                ":2:1: missing \"dy\""
            ),
            (
                "backwards.jsonl", "{\"t\":0.5,\"type\":\"lift\"}\n\n{\"t\":0.1,\"type\":\"lift\"}\n",
                ":3:1: t 0.1 is earlier"
            ),
            ("broken.jsonl", "{\"t\":0,\"type\":\"lift\"\n", ":1:21: invalid JSON"),
        ]
        for (name, text, message) in cases {
            let trace = try write(name, text)
            let states = dir.appendingPathComponent("out-\(name)").path
            let r = try run([scene, trace, "--states", states])
            #expect(r.status == 1, "\(name)")
            #expect(r.stderr.contains(trace + message), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: states), "\(name) wrote a dump")
        }
    }

    @Test(
        "a long trace with an error near its end: the old --states file stays whole, nothing goes to stdout, no temporary file is left"
    )
    func lateErrorWritesNothing() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // 3 MB of good events (read in 1 MB pieces, frames already made), then a bad line.
        var text = ""
        for i in 0..<40_000 {
            text += "{\"t\":\(Double(i) / 1000),\"type\":\"position\",\"x\":\(10 + i % 300),\"y\":28}\n"
        }
        let trace = try write("late.jsonl", text + "{\"t\":41,\"type\":\"motion\",\"dx\":1}\n")
        let states = try write("old.jsonl", "old frames\n")
        let r = try run([scene, trace, "--states", states])
        #expect(r.status == 1)
        #expect(r.stderr.contains("late.jsonl:40001:1: missing \"dy\""), "\(r.stderr)")
        #expect(try String(contentsOfFile: states, encoding: .utf8) == "old frames\n", "the old dump was touched")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "temporary files left: \(left)")
        let toStdout = try run([scene, trace, "--states", "-"])
        #expect(toStdout.status == 1 && toStdout.stdout.isEmpty, "\(toStdout.stdout.prefix(200))")
        // Past the frame limit on a later line: refused before the frames up to it are made.
        let long = try write("long-late.jsonl", text + "{\"t\":86000,\"type\":\"lift\"}\n")
        let r2 = try run([scene, long, "--states", states])
        #expect(r2.status == 1 && r2.stderr.contains("Lower --fps or shorten the trace"), "\(r2.stderr)")
        #expect(try String(contentsOfFile: states, encoding: .utf8) == "old frames\n")
        // And the good part alone replays: one frame per 1/60 s, read across the pieces.
        let good = try write("good.jsonl", text)
        let r3 = try run([scene, good, "--states", states])
        #expect(r3.status == 0, "\(r3.stderr)")
        let frames = try String(contentsOfFile: states, encoding: .utf8).split(separator: "\n")
        #expect(frames.count >= 40 * 60, "\(frames.count) frames")
    }

    @Test("absurd times, bad --fps and unwritable --states are clear errors, never a crash")
    func oddInputs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // 1e300 s used to trap converting the span to Int; now the trace time limit refuses it.
        let far = try write("far.jsonl", "{\"t\":1e300,\"type\":\"lift\"}\n")
        let r1 = try run([scene, far, "--states", "-"])
        #expect(r1.status == 1)
        #expect(r1.stderr.contains("far.jsonl:1:6: \"t\" 1e+300 is beyond the 86400 s (24 h) limit"), "\(r1.stderr)")
        // Within the time limit but past the frame limit at 60 fps.
        let long = try write("long.jsonl", "{\"t\":86000,\"type\":\"lift\"}\n")
        let r0 = try run([scene, long, "--states", "-"])
        #expect(r0.status == 1)
        #expect(r0.stderr.contains("Lower --fps or shorten the trace"), "\(r0.stderr)")
        let ok = try write("ok.jsonl", "{\"t\":0,\"type\":\"lift\"}\n")
        for fps in [["--fps", "0"], ["--fps=-5"], ["--fps", "-1"], ["--fps", "nan"], ["--fps", "20000"]] {
            let r = try run([scene, ok] + fps)
            #expect(r.status == 64, "\(fps)") // a usage error, not a trap
            #expect(r.stderr.contains("--fps must be greater than 0"), "\(fps): \(r.stderr)")
        }
        let r2 = try run([scene, ok, "--states", dir.path])
        #expect(r2.status == 1)
        #expect(r2.stderr.contains("cannot write \(dir.path): Is a directory"), "\(r2.stderr)")
        let r3 = try run([scene, ok, "--states", dir.appendingPathComponent("no/such/dir.jsonl").path])
        #expect(r3.status == 1)
        #expect(r3.stderr.contains("No such file or directory"), "\(r3.stderr)")
        let r4 = try run([scene, dir.path])
        #expect(r4.status == 1)
        #expect(r4.stderr.contains("it is a directory"), "\(r4.stderr)")
    }
}
