import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// weston has no wlr-layer-shell: the overlay falls back to a fullscreen
/// xdg-shell toplevel, says so once, and still presents frames.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WestonFallbackTests {
    @Test("without layer-shell run falls back to a fullscreen xdg-shell window and presents a frame")
    func xdgShellFallback() throws {
        let weston = try HeadlessCompositor(.weston)
        defer { weston.stop() }
        let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
        let overlay = try OverlayProcess(arguments: ["run", scene], environment: weston.environment)
        defer { overlay.interrupt() }
        #expect(overlay.waitForLog("first frame presented"), "no presented frame. Log:\n\(overlay.log)")
        let log = overlay.log
        #expect(log.contains("falling back to a fullscreen xdg-shell window"))
        #expect(log.components(separatedBy: "falling back").count == 2, "the fallback is logged once")
        #expect(overlay.interrupt() == 0, "Ctrl-C ends it cleanly. Log:\n\(overlay.log)")
    }
}

/// `run` with no display at all explains what to do instead of failing obscurely.
@Suite struct NoDisplayTests {
    @Test("without any display run says how to start it and how to render headless, and exits 1")
    func noDisplay() throws {
        let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
        let tmp = try TestEnvironment.privateDirectory("ap-nodisplay")
        let r = try TestEnvironment.run(
            try TestEnvironment.executable("adaptive-pointer"), ["run", scene],
            environment: ["PATH": "/usr/bin:/bin", "TMPDIR": tmp], timeout: 60)
        #expect(r.status == 1, "exit status \(r.status): \(r.output)")
        #expect(r.output.contains("WAYLAND_DISPLAY") && r.output.contains("DISPLAY"))
        #expect(r.output.contains("adaptive-pointer render"))
    }
}
