import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import SceneFormat

/// `adaptive-pointer schema`: prints the JSON Schema of the scene format, so editors can
/// complete and explain scene files (`"$schema": "…/scene.schema.json"`).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the scene format.",
        discussion: """
            Save it next to your scenes and point editors at it:
              adaptive-pointer schema > scene.schema.json
              { "$schema": "./scene.schema.json", "version": 1, ... }
            Use --path to print where the bundled copy lives instead.
            The full reference of the format is docs/scene-format.md.
            """)

    @Flag(name: .long, help: "Print the path of the bundled schema file instead of its contents.")
    var path = false

    func run() throws {
        let assets = try AssetLocator.locate()
        let file = assets.schemaFile
        if path {
            print(file.path)
            return
        }
        // Bounded and non-blocking: ADAPTIVE_POINTER_ASSETS may point anywhere.
        let bytes: [UInt8]
        do { bytes = try InputFile.read(file.path, limit: 1 << 20) } catch {
            throw ValidationError(
                "cannot read the scene schema at \(TerminalText.echo(file.path)) (\(error)); reinstall with "
                    + "'make install' or set ADAPTIVE_POINTER_ASSETS to the Assets folder")
        }
        FileHandle.standardOutput.write(Data(bytes))
    }
}
