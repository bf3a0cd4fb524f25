import ArgumentParser

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
              accessibility.md    real applications' controls as targets (X11)
              architecture.md     how the program is built
            """,
        subcommands: [RunCommand.self, RenderCommand.self, ReplayCommand.self, ValidateCommand.self,
                      LintCommand.self, SchemaCommand.self, BenchCommand.self, AutostartCommand.self, CaptureCommand.self]
    )
}
