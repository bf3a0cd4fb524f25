import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// `run --renderer gl` on a private Xvfb: the stage drawn by the GL renderer
    /// through EGL on the xcb window, the overlay (which reads its own pixels for
    /// its shape and the screen sampler) with GL frames read back into its
    /// shared memory — and both show what Cairo shows.
    @Suite("X11 GL renderer", .serialized)
    struct GLRendererLiveTests {
        /// Screenshots of the stage scene with `renderer`: the quit hint with the
        /// pointer at rest, then a lifted tile.
        static func stageShots(renderer: String, mode: String) throws -> (shots: [Screenshot], log: String) {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            let xdo = XDo(display: server.display)
            try xdo.moveTo(900, 600, client: client)
            let pointer = try PointerProcess(
                server: server,
                [
                    PointerProcess.sceneFile(mode == "stage" ? "stage" : "overlay"),
                    "--renderer", renderer, "--mode", mode,
                ])
            try #require(pointer.waitUntilShown(timeout: 30), "\(renderer) did not start: \(pointer.log)")
            // Settled shots: on a loaded machine one renderer can still be mid-fade
            // when the other has finished (97.8 % was measured so).
            var shots: [Screenshot] = []
            if let s = client.settledScreenshot(after: 1.0) { shots.append(s) }
            try xdo.moveTo(880, 620, client: client)
            usleep(700_000)
            if mode == "stage" {
                usleep(2_500_000) // past the hint
                try xdo.moveTo(640, 250, client: client)
            }
            if let s = client.settledScreenshot(after: 1.2) { shots.append(s) }
            let status = pointer.child.stop(signal: SIGTERM, timeout: 5)
            return (shots, pointer.log + "\nexit: \(status.map(String.init) ?? "killed")")
        }

        static func share(_ a: Screenshot, _ b: Screenshot, tolerance: Int = 12) -> Double {
            guard a.width == b.width, a.height == b.height, !a.pixels.isEmpty else { return 0 }
            var matching = 0
            for i in a.pixels.indices where Screenshot.distance(a.pixels[i], b.pixels[i]) <= tolerance { matching += 1 }
            return Double(matching) / Double(a.pixels.count)
        }

        @Test("the stage drawn with GL through EGL on the xcb window shows what Cairo shows (≥ 98 % within 12/255)")
        func stage() throws {
            let cairo = try Self.stageShots(renderer: "cairo", mode: "stage")
            let gl = try Self.stageShots(renderer: "gl", mode: "stage")
            #expect(
                gl.log.contains("renderer: gl (") && gl.log.contains("EGL window surfaces (xcb)"), "Log:\n\(gl.log)")
            #expect(gl.log.contains("exit: 0"), "the GL stage did not stop cleanly. Log:\n\(gl.log)")
            try #require(cairo.shots.count == 2 && gl.shots.count == 2)
            for (i, name) in ["hint and pointer", "lifted tile"].enumerated() {
                let s = Self.share(cairo.shots[i], gl.shots[i])
                print("X11 stage \(name): GL vs Cairo \(String(format: "%.2f", s * 100)) % within 12/255")
                if s < 0.98 {
                    cairo.shots[i].writePNG(to: "/tmp/x11-gl-\(i)-cairo.png")
                    gl.shots[i].writePNG(to: "/tmp/x11-gl-\(i)-gl.png")
                }
                #expect(s >= 0.98, "\(name): \(s * 100) %. GL log:\n\(gl.log)")
            }
        }

        @Test("the overlay with GL: frames read back into its shared memory, the same pixels as Cairo's")
        func overlay() throws {
            let cairo = try Self.stageShots(renderer: "cairo", mode: "overlay")
            let gl = try Self.stageShots(renderer: "gl", mode: "overlay")
            #expect(gl.log.contains("renderer: gl (") && gl.log.contains("surfaceless"), "Log:\n\(gl.log)")
            try #require(cairo.shots.count == 2 && gl.shots.count == 2)
            for i in 0..<2 {
                let s = Self.share(cairo.shots[i], gl.shots[i])
                print("X11 overlay shot \(i): GL vs Cairo \(String(format: "%.2f", s * 100)) % within 12/255")
                #expect(s >= 0.98, "shot \(i): \(s * 100) %. GL log:\n\(gl.log)")
            }
        }
    }
}
