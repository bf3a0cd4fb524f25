import Foundation
import PointerCore
import PointerHost
import Testing

/// The companion's lines (docs/companion-protocol.md), read as the overlay reads them.
@Suite struct CompanionMessageTests {
    @Test("A pointer line gives the position, the monotonic time in seconds, buttons and modifier keys")
    func pointer() throws {
        let m = try CompanionMessage.parse("pointer 1234567890 640.5 400 5 6")
        #expect(m == .pointer(time: 1234.56789, at: Point(x: 640.5, y: 400), buttons: 5, modifiers: [.ctrl, .alt]))
    }

    @Test("Windows and monitors arrive as JSON; the buffer defaults to the frame")
    func layout() throws {
        let w = try CompanionMessage.parse(
            #"windows [{"id":3,"pid":42,"title":"Files","frame":[10,20,300,200],"buffer":[0,10,320,220],"overlay":false},{"id":4,"pid":7,"title":"AdaptivePointer overlay on Virtual-1","frame":[0,0,1280,800],"overlay":true}]"#
        )
        guard case .windows(let list)? = w else {
            Issue.record("not windows: \(String(describing: w))")
            return
        }
        #expect(list.count == 2)
        #expect(list[0].buffer == Rect(x: 0, y: 10, width: 320, height: 220))
        #expect(list[1].isOverlay && list[1].buffer == list[1].frame)
        let m = try CompanionMessage.parse(
            #"monitors [{"x":0,"y":0,"width":1280,"height":800,"scale":2,"connector":"Virtual-1"}]"#)
        #expect(
            m
                == .monitors([
                    CompanionMonitor(
                        frame: Rect(x: 0, y: 0, width: 1280, height: 800), scale: 2, connector: "Virtual-1")
                ]))
    }

    @Test("Bad lines are errors that say what is wrong; unknown ones are ignored so the companion can grow")
    func badLines() {
        #expect(throws: CompanionMessage.ParseError.self) { try CompanionMessage.parse("pointer 1 nan 3 0 0") }
        #expect(throws: CompanionMessage.ParseError.self) { try CompanionMessage.parse("pointer 1 2") }
        #expect(throws: CompanionMessage.ParseError.self) { try CompanionMessage.parse("windows {\"not\":\"a list\"}") }
        #expect(throws: CompanionMessage.ParseError.self) {
            try CompanionMessage.parse(#"windows [{"frame":[0,0,-5,3]}]"#)
        }
        #expect((try? CompanionMessage.parse("sparkles 1 2 3")) == .some(nil))
    }

    @Test("The link greets, reads lines split across writes, and reports the companion going away")
    func linkOverSocket() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ap-companion-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("c.sock").path
        let server = try FakeCompanion(path: path)
        let serverThread = Thread {
            server.acceptAndGreet(then: [
                "pointer 10000", "00 5 6 1 0\nmonitors [{\"x\":0,\"y\":0,\"width\":800,\"height\":600}]\n",
            ])
        }
        serverThread.start()
        let link = try CompanionLink(path: path)
        #expect(link.shell == "gnome-shell" && link.shellVersion == "43.9")
        let loop = try EventLoop()
        var got: [CompanionMessage] = []
        var closed: String?
        link.onMessage = { got.append($0) }
        link.onClosed = {
            closed = $0
            loop.stop(exitCode: 0)
        }
        link.attach(to: loop)
        link.send("cursor hidden")
        _ = try loop.run()
        #expect(got.first == .pointer(time: 1, at: Point(x: 5, y: 6), buttons: 1, modifiers: []))
        #expect(got.count == 2)
        #expect(closed != nil)
        #expect(server.received.contains("hello adaptive-pointer 1 \(getpid())"))
        #expect(server.received.contains("cursor hidden"))
    }

    @Test("Nothing listening is `notRunning` (the overlay then says to install the companion); a busy one says so")
    func notRunningAndBusy() throws {
        #expect {
            try CompanionLink(path: "/nonexistent/ap-companion.sock")
        } throws: { error in
            if case CompanionLink.LinkError.notRunning = error { return true }
            return false
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ap-busy-\(getpid()).sock").path
        let server = try FakeCompanion(path: path)
        defer { unlink(path) }
        let t = Thread { server.acceptAndSay("busy\n") }
        t.start()
        #expect {
            try CompanionLink(path: path)
        } throws: { error in
            if case CompanionLink.LinkError.busy = error { return true }
            return false
        }
    }
}

/// A companion stand-in on a real Unix socket: greets, sends chunks, reads what the overlay says, closes.
final class FakeCompanion: @unchecked Sendable {
    let fd: Int32
    private let lock = NSLock()
    private var lines: [String] = []
    var received: [String] { lock.withLock { lines } }

    init(path: String) throws {
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(fd) }

    func acceptAndSay(_ text: String) {
        let c = accept(fd, nil, nil)
        _ = text.withCString { send(c, $0, strlen($0), 0) }
        usleep(100_000)
        close(c)
    }

    func acceptAndGreet(then chunks: [String]) {
        let c = accept(fd, nil, nil)
        _ = "hello gnome-shell 43.9 1\n".withCString { send(c, $0, strlen($0), 0) }
        for chunk in chunks {
            usleep(30_000)
            _ = chunk.withCString { send(c, $0, strlen($0), 0) }
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var text = ""
        let until = Date().addingTimeInterval(1)
        while Date() < until && !text.contains("cursor hidden") {
            var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { break }
            if p.revents & Int16(POLLIN) != 0 {
                let n = recv(c, &buffer, buffer.count, 0)
                if n <= 0 { break }
                text += String(decoding: buffer[0..<n], as: UTF8.self)
            }
        }
        lock.withLock { lines = text.split(separator: "\n").map(String.init) }
        close(c)
    }
}
