import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11EndToEnd {
    /// End to end: `adaptive-pointer run --backend x11` (stage mode, the default)
    /// on a private Xvfb: the scene fills the monitor, takes the input, and the
    /// window follows the monitor when RandR changes it.
    @Suite("X11 stage end to end", .serialized)
    struct StageTests {
        static let stageColor: UInt32 = 0x204060 // Fixtures/stage.json canvas.color
        static let tileColor: UInt32 = 0xFF9500

        struct Rig {
            let server: XvfbServer
            let client: XTestClient
            let pointer: PointerProcess
            let xdo: XDo
        }

        static func rig(extra: [String] = []) throws -> Rig {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            let xdo = XDo(display: server.display)
            try xdo.moveTo(300, 600, client: client)
            let pointer = try PointerProcess(server: server, [PointerProcess.sceneFile("stage")] + extra)
            try #require(pointer.waitUntilShown(), "stage did not start: \(pointer.log)")
            usleep(400_000)
            return Rig(server: server, client: client, pointer: pointer, xdo: xdo)
        }

        /// Bounding box of the tile's orange (with tolerance for shading).
        static func tileBounds(_ shot: Screenshot) -> (x: Int, y: Int, width: Int, height: Int)? {
            var xs: [Int] = []
            var ys: [Int] = []
            for y in 100..<420 {
                for x in 500..<820 where Screenshot.distance(shot.at(x, y), tileColor) < 40 {
                    xs.append(x)
                    ys.append(y)
                }
            }
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
            return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
        }

        @Test("A1 the stage fills the monitor and draws the 19 pt pointer where the real one is")
        func stageShowsSceneAndPointer() throws {
            let rig = try Self.rig()
            try rig.xdo.moveTo(900, 600, client: rig.client)
            let shot = try #require(
                rig.client.screenshot { s in
                    s.changedBounds(x: 860, y: 560, width: 80, height: 80, from: Self.stageColor).map {
                        abs($0.x + $0.width / 2 - 900) <= 2 && abs($0.y + $0.height / 2 - 600) <= 2
                            && abs($0.width - 19) <= 3
                    } ?? false
                })
            OverlayTests.save(shot, "stage-rest")
            #expect(
                Screenshot.distance(shot.at(5, 5), Self.stageColor) <= 4,
                "corner is \(String(shot.at(5, 5), radix: 16))")
            #expect(Screenshot.distance(shot.at(1275, 795), Self.stageColor) <= 4)
            let tile = try #require(Self.tileBounds(shot))
            #expect(abs(tile.width - 120) <= 2 && abs(tile.height - 120) <= 2, "tile at rest \(tile)")
            let p = try #require(shot.changedBounds(x: 860, y: 560, width: 80, height: 80, from: Self.stageColor))
            #expect(abs(p.width - 19) <= 3 && abs(p.height - 19) <= 3, "pointer \(p)")
            #expect(abs(p.x + p.width / 2 - 900) <= 2 && abs(p.y + p.height / 2 - 600) <= 2, "pointer at \(p)")
        }

        @Test("C15 over a tile the pointer lifts it: it grows, the pointer goes behind it, the real pointer is centred")
        func liftOnTile() throws {
            let rig = try Self.rig()
            // One unaccelerated move, not `moveTo`: its corrections, read after
            // the lift, would undo the warp this test looks for.
            _ = try runTool("xset", ["m", "1", "1"], display: rig.server.display)
            let from = try #require(rig.client.pointer())
            try rig.xdo.run("mousemove_relative", "--", "\(640 - from.x)", "\(250 - from.y)")
            let centred = ChildProcess.wait(timeout: 3) {
                rig.client.pointer().map { $0.x == 660 && $0.y == 260 } ?? false
            }
            #expect(
                centred,
                "real pointer at \(String(describing: rig.client.pointer())), expected the tile centre (660, 260)")
            let shot = try #require(
                rig.client.screenshot { s in Self.tileBounds(s).map { $0.width > 122 && $0.height > 122 } ?? false })
            usleep(300_000)
            OverlayTests.save(shot, "stage-lift")
            let tile = try #require(Self.tileBounds(shot))
            #expect(tile.width > 122 && tile.height > 122, "lifted tile \(tile) did not grow")
            // No grey pointer disc drawn over the tile: its centre stays orange (a specular glint lightens it).
            let c = shot.at(660, 260)
            #expect((c >> 16) & 0xff > 0xE0 && c & 0xff < 0x80, "tile centre is \(String(c, radix: 16))")
        }

        @Test("B6 the stage takes the clicks: the application behind it gets none")
        func stageCapturesInput() throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            client.openWindow(x: 0, y: 0, width: client.width, height: client.height, color: 0x3366CC)
            let xdo = XDo(display: server.display)
            let pointer = try PointerProcess(server: server, [PointerProcess.sceneFile("stage")])
            try #require(pointer.waitUntilShown(), "stage did not start: \(pointer.log)")
            usleep(300_000)
            try xdo.moveTo(200, 600, client: client)
            _ = client.clicks(timeout: 0.1, until: 100)
            try xdo.run("click", "1")
            #expect(client.clicks(timeout: 1).isEmpty)
        }

        @Test("RandR: when the monitor's mode changes, the stage follows it")
        func followsMonitorChange() throws {
            let rig = try Self.rig()
            // Add and switch to an 800x600 mode, as a monitor hot-plug or resolution change does.
            for args in [
                [
                    "--newmode", "800x600", "38.25", "800", "832", "912", "1024", "600", "603", "607", "624", "-hsync",
                    "+vsync",
                ],
                ["--addmode", "screen", "800x600"], ["--output", "screen", "--mode", "800x600"],
            ] {
                try runTool("xrandr", args, display: rig.server.display)
            }
            let followed = ChildProcess.wait(timeout: 5) { rig.pointer.log.contains("is now 800x600") }
            #expect(followed, "log: \(rig.pointer.log)")
            let shot = try #require(rig.client.settledScreenshot(after: 0.4))
            OverlayTests.save(shot, "stage-800x600")
            #expect(Screenshot.distance(shot.at(795, 595), Self.stageColor) <= 4, "bottom-right of the 800x600 screen")
            #expect(rig.pointer.child.isRunning)
        }

        @Test("Scale: Xft.dpi 192 draws the pointer at 2x; --scale overrides it", arguments: [nil, "1"] as [String?])
        func scaleFromXftDpi(override: String?) throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.display)
            // What a desktop's settings daemon does for a HiDPI screen.
            let xrdb = try #require(which("xrdb"), "xrdb is missing: install x11-xserver-utils")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xrdb)
            p.arguments = ["-merge"]
            p.environment = server.environment
            let input = Pipe()
            p.standardInput = input
            try p.run()
            input.fileHandleForWriting.write(Data("Xft.dpi: 192\n".utf8))
            try input.fileHandleForWriting.close()
            p.waitUntilExit()
            let xdo = XDo(display: server.display)
            let pointer = try PointerProcess(
                server: server, [PointerProcess.sceneFile("stage")] + (override.map { ["--scale", $0] } ?? []))
            try #require(pointer.waitUntilShown(), "stage did not start: \(pointer.log)")
            try xdo.moveTo(1100, 700, client: client)
            let expected = override == nil ? 38 : 19
            let shot = try #require(
                client.screenshot { s in
                    s.changedBounds(x: 1040, y: 640, width: 120, height: 120, from: Self.stageColor).map {
                        abs($0.width - expected) <= 4
                    } ?? false
                })
            OverlayTests.save(shot, "stage-scale-\(override ?? "xft")")
            let drawn = shot.changedBounds(x: 1040, y: 640, width: 120, height: 120, from: Self.stageColor)
            #expect(
                drawn.map { abs($0.width - expected) <= 4 && abs($0.height - expected) <= 4 } ?? false,
                "pointer drawn \(String(describing: drawn)), expected \(expected) px; log: \(pointer.log)")
        }
    }
}
