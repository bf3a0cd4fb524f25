import Foundation
import PointerCore
import PointerHost
import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// The per-user login entry (XDG autostart): `$XDG_CONFIG_HOME/autostart/
/// adaptive-pointer.desktop`. Opt-in only: nothing is installed system-wide,
/// and the entry starts the pass-through desktop overlay through
/// `adaptive-pointer autostart session`, which checks the session first, so a
/// login never starts something that captures input.
struct AutostartEntry: Sendable {
    static let fileName = "adaptive-pointer.desktop"
    /// Marks entries this program wrote, so `disable` never removes a stranger's file.
    static let marker = "X-AdaptivePointer-Autostart"

    /// The user's autostart folder.
    let directory: URL
    /// System autostart folders ($XDG_CONFIG_DIRS/autostart), where an older
    /// install may have left an entry for every user.
    let systemDirectories: [URL]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        directory = URL(fileURLWithPath: config).appendingPathComponent("autostart")
        let dirs = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        systemDirectories = dirs.map { URL(fileURLWithPath: $0).appendingPathComponent("autostart") }
    }

    var path: URL { directory.appendingPathComponent(Self.fileName) }

    enum State: Equatable, Sendable {
        /// Our entry is there and will start the overlay at login.
        case enabled(exec: String)
        /// No entry of ours.
        case disabled
        /// Our `Hidden=true` entry, switching off a system-wide one for this user.
        case masked
        /// Something of that name that this program did not write, or cannot read
        /// (a directory, a file it may not read, text that is not UTF-8, a file over
        /// the size limit): never changed or removed. `reason` says which.
        case foreign(reason: String)
    }

    func state() -> State {
        var info = stat()
        if lstat(path.path, &info) != 0 {
            // Only a missing entry is "disabled": anything else that fails is not ours to touch.
            return errno == ENOENT ? .disabled : .foreign(reason: InputFile.reason(openErrno: errno))
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path.path, limit: SceneLimits.autostartEntryBytes) } catch {
            return .foreign(reason: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .foreign(reason: "it is not UTF-8 text")
        }
        let fields = Self.fields(text)
        guard fields[Self.marker] != nil else { return .foreign(reason: "it was not written by adaptive-pointer") }
        if fields["Hidden"] == "true" { return .masked }
        return .enabled(exec: fields["Exec"] ?? "")
    }

    /// System-wide entries for every user, left by an older `make install`.
    func systemWideEntries() -> [URL] {
        systemDirectories.map { $0.appendingPathComponent(Self.fileName) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Writes the entry that runs `executable autostart session` at login.
    func enable(executable: String) throws(AutostartError) {
        if case .foreign(let reason) = state() { throw AutostartError.foreignFile(path.path, reason: reason) }
        try write(Self.entry(executable: executable, hidden: false))
    }

    /// Removes our entry. When a system-wide entry exists (older install), a
    /// `Hidden=true` entry of the same name is left instead: per the XDG
    /// autostart rules it switches the system one off for this user.
    /// Returns what was done, for the user.
    func disable(executable: String) throws(AutostartError) -> String {
        let state = state()
        if case .foreign(let reason) = state {
            throw AutostartError.foreignFile(path.path, reason: reason)
        }
        let shown = TerminalText.escaped(path.path)
        if !systemWideEntries().isEmpty {
            try write(Self.entry(executable: executable, hidden: true))
            let system = systemWideEntries().map { TerminalText.escaped($0.path) }
            return "wrote \(shown) with Hidden=true, which switches off \(system.joined(separator: ", ")) for you"
                + " (remove that with root: sudo rm \(system.joined(separator: " ")))"
        }
        guard state != .disabled else { return "autostart was not enabled; nothing to do" }
        // unlink, never a recursive removal: only the regular file read above goes.
        if unlink(path.path) != 0 {
            let e = errno
            if e == ENOENT { return "autostart was not enabled; nothing to do" }
            throw AutostartError.cannotWrite(path.path, reason: InputFile.systemMessage(e))
        }
        return "removed \(shown)"
    }

    private func write(_ text: String) throws(AutostartError) {
        do {
            try OutputDirectory.create(directory.path)
            try OutputFile.write(Array(text.utf8), to: path.path)
        } catch {
            throw AutostartError.cannotWrite(path.path, reason: error.reason)
        }
    }

    static func entry(executable: String, hidden: Bool) -> String {
        let exec = Self.quotedExec(executable) + " autostart session"
        return """
            [Desktop Entry]
            Type=Application
            Name=Adaptive Pointer
            Comment=The adaptive pointer over your applications (X11 sessions; clicks pass through)
            Exec=\(exec)
            TryExec=\(executable)
            Terminal=false
            NoDisplay=true
            X-GNOME-Autostart-enabled=\(hidden ? "false" : "true")
            X-GNOME-Autostart-Delay=2
            \(hidden ? "Hidden=true\n" : "")\(marker)=1

            """
    }

    /// An Exec argument quoted as the Desktop Entry spec asks when it holds
    /// spaces or reserved characters.
    static func quotedExec(_ path: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`")
        guard path.unicodeScalars.contains(where: reserved.contains) else { return path }
        var out = "\""
        for ch in path {
            if "\"`$\\".contains(ch) { out += "\\\\" }
            out.append(ch)
        }
        return out + "\""
    }

    static func fields(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let eq = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            out[line[..<eq].trimmingCharacters(in: .whitespaces)] = line[line.index(after: eq)...].trimmingCharacters(
                in: .whitespaces)
        }
        return out
    }
}

enum AutostartError: Error, CustomStringConvertible {
    /// Something at the entry's path that is not ours, or that cannot be read.
    case foreignFile(String, reason: String)
    case cannotWrite(String, reason: String)

    var description: String {
        switch self {
        case .foreignFile(let path, let reason):
            return TerminalText.escaped(
                "foreign entry, not touched: \(path) (\(TerminalText.clause(reason))). "
                    + "Move or remove it yourself, then run the command again.")
        case .cannotWrite(let path, let reason):
            return TerminalText.escaped(
                "cannot write \(path): \(TerminalText.clause(reason)). Check that the folder exists and is writable.")
        }
    }
}

/// Whether the login session can run a pass-through overlay: an X11 session
/// (Wayland gives a client no pointer over other applications).
public enum LoginSession {
    enum Kind: Equatable, Sendable {
        case x11
        case wayland
        case none
    }

    static func kind(environment: [String: String]) -> Kind {
        let type = environment["XDG_SESSION_TYPE"]?.lowercased() ?? ""
        if type == "wayland" || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { return .wayland }
        if !(environment["DISPLAY"] ?? "").isEmpty { return .x11 }
        return .none
    }
}
