import Foundation
import PointerCore
import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Installs the KWin companion effect (KDE Plasma) for the current user only:
///   ~/.local/lib/qt5/plugins/kwin/effects/plugins/adaptivepointercompanion.so   the effect (qt6 for KWin 6)
///   $XDG_CONFIG_HOME/plasma-workspace/env/adaptive-pointer-companion.sh           puts that plugin folder on
///                                    QT_PLUGIN_PATH (Plasma sources it at login, before KWin starts)
///   $XDG_CONFIG_HOME/kwinrc  [Plugins] adaptivepointercompanionEnabled=true      KWin loads it
/// Never root, never a system folder; every other line of kwinrc is kept as it
/// was. KWin reads QT_PLUGIN_PATH when it starts, so a new install loads at the
/// next login; uninstalling unloads the effect at once (over D-Bus).
struct KWinEffectInstaller {
    static let pluginId = "adaptivepointercompanion"
    static let pluginFileName = pluginId + ".so"
    static let envFileName = "adaptive-pointer-companion.sh"
    static let enabledKey = pluginId + "Enabled"
    static let buildHint =
        "run companions/kde/build.sh (Debian: apt-get install kwin-dev libkf5globalaccel-dev "
        + "qtbase5-dev-tools g++), or pass --plugin PATH"
    /// The first line of the env script: how `installState` knows the file is ours.
    static let envMarker = "# adaptive-pointer: puts the KWin companion effect on QT_PLUGIN_PATH"

    enum Failure: Error, CustomStringConvertible {
        case notBuilt(searched: [String])
        case badPlugin(String)
        case foreign(path: String)
        case config(String)
        case io(String)

        var description: String {
            switch self {
            case .notBuilt(let searched):
                return "the KWin companion is not built: \(KWinEffectInstaller.buildHint) "
                    + "(looked for \(searched.map { TerminalText.echo($0) }.joined(separator: ", ")))"
            case .badPlugin(let detail): return detail
            case .foreign(let path):
                return
                    "\(TerminalText.echo(path)) exists and is not an install of ours (a link, or another program's file): "
                    + "not touched. Move it away and run this again."
            case .config(let detail): return detail
            case .io(let detail): return detail
            }
        }
    }

    /// `unverified`: ours, but there is no built plugin to compare it with.
    enum InstallState: Equatable { case missing, current, outdated, foreign, unverified }

    /// Calls a method on KWin's /Effects object on the session bus; the reply as
    /// gdbus prints it, nil when KWin does not answer.
    typealias EffectsCall = @Sendable (_ method: String, _ arguments: [String]) -> String?

    /// The built plugin; nil when none was found (status and uninstall work without it).
    let source: URL?
    /// Where the plugin was looked for (named in the "not built" error).
    let searched: [String]
    /// 5 (KWin 5.27, Qt 5) or 6 (KWin 6, Qt 6): picks the per-user plugin folder.
    let qtMajor: Int
    let home: URL
    let configHome: URL
    let dataHome: URL
    /// The binary KWin lets move the pointer (its fake input is restricted to
    /// programs whose desktop entry asks for it).
    let executable: String
    let effects: EffectsCall

    /// The per-user Qt plugin folder put on QT_PLUGIN_PATH.
    var pluginsRoot: URL { home.appendingPathComponent(".local/lib/qt\(qtMajor)/plugins") }
    var installPath: URL { pluginsRoot.appendingPathComponent("kwin/effects/plugins/\(Self.pluginFileName)") }
    var envFilePath: URL { configHome.appendingPathComponent("plasma-workspace/env/\(Self.envFileName)") }
    var kwinrcPath: URL { configHome.appendingPathComponent("kwinrc") }
    var permissionEntryPath: URL { dataHome.appendingPathComponent("applications/\(Self.permissionEntryName)") }
    static let permissionEntryName = "adaptive-pointer-kwin-input.desktop"
    static let permissionEntryMarker =
        "# AdaptivePointer: lets adaptive-pointer move the pointer on KWin (companion install kde)"

