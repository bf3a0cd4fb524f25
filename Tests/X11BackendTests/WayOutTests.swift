import CXCB
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// Never take the desktop hostage: the pointer-only scene passes input
    /// through by default, and a stage always has a way out.
    @Suite("X11 way out and pass-through", .serialized)
    struct WayOutTests {
        @Test("run desktop (no --mode) is a pass-through overlay: a click reaches the application below")
        func desktopPassesClicksThrough() throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            client.openWindow(x: 0, y: 0, width: client.width, height: client.height, color: 0x3366CC)
            let xdo = XDo(display: server.display)
            let pointer = try PointerProcess(server: server, ["desktop"])
            try #require(pointer.waitUntilShown(), "desktop did not start: \(pointer.log)")
            #expect(pointer.log.contains("overlay on "), "log: \(pointer.log)")
            usleep(300_000)
            try xdo.moveTo(420, 330, client: client)
            _ = client.clicks(timeout: 0.1, until: 100)
            try xdo.run("click", "1")
            let clicks = client.clicks(timeout: 3)
            #expect(clicks.map(\.button) == [1], "the application received \(clicks); log: \(pointer.log)")
        }

        @Test(
            "Ctrl+Alt+Esc ends a stage with exit code 0, even with the focus on another window; a hint says so for 3 s")
        func quitShortcutEndsStage() throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            let other = client.openWindow(x: 0, y: 0, width: 200, height: 200, color: 0x3366CC)
            let xdo = XDo(display: server.display)
            try xdo.moveTo(300, 600, client: client)
            let pointer = try PointerProcess(server: server, [PointerProcess.sceneFile("stage")])
            try #require(pointer.waitUntilShown(), "stage did not start: \(pointer.log)")
            let stage = StageTests.stageColor
            // The hint: a dark pill with light text, top centre.
            let hinted = client.screenshot(within: 2) { shot in
                shot.changedPixels(x: shot.width / 2 - 150, y: 24, width: 300, height: 40, from: stage, tolerance: 40)
                    .count > 4000
            }
            let withHint = try #require(hinted)
            #expect(
                withHint.changedPixels(
                    x: withHint.width / 2 - 150, y: 24, width: 300, height: 40, from: stage, tolerance: 40
                ).count > 4000,
                "no hint at the top of the stage")
            if ProcessInfo.processInfo.environment["AP_KEEP_SHOTS"] != nil {
                withHint.writePNG(to: "/tmp/x11-stage-hint.png")
            }
            // Gone after three seconds.
            let after = client.screenshot(within: 5) { shot in
                shot.changedPixels(x: shot.width / 2 - 170, y: 20, width: 340, height: 48, from: stage).isEmpty
            }
            #expect(
                after.map {
                    $0.changedPixels(x: $0.width / 2 - 170, y: 20, width: 340, height: 48, from: stage).isEmpty
                } == true,
                "the hint is still there after 3 s")
            try xdo.run("windowfocus", "--sync", String(other))
            try xdo.run("key", "ctrl+alt+Escape")
            #expect(pointer.child.waitForExit(timeout: 5), "the stage is still running; log: \(pointer.log)")
            #expect(
                pointer.child.process.terminationStatus == 0, "exit status \(pointer.child.process.terminationStatus)")
            #expect(pointer.log.contains("Ctrl+Alt+Esc"), "log: \(pointer.log)")
            client.sync()
        }

        @Test("Escape alone (or Ctrl+Esc) does not end the stage")
        func plainEscapeKeepsStage() throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            let xdo = XDo(display: server.display)
            try xdo.moveTo(300, 600, client: client)
            let pointer = try PointerProcess(server: server, [PointerProcess.sceneFile("stage")])
            try #require(pointer.waitUntilShown(), "stage did not start: \(pointer.log)")
            try xdo.run("key", "Escape")
            try xdo.run("key", "ctrl+Escape")
            #expect(!pointer.child.waitForExit(timeout: 1), "log: \(pointer.log)")
        }
    }
}
