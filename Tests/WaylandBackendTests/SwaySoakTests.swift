import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Soak: `adaptive-pointer run` under a real headless sway fed 200 000 input events
/// through the virtual pointer and keyboard (80 s of a 2.5 kHz stream, more than a
/// 1000 Hz gaming mouse: sweeps over the buttons, the lifted icon and the text
/// area, clicks, scrolls, context menus, modifier changes). Its resident memory,
/// sampled from /proc as it runs, stays within 5 MB from early in the run to the
/// end, and it holds the same open file descriptors throughout.
///
/// Sway (libwayland-server 1.21) sends each event in its own message and
/// disconnects a client whose socket fills, about 400 events after it stops
/// reading: 160 ms of this stream, which one slow frame on a starved CPU lasts.
/// The overlay reads the socket on a thread of its own (issue 39); the starved
/// test below makes every frame that slow and checks it stays connected.
///
/// And hot reload under abuse, on the real binary: every bad state of the scene
/// file is reported, the overlay keeps running, every good scene is loaded.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SwaySoakTests {
    struct Sample: CustomStringConvertible {
        let seconds: Double
        let rssKiB: Int
        let fds: Int
        var description: String { String(format: "%.1f s: %d KiB, %d fds", seconds, rssKiB, fds) }
    }

    /// VmRSS and the open descriptors of `pid`; nil once it is gone.
    static func sample(_ pid: Int32, at seconds: Double) -> Sample? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""),
            let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        else { return nil }
        return Sample(seconds: seconds, rssKiB: kib, fds: fds.count)
    }

    /// What `pid`'s open descriptors are (for a failure message).
    static func descriptors(_ pid: Int32) -> String {
        let dir = "/proc/\(pid)/fd"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted {
            (Int($0) ?? 0) < (Int($1) ?? 0)
        }
        return names.map {
            "\($0) → \((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + $0)) ?? "?")"
        }
        .joined(separator: ", ")
    }

    /// Seconds between events: 2.5 kHz, more than a 1000 Hz gaming mouse. Before the
    /// socket was read on a thread of its own, a debug build's slowest frames
    /// (100-250 ms) let sway's buffer for it fill at this rate on a loaded machine.
    static let interval = 0.0004

    static func script(events: Int) -> String {
        var lines: [String] = []
        lines.reserveCapacity(events)
        for i in 0..<events {
            let t = String(format: "%.4f", Double(i) * Self.interval)
            let a = Double(i) * 0.0009
            switch i % 10_000 {
            case 2_000: lines.append(#"{"t":\#(t),"type":"position","x":760,"y":160}"#)
            case 2_001: lines.append(#"{"t":\#(t),"type":"button","button":"secondary","state":"pressed"}"#)
            case 2_002: lines.append(#"{"t":\#(t),"type":"button","button":"secondary","state":"released"}"#)
            case 2_500: lines.append(#"{"t":\#(t),"type":"button","button":"primary","state":"pressed"}"#)
            case 2_501: lines.append(#"{"t":\#(t),"type":"button","button":"primary","state":"released"}"#)
            case 5_000: lines.append(#"{"t":\#(t),"type":"modifiers","keys":["ctrl"]}"#)
            case 5_400: lines.append(#"{"t":\#(t),"type":"modifiers","keys":[]}"#)
            case let k where k % 500 == 250:
                lines.append(#"{"t":\#(t),"type":"scroll","dx":0,"dy":-8,"source":"finger"}"#)
            case let k where k % 4 == 1:
                lines.append(#"{"t":\#(t),"type":"motion","dx":\#(i % 7 - 3),"dy":\#(i % 5 - 2)}"#)
            default:
                // A Lissajous sweep over the toolbar, the text area and the icon.
                let x = Int(450 + 420 * sin(a))
                let y = Int(300 + 260 * sin(1.7 * a))
                lines.append(#"{"t":\#(t),"type":"position","x":\#(x),"y":\#(y)}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let warmUp = [
        #"{"t":0.0,"type":"position","x":60,"y":40}"#,
        #"{"t":0.2,"type":"position","x":300,"y":300}"#,
        #"{"t":0.4,"type":"position","x":760,"y":160}"#,
        #"{"t":0.6,"type":"button","button":"secondary","state":"pressed"}"#,
        #"{"t":0.65,"type":"button","button":"secondary","state":"released"}"#,
        #"{"t":1.2,"type":"button","button":"primary","state":"pressed"}"#,
        #"{"t":1.25,"type":"button","button":"primary","state":"released"}"#,
        #"{"t":1.6,"type":"modifiers","keys":["ctrl"]}"#,
        #"{"t":1.8,"type":"modifiers","keys":[]}"#,
        #"{"t":2.3,"type":"wait"}"#,
    ]

    @Test(
        "200 000 events on headless sway: resident memory within 5 MB from early to late, open file descriptors constant"
    )
    func twoHundredThousandEvents() throws {
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
        // Default (input) pacing: input is drawn as it comes; the socket is read
        // meanwhile on the overlay's reader thread.
        let overlay = try OverlayProcess(arguments: ["run", scene, "--stats"], environment: sway.environment)
        defer { overlay.interrupt() }
        guard overlay.waitForLog("first frame shown") else {
            throw TestEnvironment.Failure(
                "the overlay showed no frame within 15 s. Log:\n\(overlay.log)\n\(sway.logTail)")
        }
        let dir = try TestEnvironment.privateDirectory("ap-soak")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Every path once, slowly, before the stream: the first context menu loads its
        // font (fontconfig takes a few hundred ms in a debug build), and a client that
        // stops reading that long under a 10 kHz stream is disconnected by the compositor.
        try Self.warmUp.joined(separator: "\n").write(toFile: dir + "/warm-up.jsonl", atomically: true, encoding: .utf8)
        let warmed = try TestEnvironment.run(
            try TestEnvironment.executable("wayland-input-player"), [dir + "/warm-up.jsonl"],
            environment: sway.environment, timeout: 30)
        #expect(warmed.status == 0, "wayland-input-player failed: \(warmed.output)")
        let events = 200_000
        try Self.script(events: events).write(toFile: dir + "/script.jsonl", atomically: true, encoding: .utf8)

        let player = Process()
        player.executableURL = URL(fileURLWithPath: try TestEnvironment.executable("wayland-input-player"))
        player.arguments = [dir + "/script.jsonl"]
        player.environment = sway.environment
        let playerLog = dir + "/player.log"
        _ = FileManager.default.createFile(atPath: playerLog, contents: nil)
        player.standardOutput = FileHandle(forWritingAtPath: playerLog)
        player.standardError = FileHandle(forWritingAtPath: playerLog)
        let start = Date()
        var samples: [Sample] = []
        if let s = Self.sample(overlay.pid, at: 0) { samples.append(s) }
        try player.run()
        while player.isRunning {
            usleep(500_000)
            if Date().timeIntervalSince(start) > 300 { kill(player.processIdentifier, SIGKILL) }
            if let s = Self.sample(overlay.pid, at: Date().timeIntervalSince(start)) { samples.append(s) }
        }
        player.waitUntilExit()
        let played = Date().timeIntervalSince(start)
        // Let the overlay drain what is queued and settle, then the last sample.
        usleep(1_500_000)
        let last = try #require(
            Self.sample(overlay.pid, at: Date().timeIntervalSince(start)),
            "the overlay is gone. Log:\n\(overlay.log)\n\(sway.logTail)")
        samples.append(last)
        let playerOutput = (try? String(contentsOfFile: playerLog, encoding: .utf8)) ?? ""
        #expect(player.terminationStatus == 0, "wayland-input-player failed: \(playerOutput)")
        #expect(overlay.isRunning, "the overlay stopped. Log:\n\(overlay.log)")

        // Early: a fifth into the run (buffers, caches and the latency ring warmed up).
        let early = try #require(samples.first { $0.seconds >= played / 5 } ?? samples.first)
        let growth = last.rssKiB - early.rssKiB
        let fdCounts = samples.filter { $0.seconds >= early.seconds }.map(\.fds)
        let code = overlay.interrupt(SIGTERM)
        let stats = overlay.log.split(separator: "\n").filter { $0.contains("samples") }.joined(separator: "; ")
        print(
            "sway soak: \(events) events played in \(String(format: "%.1f", played)) s; RSS at start \(samples[0].rssKiB) KiB, "
                + "early \(early) → last \(last) (growth \(growth) KiB); fds \(fdCounts.min() ?? 0)…\(fdCounts.max() ?? 0) over \(fdCounts.count) samples; \(stats)"
        )
        #expect(code == 0, "exit status \(String(describing: code)). Log:\n\(overlay.log)")
        #expect(
            abs(growth) <= 5 * 1024,
            "RSS went from \(early) to \(last): \(growth) KiB. Samples:\n\(samples.map(\.description).joined(separator: "\n"))"
        )
        // No leak: as many descriptors at the end as early on. In between a sample may
        // catch the memfd of a new shm buffer for the pointer's layer (open until
        // the pool is created, and its copy queued until libwayland flushes).
        #expect(
            last.fds == early.fds && (fdCounts.max() ?? 0) <= early.fds + 2,
            "open descriptors changed (now \(Self.descriptors(overlay.pid))): \(samples.map(\.description).joined(separator: "\n"))"
        )
        // It really handled the stream: thousands of events made it to the screen.
        let committed =
            overlay.log.split(separator: "\n").first { $0.contains("event→commit") }
            .flatMap { $0.split(separator: "(").last?.split(separator: " ").first.flatMap { Int($0) } } ?? 0
        #expect(committed > 1000, "only \(committed) events reached a frame. Log:\n\(overlay.log)")
    }

    /// A screenshot of the whole output, taken now.
    static func screenshot(_ path: String, _ sway: HeadlessCompositor) throws -> Screenshot {
        let grim = try TestEnvironment.run(
            try TestEnvironment.tool("grim", package: "grim"), [path], environment: sway.environment)
        guard grim.status == 0 else { throw TestEnvironment.Failure("grim failed: \(grim.output)") }
        return try Screenshot(path: path)
    }

    /// Screenshots until two in a row, `interval` apart, are the same: a settled
    /// frame, however slowly the overlay draws. nil after `timeout` s.
    static func settledScreenshot(
        _ dir: String, _ name: String, _ sway: HeadlessCompositor,
        interval: Double = 0.7, timeout: Double = 30
    ) throws -> Screenshot? {
        let deadline = Date().addingTimeInterval(timeout)
        var previous = try screenshot(dir + "/\(name)-0.png", sway)
        var taken = 1
        while Date() < deadline {
            usleep(useconds_t(interval * 1e6))
            let next = try screenshot(dir + "/\(name)-\(taken).png", sway)
            taken += 1
            if next.changedBounds(from: previous, in: (0, 0, next.width, next.height)) == nil { return next }
            previous = next
        }
        return nil
    }

    @Test(
        "a starved overlay (every frame held 300 ms) under a 2.5 kHz stream stays connected, and its pointer ends where the input left it"
    )
    func starvedOverlayStaysConnected() throws {
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let scene = TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json").path
        // Every frame holds the loop thread 300 ms, as on a starved CPU: 750 events of
        // the stream arrive meanwhile, and sway cuts off a client that leaves about
        // 400 unread (before the socket was read on a thread of its own, it did).
        var environment = sway.environment
        environment["AP_SLOW_FRAME_MS"] = "300"
        let overlay = try OverlayProcess(arguments: ["run", scene], environment: environment)
        defer { overlay.interrupt() }
        guard overlay.waitForLog("first frame shown") else {
            throw TestEnvironment.Failure(
                "the overlay showed no frame within 15 s. Log:\n\(overlay.log)\n\(sway.logTail)")
        }
        let dir = try TestEnvironment.privateDirectory("ap-starved")
        // Screenshots are removed afterwards; AP_KEEP_SHOTS=1 keeps them to look at.
        defer {
            if ProcessInfo.processInfo.environment["AP_KEEP_SHOTS"] == nil {
                try? FileManager.default.removeItem(atPath: dir)
            }
        }
        /// Plays `lines` in the background, then holds its virtual pointer for a
        /// minute: a player that exits takes its device with it, and sway then
        /// says the pointer left the overlay, which hides it.
        func play(_ name: String, _ lines: String, until end: Double) throws -> Process {
            try (lines + #"{"t":\#(end + 60),"type":"wait"}"#).write(
                toFile: "\(dir)/\(name).jsonl", atomically: true, encoding: .utf8)
            let player = Process()
            player.executableURL = URL(fileURLWithPath: try TestEnvironment.executable("wayland-input-player"))
            player.arguments = ["\(dir)/\(name).jsonl"]
            player.environment = sway.environment
            player.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            try player.run()
            return player
        }
        let target = (x: 1000, y: 600)
        let window = (x: 1000 - 90, y: 600 - 90, w: 180, h: 180)
        // The reference: the pointer well above the target, on a settled screen.
        let away = try play("away", #"{"t":0.0,"type":"position","x":1000,"y":300}"# + "\n", until: 0)
        defer { if away.isRunning { kill(away.processIdentifier, SIGKILL) } }
        let reference = try #require(try Self.settledScreenshot(dir, "away", sway), "the screen never settled")
        kill(away.processIdentifier, SIGKILL) // the player blocks SIGTERM until its script ends
        away.waitUntilExit()
        // 20 000 events (8 s at 2.5 kHz), ending at the target.
        let events = 20_000
        let end = Double(events) * Self.interval
        let stream = try play(
            "stream",
            Self.script(events: events)
                + #"{"t":\#(end),"type":"position","x":\#(target.x),"y":\#(target.y)}"# + "\n", until: end)
        defer { if stream.isRunning { kill(stream.processIdentifier, SIGKILL) } }
        usleep(useconds_t(end * 1e6)) // at least the stream's length; then until the screen settles
        #expect(overlay.isRunning, "sway cut the overlay off. Log:\n\(overlay.log)\n\(sway.logTail)")
        guard overlay.isRunning else { return }
        let settled = try #require(try Self.settledScreenshot(dir, "end", sway), "the pointer never came to rest")
        #expect(stream.isRunning, "wayland-input-player failed (exit \(stream.terminationStatus))")
        #expect(overlay.isRunning, "sway cut the overlay off. Log:\n\(overlay.log)\n\(sway.logTail)")
        let found = settled.changedBounds(from: reference, in: window)
        let fp = try #require(found, "no pointer drawn at the target (screenshots in \(dir)). Log:\n\(overlay.log)")
        #expect(
            abs(fp.x + fp.w / 2 - target.x) <= 4 && abs(fp.y + fp.h / 2 - target.y) <= 4,
            "the pointer rests at \(fp), not at the input's last position \(target)")
        #expect(overlay.interrupt() == 0, "Log:\n\(overlay.log)")
    }

    @Test(
        "hot reload under abuse: saved in pieces, deleted, a directory, symlinks swapped (to a scene elsewhere, /dev/zero, a loop): each reported, the last good scene kept running, every good scene loaded"
    )
    func reloadAbuse() throws {
        let sway = try HeadlessCompositor(.sway)
        defer { sway.stop() }
        let dir = try TestEnvironment.privateDirectory("ap-abuse")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/scene.json"
        let good = try String(
            contentsOf: TestEnvironment.fixtures.appendingPathComponent("e2e-scene.json"), encoding: .utf8)
        func named(_ name: String) -> String { good.replacingOccurrences(of: "\"End-to-end\"", with: "\"\(name)\"") }
        try good.write(toFile: scene, atomically: false, encoding: .utf8)
        let overlay = try OverlayProcess(arguments: ["run", scene], environment: sway.environment)
        defer { overlay.interrupt() }
        guard overlay.waitForLog("first frame shown") else {
            throw TestEnvironment.Failure(
                "the overlay showed no frame within 15 s. Log:\n\(overlay.log)\n\(sway.logTail)")
        }
        func count(_ text: String) -> Int { overlay.log.components(separatedBy: text).count - 1 }
        /// Does `action`, then waits for one more `marker` line; what it logged must hold `detail`.
        func step(_ name: String, _ marker: String, _ detail: String, _ action: () throws -> Void) rethrows {
            let before = count(marker)
            let seen = overlay.log.count
            try action()
            let arrived = TestEnvironment.wait(timeout: 10) { count(marker) > before || !overlay.isRunning }
            let added = String(overlay.log.dropFirst(seen))
            #expect(arrived && count(marker) > before, "\(name): no \"\(marker)\". Log:\n\(overlay.log)")
            #expect(added.contains(detail), "\(name): \"\(detail)\" not said. New log:\n\(added)")
            #expect(overlay.isRunning, "\(name): the overlay stopped. Log:\n\(overlay.log)")
        }
        let bad = "keeping the last good one"
        let ok = "reloaded"
        // Saved in pieces: the first half is closed (an editor flushing), then the whole.
        let two = named("Two")
        try step("half written", bad, "invalid JSON") {
            try String(two.prefix(two.count / 2)).write(toFile: scene, atomically: false, encoding: .utf8)
        }
        try step("whole", ok, ok) { try two.write(toFile: scene, atomically: false, encoding: .utf8) }
        step("deleted", bad, "no such file") { unlink(scene) }
        step("a directory", bad, "it is a directory") { mkdir(scene, 0o755) }
        // A link to a scene in another directory; that scene then saved by rename.
        mkdir(dir + "/elsewhere", 0o755)
        try named("Three").write(toFile: dir + "/elsewhere/real.json", atomically: false, encoding: .utf8)
        step("a link to another scene", ok, ok) {
            rmdir(scene)
            symlink("elsewhere/real.json", scene)
        }
        /// Swaps the link atomically (a new link renamed over it).
        func relink(_ target: String) {
            symlink(target, dir + "/.link")
            rename(dir + "/.link", scene)
        }
        step("a link to /dev/zero", bad, "character device") { relink("/dev/zero") }
        step("the link back", ok, ok) { relink("elsewhere/real.json") }
        try step("the link's target saved by rename", ok, ok) {
            try named("Four").write(toFile: dir + "/elsewhere/.real.json.tmp", atomically: false, encoding: .utf8)
            rename(dir + "/elsewhere/.real.json.tmp", dir + "/elsewhere/real.json")
        }
        step("a link to itself", bad, "symbolic links") { relink("scene.json") }
        try step("a good file again", ok, ok) {
            unlink(scene)
            try named("Five").write(toFile: scene, atomically: false, encoding: .utf8)
        }
        #expect(overlay.interrupt() == 0, "Log:\n\(overlay.log)")
    }
}
