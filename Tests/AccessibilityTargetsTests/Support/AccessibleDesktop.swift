import CXCB
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A private X server with an accessibility bus and the GTK test application,
/// as a desktop session has them: Xvfb, a D-Bus session bus, at-spi-bus-launcher,
/// then `a11y-test-app.py` started with GTK_A11Y=atspi.
final class AccessibleDesktop {
    let xvfb: BackgroundProcess
    let bus: BackgroundProcess
    let launcher: BackgroundProcess
    var apps: [BackgroundProcess] = []
    /// Overlays live as long as the desktop (a test may not hold on to one).
    var overlays: [BackgroundProcess] = []
    var compositor: BackgroundProcess?
    let display: String
    let busAddress: String
    let connection: OpaquePointer

    static let appScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/a11y-test-app.py").path

    var environment: [String: String] {
        [
            "DISPLAY": display, "WAYLAND_DISPLAY": "", "DBUS_SESSION_BUS_ADDRESS": busAddress, "GTK_A11Y": "atspi",
            "NO_AT_BRIDGE": "0", "XDG_SESSION_TYPE": "x11",
        ]
    }

    init(compositor withCompositor: Bool = false, screen: String = "1280x800x24") throws {
        let xvfb = try BackgroundProcess(
            try BackgroundProcess.tool("Xvfb", package: "xvfb"),
            ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"], name: "Xvfb")
        self.xvfb = xvfb
        var number: String?
        _ = BackgroundProcess.wait(timeout: 15) {
            number = xvfb.log.split(separator: "\n").first { Int($0.trimmingCharacters(in: .whitespaces)) != nil }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return number != nil
        }
        guard let number else { throw BuiltProducts.Missing(description: "Xvfb did not start: \(xvfb.log)") }
        display = ":" + number
        let bus = try BackgroundProcess(
            try BackgroundProcess.tool("dbus-daemon", package: "dbus"),
            ["--session", "--nofork", "--print-address=1"], name: "dbus")
        self.bus = bus
        var address: String?
        _ = BackgroundProcess.wait(timeout: 10) {
            address = bus.log.split(separator: "\n").first { $0.hasPrefix("unix:") }.map(String.init)
            return address != nil
        }
        guard let address else { throw BuiltProducts.Missing(description: "dbus-daemon did not start: \(bus.log)") }
        busAddress = address
        let env = ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address]
        launcher = try BackgroundProcess(
            try BackgroundProcess.tool("at-spi-bus-launcher", package: "at-spi2-core"),
            ["--launch-immediately"], environment: env, name: "at-spi")
        guard let c = xcb_connect(display, nil), xcb_connection_has_error(c) == 0 else {
            throw BuiltProducts.Missing(description: "cannot connect to \(display)")
        }
        connection = c
        _ = try ChildRun("/usr/bin/xset", ["m", "1", "1"], environment: env)
        if withCompositor {
            compositor = try BackgroundProcess(
                try BackgroundProcess.tool("picom", package: "picom"),
                ["--config", "/dev/null", "--backend", "xrender", "--no-fading-openclose"],
                environment: env, name: "picom")
            usleep(800_000)
        }
        usleep(500_000)
    }

    deinit {
        for o in overlays { o.stop(signal: SIGINT) }
        for a in apps {
            a.send("quit")
            a.stop()
        }
        compositor?.stop()
        // The launcher's accessibility bus (a dbus-daemon) blocks SIGTERM and
        // outlives it: end it by its id first, or every test leaves one behind.
        for child in Self.children(of: launcher.pid) { kill(child, SIGKILL) }
        launcher.stop()
        bus.stop()
        xcb_disconnect(connection)
        xvfb.stop()
    }

