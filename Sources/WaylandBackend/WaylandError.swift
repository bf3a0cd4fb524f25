import PointerCore
import PointerHost

/// What can go wrong talking to a compositor, each with the exit code `run`
/// documents (`adaptive-pointer run --help`).
public enum WaylandError: Error, CustomStringConvertible {
    case cannotConnect(display: String, reason: String)
    /// The socket took the connection but the compositor never answered.
    case noAnswer(display: String, seconds: Double)
    case missingGlobal(interface: String, hint: String)
    case connectionLost(reason: String)
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    case noSuchOutput(name: String, available: [String])
    case system(call: String, errno: Int32)
    /// The compositor's companion (GNOME Shell extension) went away.
    case companionLost(reason: String)

    /// Exit codes: 3 connect, 4 connection lost, 5 protocol error, 6 unsupported compositor / output.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotConnect, .noAnswer: return .cannotConnect
        case .connectionLost, .system, .companionLost: return .connectionLost
        case .protocolError: return .protocolError
        case .missingGlobal, .noSuchOutput: return .missingFeature
        }
    }

    public var description: String {
        switch self {
        case .cannotConnect(let display, let reason):
            return "cannot connect to the Wayland display '\(display)': \(reason). "
                + "Check that the compositor is running and WAYLAND_DISPLAY/XDG_RUNTIME_DIR point at its socket."
        case .noAnswer(let display, let seconds):
            return
                "the Wayland display '\(TerminalText.echo(display))' (WAYLAND_DISPLAY) accepted the connection but did not answer "
                + "within \(Int(seconds)) s; gave up. Check that the compositor is running and not stopped or hung, "
                + "or point WAYLAND_DISPLAY (and XDG_RUNTIME_DIR) at a compositor that is."
        case .missingGlobal(let interface, let hint):
            return "the compositor does not offer \(interface), which the overlay needs. \(hint)"
        case .connectionLost(let reason):
            return "lost the connection to the Wayland compositor (\(reason)); it probably exited or restarted. "
                + "Start the overlay again once the session is back."
        case .protocolError(let interface, let id, let code):
            return
                "the compositor reported a protocol error on \(interface)@\(id) (code \(code)) and closed the connection. "
                + "This is a bug in adaptive-pointer or the compositor: please report it with WAYLAND_DEBUG=1 output."
        case .noSuchOutput(let name, let available):
            return
                "no output named '\(name)'. Available: \(available.isEmpty ? "(none reported a name)" : available.joined(separator: ", "))"
        case .companionLost(let reason):
            return "\(reason); the overlay stopped (the system cursor is the shell's again). "
                + "Start it again once the companion is back (`adaptive-pointer companion status gnome`)."
        case .system(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
