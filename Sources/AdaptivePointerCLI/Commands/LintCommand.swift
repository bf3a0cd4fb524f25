import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import SceneFormat
import SceneLint

/// `adaptive-pointer lint SCENE…`: checks scenes against the pointer design guidance
/// (behaviours C18, D22). One finding per line (or `--json`); exit 1 on errors.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check scenes against the pointer design rules (groups, hit areas, effects, shapes).",
        discussion: """
            Each finding: file:line:column, severity, rule id, the regions concerned, what is \
            wrong and a fix. A scene that does not load is reported as 'scene-invalid' errors. \
            Exits 1 when any finding is an error; warnings alone exit 0. \
            List the rules with --rules; they are explained in docs/designing-scenes.md, and the \
            behaviour numbers in brackets in docs/behaviours.md.
            """)

    @Argument(help: "Scene files to check (or names of bundled scenes, e.g. toolbar).")
    var scenes: [String] = []

    @Flag(name: .long, help: "Print the findings as one JSON document on stdout.")
    var json = false

    @Flag(name: .long, help: "List every rule id with its severity and what it checks, then exit.")
    var rules = false

    func validate() throws {
        if !rules && scenes.isEmpty { throw ValidationError("name at least one scene file (or use --rules)") }
    }

    func run() throws {
        if rules {
            print(LintReport.catalogueText())
            return
        }
        var report = LintReport()
        for name in scenes {
            let path = (try? AssetLocator.resolveScene(name)) ?? name
            do {
                let scene = try SceneLoader.load(path: path)
                report.add(file: path, findings: SceneLinter.lint(scene, images: PNGSceneImages()))
            } catch {
                report.add(file: path, loadErrors: error.diagnostics)
            }
        }
        print(json ? report.json() : report.text(), terminator: "")
        if report.errorCount > 0 { throw ExitCode(.failure) }
    }

}
