import Foundation
import PointerCore
import SceneFormat

/// Collects lint findings over several files and prints them for people (one per line,
/// compiler style, so editors can jump to them) or as JSON for tools (`lint --json`).
public struct LintReport: Sendable {
    public struct Entry: Sendable {
        public var file: String
        public var finding: LintFinding
    }
    public private(set) var entries: [Entry] = []
    public private(set) var files: [String] = []

    public init() {}

    /// Longest finding line printed whole (characters).
    public static let lintLineLimit = 2000

    /// Findings counted, the ones summed up in an "… more" line included.
    public var errorCount: Int { count(.error) }
    public var warningCount: Int { count(.warning) }

    private func count(_ severity: LintSeverity) -> Int {
        entries.reduce(0) { $0 + ($1.finding.severity == severity ? max($1.finding.omitted, 1) : 0) }
    }

    /// Adds a scene's findings: at most `SceneLimits.lintFindingsPerRule` of each rule,
    /// then one line per rule saying how many more there are, so a pathological scene
    /// (a thousand overlapping tiles) gives a readable report, not hundreds of MB.
    public mutating func add(file: String, findings: [LintFinding]) {
        files.append(file)
        let cap = SceneLimits.lintFindingsPerRule
        var shown: [String: Int] = [:]
        var extra: [(rule: String, severity: LintSeverity, count: Int)] = []
        var extraIndex: [String: Int] = [:]
        for f in findings {
            let n = shown[f.rule, default: 0]
            if n < cap {
                shown[f.rule] = n + 1
                entries.append(Entry(file: file, finding: f))
            } else if let i = extraIndex[f.rule] {
                extra[i].count += 1
            } else {
                extraIndex[f.rule] = extra.count
                extra.append((f.rule, f.severity, 1))
            }
        }
        for e in extra {
            var summary = LintFinding(
                rule: e.rule, severity: e.severity, regions: [], location: nil,
                message:
                    "\(e.count) more [\(e.rule)] finding\(e.count == 1 ? "" : "s") not shown (at most \(cap) per rule are listed)",
                fix: "fix the ones listed and lint again")
            summary.omitted = e.count
            entries.append(Entry(file: file, finding: summary))
        }
    }

    /// A scene that does not load: each loader diagnostic becomes a `scene-invalid` error.
    public mutating func add(file: String, loadErrors: [SceneDiagnostic]) {
        files.append(file)
        for d in loadErrors {
            var message = d.jsonPath.isEmpty ? d.message : "\(d.jsonPath): \(d.message)"
            if let e = d.expected { message += "; expected \(e)" }
            entries.append(
                Entry(
                    file: file,
                    finding: LintFinding(
                        rule: "scene-invalid", severity: .error, regions: [],
                        location: d.location.line > 0 ? d.location : nil,
                        message: message,
                        fix: d.suggestion
                            ?? (d.location.line > 0
                                ? "fix the scene so 'adaptive-pointer validate' accepts it"
                                : "check the path and that the file is readable"))))
        }
    }

    /// `file:line:col: warning: [rule] message (regions: a, b). Fix: …` — then a summary line.
    public func text() -> String {
        var out = ""
        for e in entries {
            let f = e.finding
            let place = f.location.map { "\($0.file):\($0.line):\($0.column)" } ?? e.file
            // Ids longer than TerminalText.lineLimit are cut wherever the message names them.
            func cut(_ text: String) -> String {
                var text = text
                for id in Set(f.regions) where id.unicodeScalars.count > TerminalText.lineLimit {
                    text = text.replacingOccurrences(of: id, with: TerminalText.echo(id))
                }
                return text
            }
            var line = "\(place): \(f.severity.rawValue): [\(f.rule)] \(cut(f.message))"
            if !f.regions.isEmpty {
                line += " (regions: \(f.regions.map { TerminalText.echo($0) }.joined(separator: ", ")))"
            } else if let s = f.subject {
                line += " (\(s))"
            }
            line += ". Fix: \(cut(f.fix))"
            // One line per finding whatever the scene's names and paths hold, and never
            // more than lintLineLimit characters (a long id that is not a region's).
            out += TerminalText.echo(line, limit: Self.lintLineLimit) + "\n"
        }
        func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
        out +=
            "\(plural(files.count, "scene")) checked: \(plural(errorCount, "error")), \(plural(warningCount, "warning"))\n"
        return out
    }

    /// `{"findings":[{"file":…,"line":…,"column":…,"severity":…,"rule":…,"regions":[…],"message":…,"fix":…}],
    ///   "errors":n,"warnings":n,"files":[…]}`
    public func json() -> String {
        var findings: [[String: Any]] = []
        for e in entries {
            let f = e.finding
            var o: [String: Any] = [
                "file": f.location?.file ?? e.file, "severity": f.severity.rawValue, "rule": f.rule,
                "regions": f.regions, "message": f.message, "fix": f.fix,
            ]
            if let l = f.location {
                o["line"] = l.line
                o["column"] = l.column
            }
            if let s = f.subject { o["subject"] = s }
            if f.omitted > 0 { o["omitted"] = f.omitted }
            findings.append(o)
        }
        let doc: [String: Any] = ["findings": findings, "errors": errorCount, "warnings": warningCount, "files": files]
        guard let data = try? JSONSerialization.data(withJSONObject: doc, options: [.prettyPrinted, .sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}\n" }
        return text + "\n"
    }

    /// `lint --rules`: id, severity, summary and the behaviours (docs/behaviours.md) per rule.
    public static func catalogueText() -> String {
        let width = SceneLinter.catalogue.map(\.id.count).max() ?? 0
        return SceneLinter.catalogue.map { info in
            info.id.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(info.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  "
                + "\(info.summary) [\(info.reference)]"
        }.joined(separator: "\n")
    }
}
