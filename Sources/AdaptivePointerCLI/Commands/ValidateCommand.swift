import ArgumentParser

// Placeholder until the issue that owns `validate` lands; it refuses to pretend.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'validate' is not built yet")
    }
}
