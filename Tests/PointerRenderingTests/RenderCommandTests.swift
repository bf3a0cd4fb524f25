import Foundation
import Testing
@testable import PointerRendering

/// The built CLI (.build/<config>/adaptive-pointer), when `swift build` has made it.
private let renderExecutable: String? = {
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    let packageDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let candidates = [bundleDir.appendingPathComponent("adaptive-pointer").path,
                      packageDir.appendingPathComponent(".build/debug/adaptive-pointer").path]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// End to end: `adaptive-pointer render` as a designer runs it (skipped when the CLI is not built).
@Suite(.enabled(if: renderExecutable != nil, "adaptive-pointer is not built"))
struct RenderCommandTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: renderExecutable ?? "/nonexistent")
        process.arguments = ["render"] + arguments
        let err = Pipe()
        process.standardOutput = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("render writes numbered frames at i/fps and a contact sheet")
    func framesAndSheet() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", """
            {"version": 1, "canvas": {"size": [200, 120], "color": "#FFFFFF"},
             "pointer": {"autoHideDelay": 0},
             "regions": [{"id": "b", "frame": [20, 20, 37, 37], "effect": "highlight", "content": {"symbol": "plus"}}]}
            """)
        let trace = try write("t.jsonl", """
            {"t":0,"type":"position","x":150,"y":80}
            {"t":0.1,"type":"position","x":40,"y":40}
            {"t":0.2,"type":"lift"}
            """)
        let out = dir.appendingPathComponent("out").path
        let (status, stderr) = try run([scene, trace, "--out", out, "--fps", "10", "--scale", "2"])
        #expect(status == 0, "\(stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(names.contains("frame-00000.png") && names.contains("frame-00002.png") && names.contains("sheet.png"))
        let first = try ImageSurface.loadPNG(path: out + "/frame-00000.png")
        #expect(first.width == 400 && first.height == 240)
    }

    @Test("render --at T --crop writes one PNG of part of the canvas")
    func singleFrame() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("still.png").path
        let (status, stderr) = try run(["demo", "--at", "1.5", "--crop", "0,0,120,64", "--scale", "2", "--out", file])
        #expect(status == 0, "\(stderr)")
        let image = try ImageSurface.loadPNG(path: file)
        #expect(image.width == 240 && image.height == 128)
    }

    @Test("bad inputs are clear errors with exit status 1")
    func badInputs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s1, e1) = try run(["no-such-scene", "--out", dir.path])
        #expect(s1 == 1 && e1.contains("no-such-scene"))

        let trace = try write("bad.jsonl", "{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":1}\n{\"t\":0.1,\"type\":\"wiggle\"}\n")
        let (s2, e2) = try run(["demo", trace, "--out", dir.appendingPathComponent("o").path])
        #expect(s2 == 1 && e2.contains(":2"), "\(e2)")

        let scene = try write("img.json", #"{"version": 1, "regions": [{"id": "a", "frame": [0, 0, 10, 10], "content": {"image": "gone.png"}}]}"#)
        let (s3, e3) = try run([scene, "--at", "0", "--out", dir.appendingPathComponent("x.png").path])
        #expect(s3 == 1 && e3.contains("gone.png"), "\(e3)")

        let blocker = try write("file", "not a directory")
        let (s4, e4) = try run(["demo", "--at", "0", "--out", blocker + "/x.png"])
        #expect(s4 == 1 && e4.contains("cannot write"), "\(e4)")
    }
}