    /// KWin hands its fake-input protocol only to a program whose desktop entry
    /// lists it (matched by the program's path); the overlay warps through it.
    var permissionEntry: String {
        """
        \(Self.permissionEntryMarker)
        [Desktop Entry]
        Type=Application
        Name=AdaptivePointer pointer moves
        Comment=Lets the AdaptivePointer overlay move the pointer to the control it snaps to
        Exec=\(Self.execField(executable))
        NoDisplay=true
        X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input

        """
    }

    /// - Parameters:
    ///   - plugin: an explicit plugin (`--plugin PATH`); it must exist.
    ///   - executable: the running binary; the plugin is looked for next to it
    ///     (the dev build's .build/kwin-companion, or make install's lib/adaptive-pointer/kwin).
    init(
        plugin: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = AutostartCommand.executablePath(),
        effects: @escaping EffectsCall = KWinEffectInstaller.callEffects
    ) throws {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        self.home = URL(fileURLWithPath: home)
        configHome = URL(
            fileURLWithPath: environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? home + "/.config")
        dataHome = URL(
            fileURLWithPath: environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? home + "/.local/share")
        self.executable = executable
        self.effects = effects
        let fm = FileManager.default
        if let plugin {
            let url = URL(fileURLWithPath: plugin).standardizedFileURL
            guard fm.fileExists(atPath: url.path) else {
                throw Failure.badPlugin(
                    "no plugin at \(TerminalText.echo(url.path)) (--plugin); build it with companions/kde/build.sh")
            }
            source = url
            searched = [url.path]
        } else {
            let candidates = Self.pluginCandidates(executable: executable)
            searched = candidates.map(\.path)
            source = candidates.first { fm.fileExists(atPath: $0.path) }
        }
        if let source {
            qtMajor = Self.qtMajor(ofPlugin: source) ?? 5
        } else {
            // No plugin to read: the folder an earlier install used.
            let qt6 = URL(fileURLWithPath: home + "/.local/lib/qt6/plugins/kwin/effects/plugins/" + Self.pluginFileName)
            let qt5 = URL(fileURLWithPath: home + "/.local/lib/qt5/plugins/kwin/effects/plugins/" + Self.pluginFileName)
            qtMajor = Self.lstatMode(qt6) != nil && Self.lstatMode(qt5) == nil ? 6 : 5
        }
    }

    /// Where the built plugin may be, in order: the dev build (.build/debug/adaptive-pointer →
    /// .build/kwin-companion, also through .build/<triple>/debug), then make install's layout.
    static func pluginCandidates(executable: String) -> [URL] {
        let dir = URL(fileURLWithPath: executable).deletingLastPathComponent().standardizedFileURL
        var out = [dir.appendingPathComponent("../kwin-companion/\(pluginFileName)").standardizedFileURL]
        // /proc/self/exe names .build/x86_64-unknown-linux-gnu/debug/adaptive-pointer.
        let grandparent = dir.deletingLastPathComponent().deletingLastPathComponent()
        if grandparent.lastPathComponent == ".build" {
            out.append(grandparent.appendingPathComponent("kwin-companion/\(pluginFileName)"))
        }
        out.append(dir.appendingPathComponent("../lib/adaptive-pointer/kwin/\(pluginFileName)").standardizedFileURL)
        return out
    }

    /// 6 when the plugin links Qt 6, 5 when Qt 5, nil when it names neither.
    static func qtMajor(ofPlugin url: URL) -> Int? {
        guard let bytes = try? InputFile.read(url.path, limit: pluginLimit) else { return nil }
        let data = Data(bytes)
        if data.range(of: Data("libQt6Core.so".utf8)) != nil { return 6 }
        if data.range(of: Data("libQt5Core.so".utf8)) != nil { return 5 }
        return nil
    }

    static let pluginLimit = 256 << 20

