import ArgumentParser

// Placeholder until the issue that owns `bench` lands; it refuses to pretend.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'bench' is not built yet")
    }
}
