import Foundation
import PointerCore
import PointerHost
import SceneFormat

/// Installs the GNOME Shell companion for the current user only: into
/// `$XDG_DATA_HOME/gnome-shell/extensions/UUID` (default ~/.local/share), enabled
/// through the user's `org.gnome.shell enabled-extensions` setting. Never
/// root, never a system folder. GNOME on Wayland loads a new extension at
/// the next login; disabling takes effect at once.
struct GnomeExtensionInstaller {
    enum Failure: Error, CustomStringConvertible {
        case noBundle(String)
        case foreign(path: String)
        case settings(String)
        case io(String)

        var description: String {
            switch self {
            case .noBundle(let detail): return detail
            case .foreign(let path):
                return
                    "\(TerminalText.echo(path)) exists and is not an install of ours (a link, or another extension's files): "
                    + "not touched. Move it away and run this again."
            case .settings(let detail): return detail
            case .io(let detail): return detail
            }
        }
    }

    /// Which entry point a GNOME Shell version loads: ES modules from 45 on.
    static func bundleName(shellMajor: Int) -> String { shellMajor >= 45 ? "gnome-45" : "gnome-43" }

    let bundle: URL
    let uuid: String
    let extensionsDirectory: URL

    var installPath: URL { extensionsDirectory.appendingPathComponent(uuid) }

    init(shellMajor: Int, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let assets: AssetLocator
        do { assets = try AssetLocator.locate(environment: environment) } catch { throw Failure.noBundle("\(error)") }
        bundle = assets.root.appendingPathComponent("companions").appendingPathComponent(
            Self.bundleName(shellMajor: shellMajor))
        guard
            let data = (try? InputFile.read(bundle.appendingPathComponent("metadata.json").path, limit: 1 << 16)).map({
                Data($0)
            }),
            let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let uuid = meta["uuid"] as? String, !uuid.isEmpty, !uuid.contains("/")
        else {
            throw Failure.noBundle(
                "the bundled companion is missing or broken (\(TerminalText.echo(bundle.path))/metadata.json); reinstall adaptive-pointer"
            )
        }
        self.uuid = uuid
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        extensionsDirectory = URL(fileURLWithPath: dataHome).appendingPathComponent("gnome-shell/extensions")
    }

    /// The major version of the installed GNOME Shell (`gnome-shell --version`).
    static func installedShellMajor() -> Int? {
        guard let out = Subprocess.output(["gnome-shell", "--version"]) else { return nil }
        // "GNOME Shell 43.9"
        return out.split(separator: " ").last.flatMap { Int($0.split(separator: ".").first ?? "") }
    }

    enum InstallState: Equatable { case missing, current, outdated, foreign }

    var installState: InstallState {
        let fm = FileManager.default
        guard let attributes = try? fm.attributesOfItem(atPath: installPath.path) else { return .missing }
        guard attributes[.type] as? FileAttributeType == .typeDirectory, isOurs(installPath) else { return .foreign }
        for name in bundledFiles() {
            // Bounded, non-blocking reads: a FIFO or a huge file at our name is not our install.
            let a = try? InputFile.read(bundle.appendingPathComponent(name).path, limit: Self.fileLimit)
            let b = try? InputFile.read(installPath.appendingPathComponent(name).path, limit: Self.fileLimit)
            if a == nil || a != b { return .outdated }
        }
        return .current
    }

    /// The largest file the extension ships is a few KB.
    static let fileLimit = 1 << 20

    /// A directory whose metadata names our uuid and that holds only files we ship.
    private func isOurs(_ dir: URL) -> Bool {
        guard
            let data = (try? InputFile.read(dir.appendingPathComponent("metadata.json").path, limit: 1 << 16)).map({
                Data($0)
            }),
            let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            meta["uuid"] as? String == uuid,
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return false }
        return Set(names).isSubset(of: Set(bundledFiles()))
    }

    private func bundledFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? []).sorted()
    }

    /// Copies the bundle in (replacing an older install of ours, atomically).
    func install() throws {
        let fm = FileManager.default
        if installState == .foreign { throw Failure.foreign(path: installPath.path) }
        let staging = extensionsDirectory.appendingPathComponent(".\(uuid).new-\(getpid())")
        do {
            try fm.createDirectory(at: extensionsDirectory, withIntermediateDirectories: true)
            try? fm.removeItem(at: staging)
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
            for name in bundledFiles() {
                try fm.copyItem(at: bundle.appendingPathComponent(name), to: staging.appendingPathComponent(name))
            }
            if fm.fileExists(atPath: installPath.path) { try fm.removeItem(at: installPath) }
            try fm.moveItem(at: staging, to: installPath)
        } catch {
            try? fm.removeItem(at: staging)
            throw Failure.io(
                "cannot install into \(TerminalText.echo(installPath.path)): \(error.localizedDescription)")
        }
    }

    func remove() throws -> Bool {
        switch installState {
        case .missing: return false
        case .foreign: throw Failure.foreign(path: installPath.path)
        case .current, .outdated:
            do { try FileManager.default.removeItem(at: installPath) } catch {
                throw Failure.io("cannot remove \(TerminalText.echo(installPath.path)): \(error.localizedDescription)")
            }
            return true
        }
    }

    // MARK: the user's enabled-extensions setting

    var isEnabled: Bool? { (try? enabledList()).map { $0.contains(uuid) } }

    func setEnabled(_ on: Bool) throws {
        var list = try enabledList().filter { $0 != uuid }
        if on { list.append(uuid) }
        try gsettingsSet("enabled-extensions", Self.variant(list))
        if on, let disabled = try? stringList("disabled-extensions"), disabled.contains(uuid) {
            try gsettingsSet("disabled-extensions", Self.variant(disabled.filter { $0 != uuid }))
        }
    }

    /// GNOME's switch that turns every user extension off.
    var userExtensionsDisabled: Bool {
        Subprocess.output(["gsettings", "get", "org.gnome.shell", "disable-user-extensions"])?.hasPrefix("true")
            ?? false
    }

    private func enabledList() throws -> [String] { try stringList("enabled-extensions") }

    private func stringList(_ key: String) throws -> [String] {
        guard let out = Subprocess.output(["gsettings", "get", "org.gnome.shell", key]) else {
            throw Failure.settings(
                "cannot read the GNOME Shell setting \(key) (`gsettings get org.gnome.shell \(key)` failed): "
                    + "is GNOME Shell installed, and is this run inside your session?")
        }
        return Self.parseStringList(out)
    }

    private func gsettingsSet(_ key: String, _ value: String) throws {
        guard Subprocess.output(["gsettings", "set", "org.gnome.shell", key, value]) != nil else {
            throw Failure.settings("cannot change the GNOME Shell setting \(key) (`gsettings set` failed)")
        }
    }

    /// `['a', 'b']` or `@as []` → ["a", "b"].
    static func parseStringList(_ text: String) -> [String] {
        var out: [String] = []
        var current: String?
        var escaped = false
        for ch in text {
            if var s = current {
                if escaped {
                    s.append(ch)
                    escaped = false
                    current = s
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "'" {
                    out.append(s)
                    current = nil
                } else {
                    s.append(ch)
                    current = s
                }
            } else if ch == "'" {
                current = ""
            }
        }
        return out
    }

    static func variant(_ list: [String]) -> String {
        "["
            + list.map {
                "'" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
            }
            .joined(separator: ", ") + "]"
    }
}
