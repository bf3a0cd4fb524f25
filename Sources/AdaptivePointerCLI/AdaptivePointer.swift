import ArgumentParser

@main
struct AdaptivePointer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adaptive-pointer",
        abstract: "The iPadOS adaptive pointer as a Linux desktop overlay.",
        subcommands: [RunCommand.self, RenderCommand.self, ReplayCommand.self, ValidateCommand.self,
                      LintCommand.self, SchemaCommand.self, BenchCommand.self, AutostartCommand.self, CaptureCommand.self]
    )
}
