import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

/// The JSON Schema (Assets/Schema/scene.schema.json) and `SceneLoader` must agree, so an
/// editor's squiggles mean what `validate` means. Checked with python3-jsonschema, the
/// Debian package (scripts/install-deps.sh), run by /usr/bin/python3.
@Suite struct SchemaAgreementTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = packageRoot.appendingPathComponent("Assets/Schema/scene.schema.json")
    static let cases = packageRoot.appendingPathComponent("Tests/Fixtures/SchemaCases")
    static let python = "/usr/bin/python3"

    static func jsonFiles(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Schema verdicts for `files`: path → nil when valid, else the first error message.
    static func schemaVerdicts(_ files: [URL]) throws -> [String: String?] {
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("python3-jsonschema is missing: apt-get install python3-jsonschema (see scripts/install-deps.sh)")
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
                if errors:
                    e = errors[0]
                    print("fail\\t" + path + "\\t" + "/".join(map(str, e.path)) + ": " + e.message.replace("\\n", " ")[:200])
                else:
                    print("ok\\t" + path)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, schema.path] + files.map(\.path)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw SchemaCheckError(message: "python3 exited \(process.terminationStatus): \(text)")
        }
        var verdicts: [String: String?] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard parts.count >= 2 else { continue }
            verdicts[parts[1]] = parts[0] == "ok" ? .some(nil) : .some(parts.count > 2 ? parts[2] : "invalid")
        }
        return verdicts
    }

    struct SchemaCheckError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test("the schema and the loader accept every bundled scene and good case, and reject every bad case")
    func agreement() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("\(Self.python) is missing: install python3 and python3-jsonschema (scripts/install-deps.sh)")
            return
        }
        let scenes = Self.jsonFiles(in: Self.packageRoot.appendingPathComponent("Assets/Scenes"))
        let good = Self.jsonFiles(in: Self.cases.appendingPathComponent("good"))
        let bad = Self.jsonFiles(in: Self.cases.appendingPathComponent("bad"))
        #expect(good.count >= 5 && bad.count >= 50)
        let verdicts = try Self.schemaVerdicts(scenes + good + bad)
        for file in scenes + good + bad {
            let shouldPass = !bad.contains(file)
            var loaderError: String?
            do {
                _ = try SceneLoader.load(path: file.path)
            } catch {
                loaderError = error.description
            }
            let schemaVerdict = verdicts[file.path] ?? .some("no verdict from the schema check")
            let name = file.pathComponents.suffix(2).joined(separator: "/")
            #expect((loaderError == nil) == shouldPass, "\(name): loader: \(loaderError ?? "accepted")")
            #expect((schemaVerdict == nil) == shouldPass, "\(name): schema: \(schemaVerdict ?? "accepted")")
        }
    }

    @Test("every key in the schema has a description and a default, so editors can complete and explain it")
    func documented() throws {
        let data = try Data(contentsOf: Self.schema)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = root["$defs"] as? [String: Any] ?? [:]
        func resolved(_ node: [String: Any]) -> [String: Any] {
            guard let ref = node["$ref"] as? String, ref.hasPrefix("#/$defs/"),
                let target = defs[String(ref.dropFirst(8))] as? [String: Any]
            else { return node }
            return resolved(target).merging(node) { _, own in own }
        }
        var missing: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (key, value) in properties {
                        let property = resolved(value as? [String: Any] ?? [:])
                        if property["description"] == nil { missing.append("\(path).\(key): description") }
                        if property["default"] == nil { missing.append("\(path).\(key): default") }
                    }
                }
                for (key, value) in object { walk(value, path + "/" + key) }
            } else if let array = node as? [Any] {
                for (i, value) in array.enumerated() { walk(value, path + "[\(i)]") }
            }
        }
        walk(root, "#")
        #expect(missing.isEmpty, "\(missing.sorted())")
    }
}
