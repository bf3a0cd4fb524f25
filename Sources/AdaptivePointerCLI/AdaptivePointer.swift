import ArgumentParser
import Foundation
import PointerCore
import PointerHost

@main
struct AdaptivePointer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adaptive-pointer",
        abstract: "The iPadOS adaptive pointer as a Linux desktop overlay.",
        discussion: """
            Documentation (in the source tree's docs/, installed in share/doc/adaptive-pointer):
              scene-format.md     the scene file format: every key, default and unit
              trace-format.md     recorded traces and replay's frame dumps
              behaviours.md       the pointer behaviours (A1 … E28) the code and tests cite
              designing-scenes.md choosing effects and shapes; the lint rules
              accessibility.md    real applications' controls as targets (X11, Wayland desktop)
              architecture.md     how the program is built
            """,
        subcommands: [
            RunCommand.self, RenderCommand.self, ReplayCommand.self, ValidateCommand.self,
            LintCommand.self, SchemaCommand.self, BenchCommand.self, AutostartCommand.self, CompanionCommand.self,
            CaptureCommand.self,
        ]
    )

    /// ArgumentParser's own messages quote the value given (`--fps $'\e[2J'`): they
    /// are printed with control, bidi and zero-width characters escaped and each line
    /// cut at `usageLineLimit` characters, like everything else this tool echoes.
    static func main() {
        // Before anything slow: Ctrl-C and SIGTERM end any command at once (130, 143),
        // removing unfinished outputs; `run` takes them over once its loop is up.
        Termination.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { TerminalText.echo(String($0), limit: usageLineLimit) }
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// Longest line of a usage error printed whole (the option help it quotes fits).
    static let usageLineLimit = 600
}
