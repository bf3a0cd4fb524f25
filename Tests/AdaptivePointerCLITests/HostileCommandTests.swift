import Foundation
import TestSupport
import Testing

/// End to end: `validate`, `lint` and `replay` fed what issue 13 fed them. Exit
/// codes and messages as a user sees them; nothing overwritten, no raw escapes.
@Suite
struct HostileCommandTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try ChildRun(try BuiltProducts.executable(), arguments)
        return (r.status, r.stdout, r.stderr)
    }

    static func hasRawControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || ($0.value >= 0x7F && $0.value < 0xA0) }
    }

    @Test("validate, lint and replay agree: a scene past a limit fails all three with the same message")
    func commandsAgree() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write(
            "huge.json",
            #"{"version":1,"regions":[{"id":"a","frame":[0,0,40,40],"shape":{"path":"M0 0 H3.1e9 V3.1e9 H0 Z","size":[24,24]}}]}"#
        )
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"lift\"}\n")
        let message =
            "huge.json:1:78: error: regions[0].shape.path: invalid path data at character 6: number 3.1e9 is out of range"
        let v = try run(["validate", scene])
        #expect(v.status == 1)
        #expect(v.stderr.contains(message), "\(v.stderr)")
        let l = try run(["lint", scene])
        #expect(l.status == 1) // it trapped at LintContext.swift:102
        #expect(
            l.stdout.contains(
                "[scene-invalid] regions[0].shape.path: invalid path data at character 6: number 3.1e9 is out of range"),
            "\(l.stdout)")
        let r = try run(["replay", scene, trace])
        #expect(r.status == 1)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test(
        "a menu of 2 million items is refused by validate, lint and replay within seconds, naming the limit (it sent replay past 40 s)"
    )
    func hugeMenuRefusedFast() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let items = Array(repeating: #""Copy""#, count: 2_000_000).joined(separator: ",")
        let scene = try write(
            "menu.json",
            #"{"version":1,"canvas":{"size":[400,300]},"regions":[{"id":"a","frame":[0,0,40,40],"menu":[\#(items)]}]}"#)
        let trace = try write(
            "t.jsonl",
            "{\"t\":0,\"type\":\"position\",\"x\":20,\"y\":20}\n{\"t\":0.1,\"type\":\"button\",\"button\":\"secondary\",\"state\":\"pressed\"}\n{\"t\":5,\"type\":\"lift\"}\n"
        )
        let limit = "regions[0].menu: 2 000 000 menu items, more than the limit of 1 000"
        for command in [["validate", scene], ["lint", scene], ["replay", scene, trace]] {
            let start = Date()
            let r = try run(command)
            let seconds = Date().timeIntervalSince(start)
            #expect(r.status == 1, "\(command[0]): \(r.stderr)")
            #expect((r.stderr + r.stdout).contains(limit), "\(command[0]): \(r.stderr) \(r.stdout)")
            #expect(seconds < 15, "\(command[0]) took \(seconds) s")
        }
    }

    @Test("a scene name with an escape sequence cannot clear the terminal or fake an OK line")
    func escapedName() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("evil.json", #"{"version":1,"name":"\u001b[2J\u001b[H\nother.json: OK"}"#)
        let r = try run(["validate", scene])
        #expect(r.status == 0)
        #expect(!Self.hasRawControl(r.stdout), "\(r.stdout)")
        #expect(
            r.stdout
                == "\(scene): OK — \"\\u001B[2J\\u001B[H\\nother.json: OK\", 0 regions (0 groups), 0 modifier rules\n")
    }

    @Test("lint of 1000 overlapping filled tiles prints 100 findings, a count of the rest and the true totals")
    func lintOutputIsBounded() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiles = (0..<1000).map {
            ##"{"id":"t\##($0)","frame":[\##($0 % 7),\##($0 % 5),60,60],"effect":"lift","content":{"fill":"#FF0000"}}"##
        }
        let scene = try write(
            "tiles.json", #"{"version":1,"canvas":{"size":[800,600]},"regions":[\#(tiles.joined(separator: ","))]}"#)
        let r = try run(["lint", scene])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count < 120, "\(lines.count) lines") // it printed 172 MB
        #expect(lines.contains { $0.contains("more [lift-shadow-clipped] findings not shown") })
        #expect(lines.last == "1 scene checked: 0 errors, 2994 warnings")
    }

    @Test("replay S T --states S (or a link to S) refuses, leaves S intact and exits 1")
    func replayNeverOverwritesInputs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let sceneText = #"{"version":1,"canvas":{"size":[100,100]}}"#
        let scene = try write("s.json", sceneText)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"lift\"}\n")
        let link = dir.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
        let hard = dir.appendingPathComponent("hard.jsonl").path
        try FileManager.default.linkItem(atPath: trace, toPath: hard)
        for (target, what) in [
            (scene, "the scene file"), (link, "the scene file"), (hard, "the trace file"),
            (dir.path + "/./t.jsonl", "the trace file"),
        ] {
            let r = try run(["replay", scene, trace, "--states", target])
            #expect(r.status == 1, "\(target)")
            #expect(r.stderr.contains("it is \(what) this command reads"), "\(target): \(r.stderr)")
        }
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == sceneText)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "{\"t\":0,\"type\":\"lift\"}\n")
    }

    @Test("replay replaces an old --states file only when complete, keeping its permissions; /dev/null stays a device")
    func replayWritesAtomically() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version":1,"canvas":{"size":[100,100]}}"#)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"position\",\"x\":5,\"y\":5}\n")
        let states = try write("states.jsonl", "old\n")
        #expect(chmod(states, 0o600) == 0)
        let r = try run(["replay", scene, trace, "--fps", "10", "--states", states])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: states, encoding: .utf8).hasPrefix("{\"t\":0,"))
        let mode = (try FileManager.default.attributesOfItem(atPath: states)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        let null = try run(["replay", scene, trace, "--states", "/dev/null"])
        #expect(null.status == 0, "\(null.stderr)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("--fps -1 says what is wrong (it said \"Missing value\"); a CRLF trace replays")
    func fpsAndCRLF() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version":1,"canvas":{"size":[100,100]}}"#)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"lift\"}\r\n{\"t\":0.1,\"type\":\"lift\"}\r\n")
        let r = try run(["replay", scene, trace, "--fps", "-1"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--fps must be greater than 0 and at most 10000 (got -1.0)"), "\(r.stderr)")
        let ok = try run(["replay", scene, trace, "--fps", "10"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.split(separator: "\n").count >= 2)
    }

    @Test("no message ends in \"..\"")
    func noDoublePeriods() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version":1}"#)
        let trace = try write("bad.jsonl", "{\"t\":0,\"type\":\"lift\",}\n")
        var outputs: [String] = []
        outputs.append(try run(["replay", scene, trace]).stderr)
        outputs.append(
            try run(["render", "no-such-bundled-scene", "--out", dir.appendingPathComponent("o").path]).stderr)
        outputs.append(try run(["render", scene, trace, "--out", dir.appendingPathComponent("o").path]).stderr)
        outputs.append(try run(["validate", dir.appendingPathComponent("nope.json").path]).stderr)
        for text in outputs {
            #expect(!text.isEmpty)
            #expect(!text.contains(".."), "\(text)")
        }
    }

    static func hasBidiOrZeroWidth(_ s: String) -> Bool {
        s.unicodeScalars.contains {
            [
                0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
                0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF,
            ].contains($0.value)
        }
    }

    @Test("--fps with an escape sequence is echoed escaped (ArgumentParser printed it raw)")
    func fpsValueEscaped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version":1}"#)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"lift\"}\n")
        let r = try run(["replay", scene, trace, "--fps", "\u{1B}[2J\u{202E}9"])
        #expect(r.status == 64)
        #expect(!Self.hasRawControl(r.stderr) && !Self.hasBidiOrZeroWidth(r.stderr), "\(r.stderr)")
        #expect(r.stderr.contains(#"\u001B[2J\u202E9"#), "\(r.stderr)")
    }

    @Test("bidi and zero-width marks in a scene name are shown as escapes")
    func bidiEscaped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("bidi.json", "{\"version\":1,\"name\":\"ok\u{200F}\u{2066}x\u{200B}\u{FEFF}\u{061C}\"}")
        let r = try run(["validate", scene])
        #expect(r.status == 0)
        #expect(!Self.hasBidiOrZeroWidth(r.stdout), "\(r.stdout)")
        #expect(r.stdout.contains(#""ok\u200F\u2066x\u200B\uFEFF\u061C""#), "\(r.stdout)")
    }

    @Test("lint cuts a 100 000-character id at 200 characters with its length (it echoed it whole, twice a line)")
    func longIdCut() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let id = String(repeating: "x", count: 100_000)
        let scene = try write(
            "long.json", #"{"version":1,"regions":[{"id":"\#(id)","frame":[0,0,40,40],"selected":true}]}"#)
        let r = try run(["lint", scene])
        #expect(r.status == 0)
        #expect(r.stdout.utf8.count < 2_000, "\(r.stdout.utf8.count) bytes")
        #expect(
            r.stdout.contains(String(repeating: "x", count: 200) + "… (100000 characters)"), "\(r.stdout.prefix(500))")
    }

    @Test(
        "a DISPLAY holding an escape sequence and a bidi override is echoed escaped when the X server cannot be reached"
    )
    func displayEscaped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["DISPLAY": "\u{1B}[2J\u{202E}:97", "PATH": "/usr/bin:/bin", "HOME": dir.path]
        let r = try ChildRun(try BuiltProducts.executable(), ["run", "demo", "--backend", "x11"], environment: env)
        #expect(r.status != 0)
        #expect(r.stderr.contains(#"DISPLAY='\u001B[2J\u202E:97'"#), "\(r.stderr)")
        #expect(!Self.hasRawControl(r.stderr) && !Self.hasBidiOrZeroWidth(r.stderr), "\(r.stderr)")
    }

    @Test("run --scale 1e-9 is a usage error before anything starts (Cairo could not draw at it)")
    func runScaleMinimum() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["run", "demo", "--backend", "x11", "--scale", "1e-9"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--scale must be at least 0.01 and at most 8 (got 1e-09)"), "\(r.stderr)")
    }
}
