import ArgumentParser

// Placeholder until the issue that owns `render` lands; it refuses to pretend.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "(not built yet)")

    func run() throws {
        throw ValidationError("'render' is not built yet")
    }
}
