import ArgumentParser

// Placeholder until the issue that owns `lint` lands; it refuses to pretend.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lint", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'lint' is not built yet")
    }
}
