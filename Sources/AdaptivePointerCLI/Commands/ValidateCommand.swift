import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import SceneFormat

/// `adaptive-pointer validate SCENE…`: loads each scene and reports every problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files and report every error with file:line:column.",
        discussion:
            "Prints all errors of each file to stderr and exits 1 if there are any; otherwise prints one summary line per file and exits 0."
    )

    @Argument(help: "Scene files (JSON, scene format version 1: docs/scene-format.md).")
    var scenes: [String]

    func run() throws {
        var failed = false
        for name in scenes {
            let path = (try? AssetLocator.resolveScene(name)) ?? name
            do {
                let scene = try SceneLoader.load(path: path)
                print(Self.summary(of: scene, path: path))
            } catch {
                failed = true
                for diagnostic in error.diagnostics {
                    FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
                }
                let count = error.diagnostics.count
                FileHandle.standardError.write(
                    Data("\(TerminalText.escaped(path)): \(count) error\(count == 1 ? "" : "s")\n".utf8))
            }
        }
        if failed { throw ExitCode(.failure) }
    }

    /// `demo.json: OK — "Music player", 12 regions (3 groups), 1 modifier rule`
    static func summary(of scene: Scene, path: String) -> String {
        var regionCount = 0
        var groups: Set<String> = []
        func visit(_ regions: [Region]) {
            for r in regions {
                regionCount += 1
                if let g = r.group { groups.insert(g) }
                visit(r.regions)
            }
        }
        visit(scene.regions)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        // Name and path escaped: a name holding an escape sequence cannot clear the
        // terminal or print a fake "OK" line.
        return
            "\(TerminalText.escaped(path)): OK — \(TerminalText.quoted(scene.name)), \(plural(regionCount, "region")) (\(plural(groups.count, "group"))), "
            + plural(scene.modifiers.count, "modifier rule")
    }
}
