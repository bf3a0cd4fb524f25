/// Every exit status the program gives, named once. `run --help` and the man
/// page (docs/adaptive-pointer.1, EXIT STATUS) list them for users.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// `validate` or `lint` found errors, a command's input or output failed,
    /// or `run` had no display (a headless render was made instead).
    case failure = 1
    /// `run`: the scene could not be found, loaded or drawn.
    case sceneNotLoaded = 2
    /// No connection to the display server, or no answer within 5 s.
    case cannotConnect = 3
    /// The display server or the companion went away.
    case connectionLost = 4
    case protocolError = 5
    /// The display server lacks something the overlay needs, or `--output` names no output.
    case missingFeature = 6
    /// A pass-through scene on Wayland without a running companion.
    case needsCompanion = 7
    /// A bad command line (sysexits' EX_USAGE, what the argument parser gives).
    case usage = 64
    /// Ended by SIGINT or SIGTERM (128 + the signal).
    case interrupted = 130
    case terminated = 143
}
