import ArgumentParser
import Foundation
import PointerCore
import PointerHost

/// `adaptive-pointer autostart enable|disable|status|session`: the opt-in,
/// per-user login entry.
struct AutostartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autostart",
        abstract: "Start the pointer over your applications at login (per user, opt-in).",
        discussion: """
            `enable` writes $XDG_CONFIG_HOME/autostart/adaptive-pointer.desktop (default
            ~/.config/autostart). At login it runs `adaptive-pointer autostart session`,
            which starts the pass-through desktop overlay on an X11 session (clicks and
            keys reach your applications) and does nothing on a Wayland session, where
            a pass-through overlay cannot work. `disable` removes the entry; `status`
            says whether it is on. Nothing is ever installed for all users.
            """,
        subcommands: [Enable.self, Disable.self, Status.self, Session.self])

    static func executablePath() -> String {
        // /proc/self/exe: the real binary, whatever PATH or symlink started it.
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "adaptive-pointer").standardizedFileURL.path
    }

    static func say(_ message: String) { print(message) }

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the login entry for this user.")

        func run() throws {
            let entry = AutostartEntry()
            let exe = AutostartCommand.executablePath()
            do { try entry.enable(executable: exe) } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
            say(
                "enabled: \(TerminalText.escaped(entry.path.path)) runs `\(TerminalText.escaped(exe)) autostart session` at login "
                    + "(X11 sessions: the pointer over your applications, clicks pass through; Wayland sessions: nothing)"
            )
            for system in entry.systemWideEntries() {
                let shown = TerminalText.escaped(system.path)
                say(
                    "note: \(shown) (from an older install) also starts it for every user; remove it with: sudo rm \(shown)"
                )
            }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the login entry for this user.")

        func run() throws {
            do { say(try AutostartEntry().disable(executable: AutostartCommand.executablePath())) } catch {
                RunCommand.say("\(error)")
                throw ExitCode(.failure)
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say whether the pointer starts at login.")

        func run() throws {
            let entry = AutostartEntry()
            let shown = TerminalText.escaped(entry.path.path)
            let state = entry.state()
            switch state {
            case .enabled(let exec):
                say("enabled: \(shown) (Exec=\(TerminalText.quoted(exec, limit: TerminalText.lineLimit)))")
            case .disabled: say("disabled (no \(shown))")
            case .masked: say("disabled (\(shown) switches the system-wide entry off for you)")
            case .foreign(let reason):
                RunCommand.say("\(AutostartError.foreignFile(entry.path.path, reason: reason))")
            }
            for system in entry.systemWideEntries() where state != .masked {
                say(
                    "note: \(TerminalText.escaped(system.path)) is a system-wide entry from an older install; `adaptive-pointer autostart disable` switches it off for you"
                )
            }
            if case .foreign = state { throw ExitCode(.failure) }
        }
    }

    struct Session: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What the login entry runs: the pass-through desktop overlay on X11, nothing on Wayland.")

        func run() throws {
            switch LoginSession.kind(environment: ProcessInfo.processInfo.environment) {
            case .x11:
                let run = try RunCommand.parse(["desktop", "--backend", "x11", "--mode", "overlay"])
                try run.run()
            case .wayland:
                RunCommand.say(
                    "not starting at login: this is a Wayland session, where a pass-through pointer overlay cannot "
                        + "follow the pointer over other applications. `adaptive-pointer autostart disable` removes the entry."
                )
            case .none:
                RunCommand.say("not starting at login: no display (neither DISPLAY nor WAYLAND_DISPLAY is set).")
            }
        }
    }
}
