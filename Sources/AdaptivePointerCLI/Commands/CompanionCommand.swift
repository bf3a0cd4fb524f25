import ArgumentParser
import Foundation
import PointerCore
import PointerHost

/// `adaptive-pointer companion install|uninstall|status gnome|kde`: the compositor
/// companion the pass-through overlay needs on Wayland, per user.
struct CompanionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "companion",
        abstract: "Install the compositor companion the desktop overlay needs on Wayland (per user, no root).",
        discussion: """
            On GNOME (Wayland) the pointer reaches your applications through a small GNOME
            Shell extension: it tells the overlay where the pointer and the windows are,
            hides the system cursor while the overlay runs (and gives it back when the
            overlay exits, crashes or is killed), and keeps the overlay above every window.
            `install gnome` copies it into ~/.local/share/gnome-shell/extensions and enables
            it; GNOME loads a new extension at the next login. `uninstall gnome` disables
            and removes it (at once). `status gnome` says whether it is installed, enabled
            and running. See docs/gnome.md.

            On KDE Plasma (Wayland) the same work is done by a KWin effect, a compiled
            plugin: build it with companions/kde/build.sh (`make` does when KWin's
            headers are installed). `install kde` copies it into
            ~/.local/lib/qt5/plugins/kwin/effects/plugins (qt6 for KWin 6), puts that
            folder on KWin's QT_PLUGIN_PATH through
            ~/.config/plasma-workspace/env/adaptive-pointer-companion.sh and enables it
            in kwinrc, and writes a hidden desktop entry that lets this program move the
            pointer through KWin's fake input; KWin loads it at the next login.
            `uninstall kde` disables it, unloads it from the running KWin and removes
            those files; `status kde` says
            whether it is installed, enabled and running. `--plugin PATH` installs
            another build. See docs/kde.md.

            Nothing is written outside your home folder, and nothing needs root.
            """,
        subcommands: [Install.self, Uninstall.self, Status.self])

    enum Desktop: String, ExpressibleByArgument, CaseIterable { case gnome, kde }

    struct Options: ParsableArguments {
        @Argument(help: "Which companion: gnome (GNOME Shell) or kde (KWin, KDE Plasma).")
        var desktop: Desktop

        @Option(
            help:
                "The GNOME Shell major version to install for (default: `gnome-shell --version`). 43–44 load the legacy entry point, 45 and later ES modules."
        )
        var shellVersion: Int?

        @Option(
            help: ArgumentHelp(
                "The built KWin effect to install (kde only; default: the one companions/kde/build.sh or `make install` put next to this program).",
                valueName: "path"))
        var plugin: String?

        func validate() throws {
            if desktop == .gnome, plugin != nil {
                throw ValidationError(
                    "--plugin is for the KWin companion (kde); the GNOME Shell extension comes with adaptive-pointer")
            }
            if desktop == .kde, shellVersion != nil {
                throw ValidationError("--shell-version is for the GNOME Shell companion (gnome)")
            }
        }

        func kwinInstaller() throws -> KWinEffectInstaller {
            do { return try KWinEffectInstaller(plugin: plugin) } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
        }

        func installer() throws -> GnomeExtensionInstaller {
            guard let major = shellVersion ?? GnomeExtensionInstaller.installedShellMajor() else {
                RunCommand.say(
                    "cannot tell the GNOME Shell version (`gnome-shell --version` did not run). Is GNOME Shell installed? "
                        + "Pass --shell-version N to choose.")
                throw ExitCode(.failure)
            }
            guard (40...99).contains(major) else {
                RunCommand.say("GNOME Shell \(major) is not supported: the companion serves GNOME Shell 43 to 50")
                throw ExitCode(.failure)
            }
            do { return try GnomeExtensionInstaller(shellMajor: major) } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
        }
    }

    /// Whether a companion answers on this session's socket, and which shell it runs in.
    static func runningCompanion() -> String? {
        guard let path = CompanionLink.defaultPath(), let link = try? CompanionLink(path: path) else { return nil }
        defer { link.disconnect() }
        return "\(link.shell) \(link.shellVersion)"
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Install and enable the companion for this user.")
        @OptionGroup var options: Options

        func run() throws {
            if options.desktop == .kde { return try runKDE() }
            let installer = try options.installer()
            let before = installer.installState
            do {
                if before != .current { try installer.install() }
                try installer.setEnabled(true)
            } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
            let installedAt = TerminalText.escaped(installer.installPath.path)
            print(
                before == .current
                    ? "already installed: \(installedAt); enabled"
                    : "installed \(TerminalText.escaped(installer.uuid)) into \(installedAt) and enabled it")
            if installer.userExtensionsDisabled {
                print(
                    "note: GNOME's \"disable user extensions\" switch is on; turn it off in the Extensions app, or: "
                        + "gsettings set org.gnome.shell disable-user-extensions false")
            }
            if before == .current, let running = runningCompanion() {
                print("running in \(TerminalText.escaped(running)): `adaptive-pointer run desktop` works now")
            } else {
                print(
                    "log out and back in to load it (GNOME on Wayland loads a new or updated extension at login); "
                        + "then run `adaptive-pointer run desktop`")
            }
        }

        private func runKDE() throws {
            let installer = try options.kwinInstaller()
            let before = installer.installState
            do {
                if before != .current { try installer.install() } else { try installer.setEnabled(true) }
            } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
            let installedAt = TerminalText.escaped(installer.installPath.path)
            print(
                before == .current
                    ? "already installed: \(installedAt); enabled"
                    : "installed the KWin companion into \(installedAt) and enabled it")
            if before == .current, let running = runningCompanion(), running.hasPrefix("kwin") {
                print("running in \(TerminalText.escaped(running)): `adaptive-pointer run desktop` works now")
            } else {
                print(
                    "log out and back in to load it (KWin reads QT_PLUGIN_PATH at login); then run `adaptive-pointer run desktop`"
                )
            }
        }
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable the companion (at once) and remove it.")
        @OptionGroup var options: Options

        func run() throws {
            if options.desktop == .kde { return try runKDE() }
            let installer = try options.installer()
            do {
                // Disabled first: the shell unloads it and shows the system cursor.
                if installer.isEnabled == true { try installer.setEnabled(false) }
                let removed = try installer.remove()
                print(
                    removed
                        ? "disabled and removed \(TerminalText.escaped(installer.installPath.path))"
                        : "not installed (\(TerminalText.escaped(installer.installPath.path)) does not exist); disabled"
                )
            } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
        }

        private func runKDE() throws {
            let installer = try options.kwinInstaller()
            do {
                // Disabled (and unloaded from a running KWin) first, then the files go.
                let removed = try installer.uninstall()
                print(
                    removed.isEmpty
                        ? "not installed (\(TerminalText.escaped(installer.installPath.path)) does not exist); disabled"
                        : "disabled and removed \(removed.map { TerminalText.escaped($0.path) }.joined(separator: " and "))"
                )
            } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say whether the companion is installed, enabled and running.")
        @OptionGroup var options: Options

        func run() throws {
            if options.desktop == .kde { return try runKDE() }
            let installer = try options.installer()
            let state = installer.installState
            let path = TerminalText.escaped(installer.installPath.path)
            switch state {
            case .missing: print("installed: no (run `adaptive-pointer companion install gnome`)")
            case .current: print("installed: yes, \(path)")
            case .outdated:
                print("installed: an older version, \(path) (run `adaptive-pointer companion install gnome` to update)")
            case .foreign: print("installed: \(path) is not ours (a link or another extension's files)")
            }
            let enabled = installer.isEnabled
            print("enabled: \(enabled.map { $0 ? "yes" : "no" } ?? "unknown (gsettings cannot read org.gnome.shell)")")
            if let running = runningCompanion() {
                print("running: yes, in \(TerminalText.escaped(running))")
            } else if state != .missing && enabled == true {
                print("running: no; log out and back in to load it")
                throw ExitCode(.failure)
            } else {
                print("running: no")
                throw ExitCode(.failure)
            }
        }

        private func runKDE() throws {
            let installer = try options.kwinInstaller()
            let state = installer.installState
            let path = TerminalText.escaped(installer.installPath.path)
            switch state {
            case .missing: print("installed: no (run `adaptive-pointer companion install kde`)")
            case .current: print("installed: yes, \(path)")
            case .unverified: print("installed: yes, \(path) (no built plugin here to compare it with)")
            case .outdated:
                print("installed: an older version, \(path) (run `adaptive-pointer companion install kde` to update)")
            case .foreign:
                let foreign = TerminalText.escaped((installer.foreignPath ?? installer.installPath).path)
                print("installed: \(foreign) is not ours (a link or another program's file)")
            }
            let enabled = installer.isEnabled
            print(
                "enabled: \(enabled.map { $0 ? "yes" : "no" } ?? "unknown (cannot read \(TerminalText.escaped(installer.kwinrcPath.path)))")"
            )
            if let running = runningCompanion(), running.hasPrefix("kwin") {
                print("running: yes, in \(TerminalText.escaped(running))")
            } else if installer.isLoaded == true {
                print("running: no; KWin has the effect loaded, but it does not answer")
                throw ExitCode(.failure)
            } else if state != .missing && state != .foreign && enabled == true {
                print("running: no; log out and back in to load it")
                throw ExitCode(.failure)
            } else {
                print("running: no")
                throw ExitCode(.failure)
            }
        }
    }
}
