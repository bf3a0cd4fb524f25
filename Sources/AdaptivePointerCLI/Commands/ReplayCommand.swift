import ArgumentParser

// Placeholder until the issue that owns `replay` lands; it refuses to pretend.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'replay' is not built yet")
    }
}
