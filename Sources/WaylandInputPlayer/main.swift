import CWaylandClient
import Foundation
import PointerHost

// wayland-input-player: test support for the end-to-end suites. Plays a
// script of input (the trace format, docs/trace-format.md, plus two extension
// lines) into a wlroots compositor through a virtual pointer and a virtual
// keyboard, or into KWin through its fake input (no screenshot step there), the
// way a real device would deliver it:
//
//   {"t":0.0,"type":"position","x":400,"y":300}      absolute move (pt in the layout)
//   {"t":0.1,"type":"motion","dx":5,"dy":0}           relative move
//   {"t":0.2,"type":"button","button":"secondary","state":"pressed"}
//   {"t":0.3,"type":"scroll","dx":0,"dy":-12,"source":"finger"}
//   {"t":0.4,"type":"modifiers","keys":["ctrl"]}      hold exactly these keys
//   {"t":0.45,"type":"key","key":"escape"}            tap a key (held modifiers stay held)
//   {"t":0.5,"type":"screenshot","path":"/tmp/a.png","settle":0.3}   wait, then grim
//   … "still":true                                                     then again until two agree
//   {"t":0.6,"type":"wait"}                           just pace
//
// usage: wayland-input-player SCRIPT [--extent WxH]   (WAYLAND_DISPLAY selects the compositor)
#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wayland-input-player: \(message)\n".utf8))
    exit(1)
}

var args = Array(CommandLine.arguments.dropFirst())
var extent = (1280.0, 800.0)
if let i = args.firstIndex(of: "--extent"), i + 1 < args.count {
    let parts = args[i + 1].split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2 else { fail("--extent wants WxH, e.g. 1280x800") }
    extent = (parts[0], parts[1])
    args.removeSubrange(i...(i + 1))
}
guard let scriptPath = args.first else { fail("usage: wayland-input-player SCRIPT [--extent WxH]") }
guard let text = try? String(contentsOfFile: scriptPath, encoding: .utf8) else { fail("cannot read \(scriptPath)") }

do {
    let connection = try PlayerConnection(name: nil)
    // The devices are temporaries of this call: destroyed before the connection.
    if let fakeInput = connection.fakeInput, connection.pointerManager == nil {
        try playScript(input: try FakeInputTarget(fakeInput), connection: connection)
    } else {
        guard let pointerManager = connection.pointerManager, let keyboardManager = connection.keyboardManager,
            let seat = connection.seat
        else { fail("the compositor lacks virtual input") }
        try playScript(
            input: WlrInput(
                pointer: try VirtualPointer(manager: pointerManager, seat: seat, extent: extent),
                keyboard: try VirtualKeyboard(manager: keyboardManager, seat: seat)),
            connection: connection)
    }
    try connection.roundtrip()
    withExtendedLifetime(connection) {}
} catch {
    fail("\(error)")
}

func playScript(input: InputTarget, connection: PlayerConnection) throws {
    try connection.roundtrip()
    let start = MonotonicClock.now()
    var paused = 0.0 // time spent in screenshots does not count against the script's clock
    for (n, line) in text.split(separator: "\n").enumerated() {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        guard let obj = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            let type = obj["type"] as? String
        else { fail("line \(n + 1): not a JSON object with a type") }
        let t = (obj["t"] as? Double) ?? 0
        let wait = start + paused + t - MonotonicClock.now()
        if wait > 0 { usleep(useconds_t(wait * 1e6)) }
        let ms = UInt32(UInt64(MonotonicClock.now() * 1000) & 0xFFFF_FFFF)
        func num(_ k: String) -> Double { (obj[k] as? Double) ?? Double((obj[k] as? Int) ?? 0) }
        switch type {
        case "position": input.moveTo(x: num("x"), y: num("y"), time: ms)
        case "motion": input.move(dx: num("dx"), dy: num("dy"), time: ms)
        case "button":
            input.button(
                obj["button"] as? String ?? "primary", pressed: (obj["state"] as? String) == "pressed", time: ms)
        case "scroll":
            input.scroll(dx: num("dx"), dy: num("dy"), finger: (obj["source"] as? String) != "wheel", time: ms)
        case "modifiers": input.hold(Set(obj["keys"] as? [String] ?? []), time: ms)
        case "key":
            guard input.tap(obj["key"] as? String ?? "", time: ms) else {
                fail("line \(n + 1): key must be one of \(VirtualKeyboard.tapKeycodes.keys.sorted())")
            }
        case "screenshot":
            try connection.roundtrip()
            let began = MonotonicClock.now()
            let settle = (obj["settle"] as? Double) ?? 0.3
            usleep(useconds_t(settle * 1e6))
            guard let path = obj["path"] as? String else { fail("line \(n + 1): screenshot needs a path") }
            try capture(path)
            // "still": on a busy machine the frame may not be there yet: capture
            // every 100 ms until two in a row agree (at most 5 s more).
            if obj["still"] as? Bool == true {
                var previous = FileManager.default.contents(atPath: path)
                let deadline = MonotonicClock.now() + 5
                while MonotonicClock.now() < deadline {
                    usleep(100_000)
                    try capture(path)
                    let now = FileManager.default.contents(atPath: path)
                    if now == previous { break }
                    previous = now
                }
            }
            paused += MonotonicClock.now() - began
        case "wait", "lift", "hold", "pinch", "swipe", "leave": break // not injectable through these protocols
        default: fail("line \(n + 1): unknown type '\(type)'")
        }
        // A full socket buffer (EAGAIN: the compositor is busy) is waited out, not a lost connection.
        while wl_display_flush(connection.display) < 0 {
            guard errno == EAGAIN else { fail("lost the connection to the compositor") }
            var pfd = pollfd(fd: wl_display_get_fd(connection.display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, 1000)
        }
    }
    try connection.roundtrip()
    withExtendedLifetime(input) {}
}

/// A screenshot of every output into `path` (grim).
func capture(_ path: String) throws {
    let grim = Process()
    grim.executableURL = URL(fileURLWithPath: "/usr/bin/grim")
    grim.arguments = [path]
    try grim.run()
    grim.waitUntilExit()
    guard grim.terminationStatus == 0 else { fail("grim failed (\(grim.terminationStatus)) for \(path)") }
}
