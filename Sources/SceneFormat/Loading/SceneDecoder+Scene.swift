import PointerCore

/// The top level: version, name, appearance, canvas, pointer, regions, modifiers.
extension SceneDecoder {
    static let topKeys = ["$schema", "version", "name", "appearance", "canvas", "pointer", "regions", "modifiers"]

    func scene(_ root: JSONValue, defaultName: String) -> Scene {
        var scene = Scene(name: defaultName)
        let path = JSONPath.root
        guard let f = object(root, path, known: Self.topKeys, expected: "a scene object {\"version\": 1, …}") else {
            return scene
        }
        if let v = required(f, "version", expected: "\"version\": 1") {
            if case .number(let n) = v.kind, n == 1 {
                scene.version = 1
            } else {
                report(
                    v.position, f.path("version"), "unsupported scene format version \(describe(v))", expected: "1",
                    suggestion: "this build reads scene format version 1")
            }
        }
        if let v = f["$schema"] { _ = string(v, f.path("$schema"), expected: "a schema URL or path") }
        if let v = f["name"], let s = string(v, f.path("name"), expected: "the scene's name") { scene.name = s }
        if let v = f["appearance"], let a = choice(v, f.path("appearance"), Appearance.self) { scene.appearance = a }
        if let v = f["canvas"] { scene.canvas = canvas(v, f.path("canvas")) }
        if let v = f["pointer"] { scene.pointer = pointer(v, f.path("pointer")) }
        if let v = f["regions"] { scene.regions = regions(v, f.path("regions")) }
        if let v = f["modifiers"] { scene.modifiers = modifiers(v, f.path("modifiers")) }
        checkReferences()
        return scene
    }

    private func canvas(_ value: JSONValue, _ path: JSONPath) -> Canvas {
        var canvas = Canvas()
        guard let f = object(value, path, known: ["size", "color", "image"]) else { return canvas }
        if let v = f["size"], let s = size(v, f.path("size")) {
            if let problem = Self.canvasProblem(s) {
                report(
                    v.position, f.path("size"), problem,
                    expected: "each side at most \(SceneLimits.points(SceneLimits.canvasSide)) pt and at most "
                        + "\(SceneLimits.grouped(Int(SceneLimits.canvasArea))) pt² in all (docs/limits.md)",
                    suggestion: "an 8K display is 7680 × 4320 pt; leave out \"size\" to use the output's size")
            } else {
                canvas.size = s
            }
        }
        if let v = f["color"] { canvas.color = color(v, f.path("color")) }
        if let v = f["image"] { canvas.image = imagePath(v, f.path("image")) }
        return canvas
    }

    /// Why a canvas size is refused (`SceneLimits`), nil when it is fine.
    static func canvasProblem(_ s: Size) -> String? {
        if s.width > SceneLimits.canvasSide || s.height > SceneLimits.canvasSide {
            return "a canvas of \(SceneLimits.points(s.width)) × \(SceneLimits.points(s.height)) pt is too large"
        }
        if s.width * s.height > SceneLimits.canvasArea {
            return "a canvas of \(SceneLimits.points(s.width)) × \(SceneLimits.points(s.height)) pt "
                + "(\(SceneLimits.grouped(Int(s.width * s.height))) pt²) is too large"
        }
        return nil
    }

    private func pointer(_ value: JSONValue, _ path: JSONPath) -> PointerSettings {
        var p = PointerSettings()
        guard let f = object(value, path, known: ["diameter", "autoHideDelay", "inertia", "magnetism", "liftDelay"])
        else { return p }
        if let v = f["diameter"], let d = shapeLength(v, f.path("diameter"), what: "a diameter in pt") {
            p.diameter = d
        }
        if let v = f["autoHideDelay"],
            let d = positive(v, f.path("autoHideDelay"), strict: false, what: "seconds (0 = never)")
        {
            p.autoHideDelay = d
        }
        if let v = f["inertia"], let b = bool(v, f.path("inertia")) { p.inertia = b }
        if let v = f["magnetism"], let m = object(v, f.path("magnetism"), known: ["radius"]),
            let r = m["radius"],
            let radius = positive(r, m.path("radius"), strict: false, what: "a radius in pt (0 = off)")
        {
            p.magnetismRadius = radius
        }
        if let v = f["liftDelay"], let d = positive(v, f.path("liftDelay"), strict: false, what: "seconds") {
            p.liftDelay = d
        }
        return p
    }

    private func modifiers(_ value: JSONValue, _ path: JSONPath) -> [ModifierRule] {
        guard
            withinLimit(
                value, path, limit: SceneLimits.modifierRules, of: "modifier rules",
                suggestion: "one rule per key combination is enough"),
            let items = array(value, path, expected: "an array of modifier rules")
        else { return [] }
        var out: [ModifierRule] = []
        for (i, item) in items.enumerated() {
            let rulePath = path[i]
            guard
                let f = object(
                    item, rulePath, known: ["keys", "shape", "regions"],
                    expected: "a modifier rule {\"keys\", \"shape\", \"regions\"}")
            else { continue }
            var keys: Set<ModifierKey> = []
            let keysExpected = "a non-empty array of \"shift\", \"ctrl\", \"alt\", \"super\""
            if let v = required(f, "keys", expected: keysExpected),
                let list = array(v, f.path("keys"), expected: keysExpected)
            {
                if list.isEmpty { report(v.position, f.path("keys"), "no keys listed", expected: keysExpected) }
                for (k, key) in list.enumerated() {
                    if let m = choice(key, f.path("keys")[k], ModifierKey.self) { keys.insert(m) }
                }
            }
            let shape = required(f, "shape", expected: "a shape").flatMap { self.shape($0, f.path("shape")) }
            var regionIDs: [String]?
            if let v = f["regions"],
                withinLimit(
                    v, f.path("regions"), limit: SceneLimits.ruleRegions, of: "region ids",
                    suggestion:
                        "list each region once; a scene has at most \(SceneLimits.grouped(SceneLimits.regions)) regions"
                ),
                let ids = strings(v, f.path("regions"), expected: "an array of region ids")
            {
                for (k, (id, item)) in ids.enumerated() {
                    references.append(
                        RegionReference(
                            id: id, value: item, path: f.path("regions")[k],
                            context: "modifier rule"))
                }
                regionIDs = ids.map(\.0)
            }
            if let shape, !keys.isEmpty {
                out.append(ModifierRule(keys: keys, shape: shape, regions: regionIDs))
            }
        }
        return out
    }

    /// Unknown ids that get a "did you mean" (each one is compared with every id).
    static let suggestedReferences = 100

    /// `hides` and modifier `regions` must name regions that exist somewhere in the scene.
    private func checkReferences() {
        var known: KeySuggestion.Candidates?
        var suggested = 0
        for ref in references where regionIDs[ref.id] == nil {
            if known == nil { known = KeySuggestion.Candidates(Array(regionIDs.keys).sorted()) }
            var hint: String?
            if suggested < Self.suggestedReferences, let known {
                suggested += 1
                hint = KeySuggestion.closest(to: ref.id, among: known).map { "did you mean \"\($0)\"?" }
            }
            report(
                ref.position, ref.path, "\(ref.context) names unknown region id \(TerminalText.quoted(ref.id))",
                expected: "the id of a region in this scene", suggestion: hint)
        }
    }
}
