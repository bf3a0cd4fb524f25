import Foundation
import PointerCore
import SceneFormat
import SceneLint

/// libFuzzer target (scripts/fuzz.sh scene): scene bytes → loader → lint → report.
/// Whatever the bytes, loading and linting must return (no trap, no hang) and every
/// diagnostic must point inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    var report = LintReport()
    do {
        let scene = try SceneLoader.load(data: bytes, file: "fuzz.json", baseDirectory: "/nonexistent")
        let findings = SceneLinter.lint(scene)
        report.add(file: "fuzz.json", findings: findings)
        _ = SceneLayout(scene: scene).canvasSize
    } catch {
        for d in error.diagnostics {
            if d.location.line < 0 || d.location.line > lines || (d.location.line > 0 && d.location.column < 1) {
                fatalError("diagnostic outside the file: \(d)")
            }
        }
        report.add(file: "fuzz.json", loadErrors: error.diagnostics)
    }
    let text = report.text()
    // Terminal output stays escaped: no control character but the line ends.
    if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) {
        fatalError("raw control character in lint output")
    }
    _ = report.json()
    return 0
}