    /// The processes whose parent is `pid` (from /proc).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { p in
            guard let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // "pid (comm) state ppid …": the comm may hold spaces, so count after its ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Starts the GTK test application; returns once it reports its window.
    @discardableResult
    func startApp(
        title: String = "A11y test", x: Int = 100, y: Int = 100, arguments: [String] = [],
        extra: [String: String] = [:]
    ) throws -> BackgroundProcess {
        var env = environment
        for (k, v) in extra { env[k] = v }
        let app = try BackgroundProcess(
            "/usr/bin/python3", [Self.appScript, title, "\(x)", "\(y)"] + arguments, environment: env, name: "gtk-app")
        apps.append(app)
        guard app.waitFor("ready", timeout: 20) else {
            throw BuiltProducts.Missing(description: "the GTK app did not start: \(app.log)")
        }
        return app
    }

    /// Starts `adaptive-pointer run ARGS --backend x11` and waits for its targets.
    func startOverlay(
        _ arguments: [String], waitFor text: String = "accessibility targets on",
        extra: [String: String] = [:]
    ) throws -> BackgroundProcess {
        var env = environment
        for (k, v) in extra { env[k] = v }
        let overlay = try BackgroundProcess(
            try BuiltProducts.executable(), ["run"] + arguments + ["--backend", "x11"],
            environment: env, name: "overlay")
        overlays.append(overlay)
        guard overlay.waitFor(text, timeout: 20) else {
            throw BuiltProducts.Missing(description: "the overlay never said '\(text)': \(overlay.log)")
        }
        return overlay
    }

    func xdotool(_ args: String...) throws { try xdotool(args) }

    func xdotool(_ args: [String]) throws {
        let r = try ChildRun(try BackgroundProcess.tool("xdotool", package: "xdotool"), args, environment: environment)
        guard r.status == 0 else { throw BuiltProducts.Missing(description: "xdotool \(args): \(r.stderr)") }
    }

    func pointer() -> (x: Int, y: Int) {
        guard let r = xcb_query_pointer_reply(connection, xcb_query_pointer(connection, root), nil) else {
            return (-1, -1)
        }
        defer { free(r) }
        return (Int(r.pointee.root_x), Int(r.pointee.root_y))
    }

    /// Moves the pointer as a hand moves a mouse: relative steps of up to
    /// 20 px, slowing to 1 px steps for the last 12 px, so it arrives without a
    /// flick (a flick glides on, B12, and is tested elsewhere).
    func glide(to x: Int, _ y: Int) throws {
        for _ in 0..<300 {
            let p = pointer()
            let dx = x - p.x
            let dy = y - p.y
            if dx == 0 && dy == 0 { return }
            let far = max(abs(dx), abs(dy)) > 12
            let limit = far ? 20 : 1
            let sx = max(-limit, min(limit, dx))
            let sy = max(-limit, min(limit, dy))
            try xdotool("mousemove_relative", "--", "\(sx)", "\(sy)")
            usleep(far ? 8_000 : 25_000)
        }
    }

    var root: xcb_window_t { xcb_setup_roots_iterator(xcb_get_setup(connection)).data.pointee.root }

    /// 0xRRGGBB pixels of a root rectangle.
    func capture(x: Int, y: Int, width: Int, height: Int) -> [UInt32] {
        let cookie = xcb_get_image(
            connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), root, Int16(x), Int16(y),
            UInt16(width), UInt16(height), UInt32.max)
        guard let reply = xcb_get_image_reply(connection, cookie, nil) else { return [] }
        defer { free(reply) }
        guard let bytes = xcb_get_image_data(reply) else { return [] }
        let px = UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt32.self)
        return (0..<(width * height)).map { px[$0] & 0xFF_FFFF }
    }

    /// Bounding box (relative to x, y) of the pixels that differ between two captures.
    static func changedBounds(_ a: [UInt32], _ b: [UInt32], width: Int, threshold: Int = 12) -> (
        x: Int, y: Int, w: Int, h: Int
    )? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for i in 0..<min(a.count, b.count) {
            let p = a[i]
            let q = b[i]
            let d = max(
                abs(Int(p >> 16 & 0xff) - Int(q >> 16 & 0xff)), abs(Int(p >> 8 & 0xff) - Int(q >> 8 & 0xff)),
                abs(Int(p & 0xff) - Int(q & 0xff)))
            guard d > threshold else { continue }
            let x = i % width
            let y = i / width
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