    /// The env script Plasma sources at login: adds our plugin folder to
    /// QT_PLUGIN_PATH once (a second run, or an entry already there, adds nothing).
    static func envScript(qtMajor: Int) -> String {
        let dir = "$HOME/.local/lib/qt\(qtMajor)/plugins"
        return """
            \(envMarker) (written by `adaptive-pointer companion install kde`;
            # `adaptive-pointer companion uninstall kde` removes it). Plasma sources this at login, before KWin starts.
            case ":${QT_PLUGIN_PATH:-}:" in
                *":\(dir):"*) ;;
                *) export QT_PLUGIN_PATH="\(dir)${QT_PLUGIN_PATH:+:$QT_PLUGIN_PATH}" ;;
            esac

            """
    }

    var envScript: String { Self.envScript(qtMajor: qtMajor) }

    // MARK: state

    var installState: InstallState {
        let plugin = Self.lstatMode(installPath)
        let env = envFileState
        if let plugin, plugin & S_IFMT != S_IFREG { return .foreign }
        if env == .foreign { return .foreign }
        if plugin == nil { return .missing }
        guard let source else { return .unverified }
        guard let want = try? InputFile.read(source.path, limit: Self.pluginLimit),
            let have = try? InputFile.read(installPath.path, limit: Self.pluginLimit), want == have
        else { return .outdated }
        // The permission entry names the binary that installed: another binary installs again.
        if permissionEntryIsOurs != false, permissionEntryText != permissionEntry {
            return .outdated
        }
        return env == .current ? .current : .outdated
    }

    /// Which of the files at our paths is not ours (nil when neither).
    var foreignPath: URL? {
        if let plugin = Self.lstatMode(installPath), plugin & S_IFMT != S_IFREG { return installPath }
        return envFileState == .foreign ? envFilePath : nil
    }

    private enum EnvFileState { case missing, current, outdated, foreign }

    private var envFileState: EnvFileState {
        guard let mode = Self.lstatMode(envFilePath) else { return .missing }
        guard mode & S_IFMT == S_IFREG,
            let bytes = try? InputFile.read(envFilePath.path, limit: 1 << 16),
            let text = String(validating: bytes, as: UTF8.self),
            text.hasPrefix(Self.envMarker)
        else { return .foreign }
        return text == envScript ? .current : .outdated
    }

    /// The file's st_mode without following a link; nil when nothing is there.
    static func lstatMode(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode : nil
    }

    // MARK: install, uninstall

    /// Copies the plugin in (atomically: KWin may have the old one loaded), writes
    /// the env script and enables the effect in kwinrc.
    func install() throws {
        guard let source else { throw Failure.notBuilt(searched: searched) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(source.path, limit: Self.pluginLimit) } catch {
            throw Failure.badPlugin("cannot read the plugin \(TerminalText.echo(source.path)): \(error)")
        }
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else {
            throw Failure.badPlugin(
                "\(TerminalText.echo(source.path)) is not a compiled plugin (not an ELF file); "
                    + "build it with companions/kde/build.sh")
        }
        if let foreign = foreignPath { throw Failure.foreign(path: foreign.path) }
        try Self.writeAtomically(Data(bytes), to: installPath, mode: 0o644)
        try Self.writeAtomically(Data(envScript.utf8), to: envFilePath, mode: 0o644)
        if permissionEntryIsOurs != false {
            try Self.writeAtomically(Data(permissionEntry.utf8), to: permissionEntryPath, mode: 0o644)
        }
        try setEnabled(true)
    }

    /// A path as one Exec argument: quoted (with the spec's escapes) when it needs it.
    static func execField(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
        if plain { return path }
        var quoted = ""
        for c in path {
            if "\"`$\\".contains(c) { quoted += "\\\\" }
            quoted.append(c)
        }
        return "\"\(quoted)\""
    }

