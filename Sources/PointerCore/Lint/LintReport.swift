import Foundation

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

    public var errorCount: Int { entries.filter { $0.finding.severity == .error }.count }
    public var warningCount: Int { entries.filter { $0.finding.severity == .warning }.count }

    public mutating func add(file: String, findings: [LintFinding]) {
        files.append(file)
        entries += findings.map { Entry(file: file, finding: $0) }
    }

    /// A scene that does not load: each loader diagnostic becomes a `scene-invalid` error.
    public mutating func add(file: String, loadErrors: [SceneDiagnostic]) {
        files.append(file)
        for d in loadErrors {
            var message = d.jsonPath.isEmpty ? d.message : "\(d.jsonPath): \(d.message)"
            if let e = d.expected { message += "; expected \(e)" }
            entries.append(Entry(file: file, finding: LintFinding(
                rule: "scene-invalid", severity: .error, regions: [],
                location: d.location.line > 0 ? d.location : nil,
                message: message,
                fix: d.suggestion ?? (d.location.line > 0 ? "fix the scene so 'adaptive-pointer validate' accepts it"
                                                           : "check the path and that the file is readable"))))
        }
    }

    /// `file:line:col: warning: [rule] message (regions: a, b). Fix: …` — then a summary line.
    public func text() -> String {
        var out = ""
        for e in entries {
            let f = e.finding
            let place = f.location.map { "\($0.file):\($0.line):\($0.column)" } ?? e.file
            var line = "\(place): \(f.severity.rawValue): [\(f.rule)] \(f.message)"
            if !f.regions.isEmpty { line += " (regions: \(f.regions.joined(separator: ", ")))" }
            else if let s = f.subject { line += " (\(s))" }
            line += ". Fix: \(f.fix)"
            out += line + "\n"
        }
        func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
        out += "\(plural(files.count, "scene")) checked: \(plural(errorCount, "error")), \(plural(warningCount, "warning"))\n"
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
            if let l = f.location { o["line"] = l.line; o["column"] = l.column }
            if let s = f.subject { o["subject"] = s }
            findings.append(o)
        }
        let doc: [String: Any] = ["findings": findings, "errors": errorCount, "warnings": warningCount, "files": files]
        guard let data = try? JSONSerialization.data(withJSONObject: doc, options: [.prettyPrinted, .sortedKeys]),
              let text = String(data: data, encoding: .utf8) else { return "{}\n" }
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
