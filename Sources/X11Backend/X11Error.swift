import PointerCore
import PointerHost

/// Errors a user of the X11 backend can meet; each says what failed and how to fix it.
public enum X11Error: Error, CustomStringConvertible, Equatable {
    case cannotConnect(display: String, code: Int32)
    /// The X server took the connection but never answered (its setup or a first request).
    case noAnswer(display: String, seconds: Double)
    case missingExtension(String, need: String)
    case noARGBVisual
    case noMonitor(requested: String?, available: [String])
    case requestFailed(String, code: UInt8)
    case connectionLost(code: Int32)

    public var description: String {
        switch self {
        case .cannotConnect(let display, let code):
            return "cannot connect to the X server at DISPLAY='\(TerminalText.echo(display))' (xcb error \(code)). "
                + "Start an X server or set DISPLAY (e.g. DISPLAY=:0), or use '--backend wayland'."
        case .noAnswer(let display, let seconds):
            return
                "the X server at DISPLAY='\(TerminalText.echo(display))' accepted the connection but did not answer within "
                + "\(Int(seconds)) s; gave up. Check that the X server is running and not stopped or hung, "
                + "or set DISPLAY to one that is (e.g. DISPLAY=:0), or use '--backend wayland'."
        case .missingExtension(let name, let need):
            return "the X server lacks the \(name) extension (\(need) needed). "
                + "Use an Xorg/Xvfb server from 2012 or later, or '--backend wayland'."
        case .noARGBVisual:
            return "the X server offers no 32-bit ARGB visual, which the overlay needs. "
                + "Use '--mode stage' instead."
        case .noMonitor(let requested, let available):
            if let requested {
                return "no monitor named '\(requested)'. Available: \(available.joined(separator: ", ")). "
                    + "Pass one of them to '--output'."
            }
            return "the X server reports no active monitor (xrandr --listmonitors is empty)."
        case .requestFailed(let what, let code):
            return "the X server refused \(what) (X error \(code))."
        case .connectionLost(let code):
            return "lost the connection to the X server (xcb error \(code))."
        }
    }
}

extension X11Error {
    /// `run`'s exit status for this failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotConnect, .noAnswer: return .cannotConnect
        case .connectionLost: return .connectionLost
        case .requestFailed: return .protocolError
        case .missingExtension, .noARGBVisual, .noMonitor: return .missingFeature
        }
    }
}
