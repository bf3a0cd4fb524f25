import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private Xvfb on a free display number (picked by Xvfb itself through
/// -displayfd), optionally with picom as compositing manager. Stopped on release.
final class XvfbServer {
    let display: String
    private let server: ChildProcess
    private var compositor: ChildProcess?

    init(width: Int = 1280, height: Int = 800, compositor withCompositor: Bool = false) throws {
        guard let xvfb = which("Xvfb") else { throw MissingTool(tool: "Xvfb", package: "xvfb") }
        // -displayfd 1: Xvfb picks a free display and prints its number on stdout.
        let server = try ChildProcess(
            xvfb,
            [
                "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
                "-nolisten", "tcp", "-noreset", "+extension", "RANDR",
            ], name: "Xvfb")
        self.server = server
        var number: String?
        _ = ChildProcess.wait(timeout: 15) {
            let firstLine = server.log.split(separator: "\n").first {
                Int($0.trimmingCharacters(in: .whitespaces)) != nil
            }
            number = firstLine.map { $0.trimmingCharacters(in: .whitespaces) }
            return number != nil || !server.isRunning
        }
        guard let number else {
            throw XvfbError.didNotStart(log: server.log)
        }
        display = ":" + number
        if withCompositor { try startCompositor() }
    }

    /// Starts picom and waits until it owns _NET_WM_CM_S0.
    func startCompositor() throws {
        guard let picom = which("picom") else { throw MissingTool(tool: "picom", package: "picom") }
        let comp = try ChildProcess(
            picom, ["--config", "/dev/null", "--backend", "xrender", "--no-fading-openclose"],
            environment: ["DISPLAY": display], name: "picom")
        compositor = comp
        let display = display
        let owned = ChildProcess.wait(timeout: 10) {
            (try? XTestClient(display: display))?.selectionOwned("_NET_WM_CM_S0") ?? false
        }
        if !owned { throw XvfbError.compositorDidNotStart(log: comp.log) }
    }

    deinit {
        compositor?.stop()
        server.stop()
    }

    var serverPID: Int32 { server.pid }

    var environment: [String: String] { ["DISPLAY": display, "WAYLAND_DISPLAY": ""] }

    func stopCompositor() {
        compositor?.stop()
        compositor = nil
    }
}

enum XvfbError: Error, CustomStringConvertible {
    case didNotStart(log: String)
    case compositorDidNotStart(log: String)
    var description: String {
        switch self {
        case .didNotStart(let log): return "Xvfb did not start within 15 s: \(log)"
        case .compositorDidNotStart(let log): return "picom did not take _NET_WM_CM_S0 within 10 s: \(log)"
        }
    }
}
