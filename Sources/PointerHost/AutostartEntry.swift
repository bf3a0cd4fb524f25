import Foundation

/// The per-user login entry (XDG autostart): `$XDG_CONFIG_HOME/autostart/
/// adaptive-pointer.desktop`. Opt-in only: nothing is installed system-wide,
/// and the entry starts the pass-through desktop overlay through
/// `adaptive-pointer autostart session`, which checks the session first, so a
/// login never starts something that captures input.
public struct AutostartEntry: Sendable {
    public static let fileName = "adaptive-pointer.desktop"
    /// Marks entries this program wrote, so `disable` never removes a stranger's file.
    static let marker = "X-AdaptivePointer-Autostart"

    /// The user's autostart folder.
    public let directory: URL
    /// System autostart folders ($XDG_CONFIG_DIRS/autostart), where an older
    /// install may have left an entry for every user.
    public let systemDirectories: [URL]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        directory = URL(fileURLWithPath: config).appendingPathComponent("autostart")
        let dirs = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        systemDirectories = dirs.map { URL(fileURLWithPath: $0).appendingPathComponent("autostart") }
    }

    public var path: URL { directory.appendingPathComponent(Self.fileName) }

    public enum State: Equatable, Sendable {
        /// Our entry is there and will start the overlay at login.
        case enabled(exec: String)
        /// No entry of ours.
        case disabled
        /// Our `Hidden=true` entry, switching off a system-wide one for this user.
        case masked
        /// A file of that name that this program did not write.
        case foreign
    }

    public func state() -> State {
        guard let text = try? String(contentsOf: path, encoding: .utf8) else { return .disabled }
        let fields = Self.fields(text)
        guard fields[Self.marker] != nil else { return .foreign }
        if fields["Hidden"] == "true" { return .masked }
        return .enabled(exec: fields["Exec"] ?? "")
    }

    /// System-wide entries for every user, left by an older `make install`.
    public func systemWideEntries() -> [URL] {
        systemDirectories.map { $0.appendingPathComponent(Self.fileName) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Writes the entry that runs `executable autostart session` at login.
    public func enable(executable: String) throws {
        if state() == .foreign { throw AutostartError.foreignFile(path.path) }
        try write(Self.entry(executable: executable, hidden: false))
    }

    /// Removes our entry. When a system-wide entry exists (older install), a
    /// `Hidden=true` entry of the same name is left instead: per the XDG
    /// autostart rules it switches the system one off for this user.
    /// Returns what was done, for the user.
    public func disable(executable: String) throws -> String {
        let state = state()
        if state == .foreign {
            throw AutostartError.foreignFile(path.path)
        }
        if !systemWideEntries().isEmpty {
            try write(Self.entry(executable: executable, hidden: true))
            return "wrote \(path.path) with Hidden=true, which switches off \(systemWideEntries().map(\.path).joined(separator: ", ")) for you"
                + " (remove that with root: sudo rm \(systemWideEntries().map(\.path).joined(separator: " ")))"
        }
        guard FileManager.default.fileExists(atPath: path.path) else { return "autostart was not enabled; nothing to do" }
        do { try FileManager.default.removeItem(at: path) } catch {
            throw AutostartError.cannotWrite(path.path, reason: "\(error.localizedDescription)")
        }
        return "removed \(path.path)"
    }

    private func write(_ text: String) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: path, options: .atomic)
        } catch {
            throw AutostartError.cannotWrite(path.path, reason: error.localizedDescription)
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
            out[line[..<eq].trimmingCharacters(in: .whitespaces)] = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        }
        return out
    }
}

public enum AutostartError: Error, CustomStringConvertible {
    case foreignFile(String)
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .foreignFile(let path):
            return "\(path) was not written by adaptive-pointer; leaving it alone. Remove it yourself if you want autostart off."
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason). Check that the folder exists and is writable."
        }
    }
}

/// Whether the login session can run a pass-through overlay: an X11 session
/// (Wayland gives a client no pointer over other applications).
public enum LoginSession {
    public enum Kind: Equatable, Sendable {
        case x11
        case wayland
        case none
    }

    public static func kind(environment: [String: String]) -> Kind {
        let type = environment["XDG_SESSION_TYPE"]?.lowercased() ?? ""
        if type == "wayland" || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { return .wayland }
        if !(environment["DISPLAY"] ?? "").isEmpty { return .x11 }
        return .none
    }
}
