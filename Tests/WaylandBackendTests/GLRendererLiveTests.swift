import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `run --renderer gl` under a real headless sway (Mesa's software EGL over
/// wl_shm): frames drawn by the GL renderer into EGL windows (wl_egl_window)
/// look the same as Cairo's in grim screenshots — the circle under the quit
/// hint, a highlighted button, the I-beam, a lifted icon.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct GLRendererLiveTests {
    static let script = [
        #"{"t":0.0,"type":"position","x":1000,"y":650}"#,
        #"{"t":0.1,"type":"screenshot","path":"$SHOTS/hint.png","settle":0.4}"#,
        #"{"t":3.6,"type":"position","x":58,"y":38}"#,
        #"{"t":3.7,"type":"position","x":59,"y":39}"#,
        #"{"t":3.8,"type":"screenshot","path":"$SHOTS/highlight.png","settle":0.8}"#,
        #"{"t":4.0,"type":"position","x":300,"y":300}"#,
        #"{"t":4.1,"type":"position","x":301,"y":301}"#,
        #"{"t":4.2,"type":"screenshot","path":"$SHOTS/beam.png","settle":0.8}"#,
        #"{"t":4.4,"type":"position","x":760,"y":160}"#,
        #"{"t":4.5,"type":"position","x":762,"y":162}"#,
        #"{"t":4.6,"type":"screenshot","path":"$SHOTS/lift.png","settle":1.0}"#,
    ]
    static let shots = ["hint", "highlight", "beam", "lift"]

    /// Runs the e2e scene with `--renderer renderer`, plays the script, returns the
    /// screenshots and the overlay's log.
    func run(renderer: String) throws -> (shots: [String: Screenshot], log: String) {
        _ = try TestEnvironment.tool("grim", package: "grim")
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
        let overlay = try OverlayProcess(
            arguments: ["run", scene, "--renderer", renderer], environment: sway.environment)
        defer { overlay.interrupt() }
        guard overlay.waitForLog("first frame shown", timeout: 30) else {
            throw TestEnvironment.Failure(
                "the overlay (\(renderer)) showed no frame within 30 s. Log:\n\(overlay.log)\n\(sway.logTail)")
        }
        let dir = try TestEnvironment.privateDirectory("ap-gl-shots")
        defer {
            if ProcessInfo.processInfo.environment["AP_KEEP_SHOTS"] == nil {
                try? FileManager.default.removeItem(atPath: dir)
            }
        }
        let scriptPath = dir + "/script.jsonl"
        try Self.script.map { $0.replacingOccurrences(of: "$SHOTS", with: dir) }.joined(separator: "\n")
            .write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let played = try TestEnvironment.run(
            try TestEnvironment.executable("wayland-input-player"), [scriptPath],
            environment: sway.environment, timeout: 60)
        guard played.status == 0 else {
            throw TestEnvironment.Failure("wayland-input-player failed: \(played.output)\nOverlay log:\n\(overlay.log)")
        }
        var out: [String: Screenshot] = [:]
        for name in Self.shots { out[name] = try Screenshot(path: "\(dir)/\(name).png") }
        return (out, overlay.log)
    }

    @Test("run --renderer gl draws into EGL windows and shows what Cairo shows (≥ 98 % of pixels within 12/255)")
    func glMatchesCairo() throws {
        let cairo = try run(renderer: "cairo")
        let gl = try run(renderer: "gl")
        #expect(gl.log.contains("renderer: gl ("), "GL did not start. Log:\n\(gl.log)")
        #expect(gl.log.contains("drawing with GL into EGL windows"), "no EGL window surfaces. Log:\n\(gl.log)")
        #expect(!cairo.log.contains("renderer: gl"), "--renderer cairo must not start GL")
        for name in Self.shots {
            let a = try #require(cairo.shots[name])
            let b = try #require(gl.shots[name])
            let share = a.shareWithin(12, of: b)
            print("sway \(name): GL vs Cairo \(String(format: "%.2f", share * 100)) % within 12/255")
            #expect(share >= 0.98, "\(name): only \(share * 100) % of pixels match. GL log:\n\(gl.log)")
        }
        // And the screenshots show what they should: the pointer moved between them.
        let hint = try #require(gl.shots["hint"])
        let lift = try #require(gl.shots["lift"])
        #expect(hint.shareWithin(12, of: lift) < 0.999, "the GL screenshots did not change with the pointer")
    }
}

extension Screenshot {
    /// The share of pixels whose channels are all within `tolerance` of `other`'s.
    func shareWithin(_ tolerance: Int, of other: Screenshot) -> Double {
        guard width == other.width, height == other.height, width * height > 0 else { return 0 }
        var matching = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = rgb(x, y)
                let b = other.rgb(x, y)
                if abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance {
                    matching += 1
                }
            }
        }
        return Double(matching) / Double(width * height)
    }
}