    /// nil: no entry; false: a file of someone else's at our name (left alone).
    var permissionEntryIsOurs: Bool? {
        guard Self.lstatMode(permissionEntryPath) != nil else { return nil }
        guard let text = permissionEntryText else { return false }
        return text.hasPrefix(Self.permissionEntryMarker + "\n")
    }

    /// The entry's text; nil when it is not a small UTF-8 regular file (a FIFO would
    /// block a plain read forever, a huge file would fill memory).
    private var permissionEntryText: String? {
        guard let bytes = try? InputFile.read(permissionEntryPath.path, limit: Self.permissionEntryLimit) else {
            return nil
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Ours is about 300 bytes.
    static let permissionEntryLimit = 64 << 10

    /// Disables the effect (KWin unloads it at once when it is running), then
    /// removes the plugin and the env script, each only if it is ours. Returns what
    /// was removed; a foreign file at our paths is left and reported after the rest.
    @discardableResult
    func uninstall() throws -> [URL] {
        let state = installState
        if isEnabled != false || state != .missing || Self.lstatMode(envFilePath) != nil { try setEnabled(false) }
        _ = effects("org.kde.kwin.Effects.unloadEffect", [Self.pluginId])
        var removed: [URL] = []
        for url in [installPath, envFilePath] where url != foreignPath && Self.lstatMode(url) != nil {
            do { try FileManager.default.removeItem(at: url) } catch {
                throw Failure.io("cannot remove \(TerminalText.echo(url.path)): \(error.localizedDescription)")
            }
            removed.append(url)
        }
        if permissionEntryIsOurs == true {
            do { try FileManager.default.removeItem(at: permissionEntryPath) } catch {
                throw Failure.io(
                    "cannot remove \(TerminalText.echo(permissionEntryPath.path)): \(error.localizedDescription)")
            }
            removed.append(permissionEntryPath)
        }
        if let foreign = foreignPath { throw Failure.foreign(path: foreign.path) }
        return removed
    }

    /// `data` into `url` through a temporary file in the same folder and a rename:
    /// a reader (KWin) sees the old file or the new one, never half of one.
    static func writeAtomically(_ data: Data, to url: URL, mode: mode_t) throws {
        let dir = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) } catch {
            throw Failure.io("cannot create \(TerminalText.echo(dir.path)): \(error.localizedDescription)")
        }
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).new-\(getpid())")
        unlink(temp.path)
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else {
            throw Failure.io("cannot write \(TerminalText.echo(temp.path)): \(String(cString: strerror(errno)))")
        }
        var ok = fchmod(fd, mode) == 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while ok && offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { ok = false } else { offset += n }
            }
        }
        let err = errno
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp.path, url.path) == 0 else {
            let reason = String(cString: strerror(ok ? errno : err))
            unlink(temp.path)
            throw Failure.io("cannot write \(TerminalText.echo(url.path)): \(reason)")
        }
    }

    // MARK: kwinrc

    /// `[Plugins] adaptivepointercompanionEnabled` from kwinrc: false when the file
    /// or the key is absent (the effect is off by default), nil when it cannot be read.
    var isEnabled: Bool? {
        let text: String?
        do { text = try readKwinrc() } catch { return nil }
        guard let value = Self.entry(in: text ?? "", group: "Plugins", key: Self.enabledKey) else { return false }
        return ["true", "on", "yes", "1"].contains(value.lowercased())
    }

    func setEnabled(_ on: Bool) throws {
        let text = try readKwinrc()
        let updated = Self.settingEntry(
            in: text ?? "", group: "Plugins", key: Self.enabledKey, value: on ? "true" : "false")
        if updated == text { return }
        // A kwinrc that is a link (a dotfiles folder) is written where it points.
        var target = kwinrcPath
        var mode: mode_t = 0o600
        if text != nil {
            target = kwinrcPath.resolvingSymlinksInPath()
            var info = stat()
            if stat(target.path, &info) == 0 { mode = info.st_mode & 0o7777 }
        }
        try Self.writeAtomically(Data(updated.utf8), to: target, mode: mode)
    }

    /// kwinrc's text; nil when there is no kwinrc.
    private func readKwinrc() throws -> String? {
        guard Self.lstatMode(kwinrcPath) != nil else { return nil }
        let shown = TerminalText.echo(kwinrcPath.path)
        let bytes: [UInt8]
        do { bytes = try InputFile.read(kwinrcPath.path, limit: 4 << 20) } catch {
            throw Failure.config("cannot read KWin's settings \(shown): \(error); not touched")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure.config("KWin's settings \(shown) are not UTF-8 text; not touched")
        }
        return text
    }

    /// A KConfig group's header line: `[Plugins]` (nested groups `[A][B]` are other groups).
    private static func groupName(_ line: Substring) -> Substring? {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("["), t.hasSuffix("]") else { return nil }
        return Substring(t.dropFirst().dropLast())
    }

    private static func key(ofLine line: Substring) -> Substring? {
        guard let eq = line.firstIndex(of: "=") else { return nil }
        let k = line[..<eq].trimmingCharacters(in: .whitespaces)
        return k.isEmpty || k.hasPrefix("#") ? nil : Substring(k)
    }

    /// The value of `key` in `[group]` (the last one, as KConfig reads it).
    static func entry(in text: String, group: String, key: String) -> String? {
        var inGroup = false
        var value: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = groupName(line) {
                inGroup = name == group
                continue
            }
            if inGroup, Self.key(ofLine: line) == Substring(key), let eq = line.firstIndex(of: "=") {
                value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return value
    }

    /// `text` with `key=value` in `[group]`: the key's lines rewritten where they
    /// are, else added at the end of the group, else the group added at the end of
    /// the file. Every other line is kept byte for byte.
    static func settingEntry(in text: String, group: String, key: String, value: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLine = "\(key)=\(value)"
        // Every [group] section (KConfig merges repeated ones): the key's lines rewritten in place.
        var current: Substring?
        var found = false
        var firstHeader: Int?
        for i in lines.indices {
            if let name = groupName(Substring(lines[i])) {
                current = name
                if name == group && firstHeader == nil { firstHeader = i }
            } else if current == Substring(group), Self.key(ofLine: Substring(lines[i])) == Substring(key) {
                lines[i] = newLine
                found = true
            }
        }
        if found { return lines.joined(separator: "\n") }
        // Else added after the first section's last entry (a comment below it belongs to the next group).
        if let header = firstHeader {
            var insertAt = header + 1
            var i = header + 1
            while i < lines.count, groupName(Substring(lines[i])) == nil {
                let t = lines[i].trimmingCharacters(in: .whitespacesAndNewlines)
                if !t.isEmpty && !t.hasPrefix("#") { insertAt = i + 1 }
                i += 1
            }
            lines.insert(newLine, at: insertAt)
            return lines.joined(separator: "\n")
        }
        var out = text
        if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
        if !out.isEmpty && !out.hasSuffix("\n\n") { out += "\n" }
        return out + "[\(group)]\n\(newLine)\n"
    }

    // MARK: KWin on the session bus

    /// Whether the running KWin has the effect loaded; nil when KWin does not answer.
    var isLoaded: Bool? {
        guard let reply = effects("org.freedesktop.DBus.Properties.Get", ["org.kde.kwin.Effects", "loadedEffects"])
        else {
            return nil
        }
        // (<['blur', 'adaptivepointercompanion']>,)
        return GnomeExtensionInstaller.parseStringList(reply).contains(Self.pluginId)
    }

    /// `gdbus call --session --dest org.kde.KWin --object-path /Effects --method METHOD ARGS…`,
    /// given 3 seconds.
    static let callEffects: EffectsCall = { method, arguments in
        Subprocess.output(
            [
                "gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Effects",
                "--timeout", "3", "--method", method,
            ] + arguments, timeout: 3)
    }
}
