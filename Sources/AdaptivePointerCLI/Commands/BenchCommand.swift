import ArgumentParser

/// `adaptive-pointer bench …`: benchmarks that print medians (docs/architecture.md
/// "Cost model"). Each kind lives in its own file and is listed here.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the project's performance budgets and print medians.",
        subcommands: [BenchCoreCommand.self, BenchRenderCommand.self, BenchLatencyCommand.self]
    )
}
