import ArgumentParser

// Placeholder until the issue that owns `run` lands; it refuses to pretend.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'run' is not built yet")
    }
}
