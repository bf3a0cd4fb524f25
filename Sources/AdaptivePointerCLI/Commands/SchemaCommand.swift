import ArgumentParser

// Placeholder until the issue that owns `schema` lands; it refuses to pretend.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "schema", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'schema' is not built yet")
    }
}
