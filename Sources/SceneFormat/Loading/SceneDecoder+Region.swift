import PointerCore

/// One region object (and, recursively, its children).
extension SceneDecoder {
    static let regionKeys = [
        "id", "frame", "cornerRadius", "effect", "shape", "constrainedAxes", "snap",
        "hitPadding", "group", "selected", "content", "menu", "scroll", "zoom",
        "reveal", "hides", "regions",
    ]
    static let idExpected = "a string of letters, digits, '_', '.' or '-'"

    /// `origin`: the parent's frame origin in canvas coordinates (for `SceneLimits.frameExtent`).
    func regions(_ value: JSONValue, _ path: JSONPath, origin: Point = .zero) -> [Region] {
        guard let items = array(value, path, expected: "an array of region objects") else { return [] }
        let path = path.frozen()
        var out: [Region] = []
        out.reserveCapacity(min(items.count, SceneLimits.regions))
        for (i, item) in items.enumerated() {
            // Past the limit nothing more is read (reported once, at the first one over).
            if regionCount >= SceneLimits.regions {
                report(
                    item.position, path[i],
                    "more than \(SceneLimits.grouped(SceneLimits.regions)) regions in the scene",
                    expected:
                        "at most \(SceneLimits.grouped(SceneLimits.regions)) regions, nested ones included (docs/limits.md)",
                    suggestion: "split the scene into several files")
                regionCount += 1
                break
            }
            if let r = region(item, path[i], origin: origin) { out.append(r) }
        }
        return out
    }

    func region(_ value: JSONValue, _ path: JSONPath, origin: Point = .zero) -> Region? {
        regionCount += 1
        guard let f = object(value, path, known: Self.regionKeys, expected: "a region object") else { return nil }
        var region = Region(id: "", frame: .zero, location: value.position.location(in: file))

        if let v = required(f, "id", expected: Self.idExpected), let id = regionID(v, f.path("id")) {
            region.id = id
        }
        if let v = required(f, "frame", expected: "[x, y, w, h] with w, h > 0"), let r = frame(v, f.path("frame")) {
            if let problem = Self.extentProblem(r.offsetBy(origin)) {
                report(
                    v.position, f.path("frame"), problem,
                    expected:
                        "frames within ±\(SceneLimits.points(SceneLimits.frameExtent)) pt of the canvas origin (docs/limits.md)"
                )
            } else {
                region.frame = r
            }
        }
        if let v = f["cornerRadius"], let r = cornerRadius(v, f.path("cornerRadius")) { region.cornerRadius = r }
        if let v = f["effect"] { region.effect = effect(v, f.path("effect")) }
        if let v = f["shape"] { region.shape = shape(v, f.path("shape")) }
        if let v = f["constrainedAxes"],
            let items = array(v, f.path("constrainedAxes"), expected: "[\"horizontal\"], [\"vertical\"] or both")
        {
            for (i, item) in items.enumerated() {
                if let axis = choice(item, f.path("constrainedAxes")[i], Axis.self) {
                    region.constrainedAxes.insert(axis)
                }
            }
        }
        if let v = f["snap"] { region.snap = snap(v, f.path("snap")) }
        if let v = f["hitPadding"] { region.hitPadding = hitPadding(v, f.path("hitPadding")) }
        if let v = f["group"], let g = string(v, f.path("group"), expected: "a group name") {
            if g.isEmpty {
                report(v.position, f.path("group"), "empty group name", expected: "a non-empty string")
            } else {
                region.group = g
            }
        }
        if let v = f["selected"], let b = bool(v, f.path("selected")) { region.selected = b }
        if let v = f["content"] { region.content = content(v, f.path("content")) }
        if let v = f["menu"],
            withinLimit(
                v, f.path("menu"), limit: SceneLimits.menuItems, of: "menu items",
                suggestion: "keep the items people use; a context menu shows a few dozen"),
            let items = strings(v, f.path("menu"), expected: "an array of menu item titles")
        {
            for (i, (title, item)) in items.enumerated() where title.count > SceneLimits.menuTitleCharacters {
                report(
                    item.position, f.path("menu")[i],
                    "a menu item title of \(SceneLimits.grouped(title.count)) characters",
                    expected:
                        "at most \(SceneLimits.grouped(SceneLimits.menuTitleCharacters)) characters (docs/limits.md)")
            }
            region.menu = items.map(\.0)
        }
        if let v = f["scroll"], let s = object(v, f.path("scroll"), known: ["contentSize"]),
            let cs = required(s, "contentSize", expected: "[w, h] with w, h > 0"),
            let size = size(cs, s.path("contentSize"))
        {
            if size.width > SceneLimits.frameExtent || size.height > SceneLimits.frameExtent {
                report(
                    cs.position, s.path("contentSize"),
                    "a content size of \(format(size.width)) × \(format(size.height)) pt is too large",
                    expected: "each side at most \(SceneLimits.points(SceneLimits.frameExtent)) pt (docs/limits.md)")
            } else {
                region.scroll = ScrollSpec(contentSize: size)
            }
        }
        if let v = f["zoom"] { region.zoom = zoom(v, f.path("zoom")) }
        if let v = f["reveal"], let s = string(v, f.path("reveal"), expected: "\"hover\"") {
            if let r = Reveal(rawValue: s) {
                region.reveal = r
            } else {
                report(v.position, f.path("reveal"), "unknown reveal \(TerminalText.quoted(s))", expected: "\"hover\"")
            }
        }
        if let v = f["hides"], let items = array(v, f.path("hides"), expected: "an array of region ids") {
            // Read item by item and kept once per id, with the count of repeats: an id
            // listed millions of times is checked once (a reference and a JSON path each
            // took gigabytes) and the engine does not walk it millions of times a frame.
            let path = f.path("hides").frozen()
            var hides: [String] = []
            var listed: [String: Int] = [:]
            for (i, item) in items.enumerated() {
                let id: String
                if case .string(let s) = item.kind {
                    id = s
                } else if let s = string(item, path[i]) {
                    id = s
                } else {
                    continue
                }
                listed[id, default: 0] += 1
                if listed[id] == 1 {
                    hides.append(id)
                    references.append(RegionReference(id: id, value: item, path: path[i], context: "hides"))
                }
            }
            region.hides = hides
            region.hidesListed = listed.filter { $0.value > 1 }
        }
        if let v = f["regions"] {
            region.regions = regions(v, f.path("regions"), origin: region.frame.offsetBy(origin).origin)
        }
        return region
    }

    /// Why an absolute frame is refused (`SceneLimits.frameExtent`), nil when it is fine.
    static func extentProblem(_ r: Rect) -> String? {
        let reach = max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY))
        guard reach > SceneLimits.frameExtent else { return nil }
        return "the frame reaches \(SceneLimits.points(reach.rounded(.up))) pt from the canvas origin, beyond the "
            + "±\(SceneLimits.points(SceneLimits.frameExtent)) pt limit"
    }

    /// Checks the id's spelling and that no other region uses it.
    private func regionID(_ value: JSONValue, _ path: JSONPath) -> String? {
        guard let id = string(value, path, expected: Self.idExpected) else { return nil }
        let valid =
            !id.isEmpty
            && id.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
            }
        guard valid else {
            report(value.position, path, "invalid region id \(TerminalText.quoted(id))", expected: Self.idExpected)
            return nil
        }
        if let first = regionIDs[id] {
            report(
                value.position, path,
                "duplicate region id \"\(id)\" (first used at \(TerminalText.escaped(file)):\(first.position.line):\(first.position.column))",
                suggestion: "region ids must be unique across the scene; rename one")
            return id
        }
        regionIDs[id] = value
        return id
    }

    private func cornerRadius(_ value: JSONValue, _ path: JSONPath) -> CornerRadius? {
        let expected = "a number ≥ 0 or \"capsule\""
        switch value.kind {
        case .string(let s):
            if s == "capsule" { return .capsule }
            report(
                value.position, path, "unknown corner radius \(TerminalText.quoted(s))", expected: expected,
                suggestion: KeySuggestion.closest(to: s, among: ["capsule"]).map { "did you mean \"\($0)\"?" })
            return nil
        default:
            return positive(value, path, strict: false, what: "a number").map { .points($0) }
        }
    }

    private func snap(_ value: JSONValue, _ path: JSONPath) -> SnapGrid? {
        guard let f = object(value, path, known: ["x", "y", "origin", "to"]) else { return nil }
        var grid = SnapGrid()
        let steps = SceneLimits.snapStepMinimum...Self.maxMagnitude
        if let v = f["x"] { grid.x = limited(v, f.path("x"), steps, unit: "pt", what: "a cell width") }
        if let v = f["y"] { grid.y = limited(v, f.path("y"), steps, unit: "pt", what: "a cell height") }
        if let v = f["origin"], let p = point(v, f.path("origin")) { grid.origin = p }
        let targets = "\"centers\" (cell centres, the default) or \"lines\" (where each cell starts)"
        if let v = f["to"], let s = string(v, f.path("to"), expected: targets) {
            if let t = SnapTarget(rawValue: s) {
                grid.to = t
            } else {
                report(v.position, f.path("to"), "unknown snap target \"\(s)\"", expected: targets)
            }
        }
        if f["x"] == nil && f["y"] == nil {
            report(
                value.position, path, "a snap grid needs \"x\", \"y\" or both",
                expected: "{\"x\": pt, \"y\": pt, \"origin\": [x, y]}")
            return nil
        }
        return grid
    }

    private func hitPadding(_ value: JSONValue, _ path: JSONPath) -> EdgeInsets? {
        let expected = "a number ≥ 0 or [top, right, bottom, left]"
        switch value.kind {
        case .number:
            return positive(value, path, strict: false, what: "a padding in pt").map { EdgeInsets(all: $0) }
        case .array(let items):
            guard let n = numbers(value, path, count: 4, expected: expected) else { return nil }
            let elements = Array(items)
            var ok = true
            for (i, x) in n.enumerated() where !(x >= 0) {
                report(elements[i].position, path[i], "padding must be ≥ 0, found \(format(x))", expected: expected)
                ok = false
            }
            return ok ? EdgeInsets(top: n[0], right: n[1], bottom: n[2], left: n[3]) : nil
        default:
            report(value.position, path, "expected \(expected), found \(describe(value))")
            return nil
        }
    }

    private func content(_ value: JSONValue, _ path: JSONPath) -> RegionContent? {
        guard let f = object(value, path, known: ["fill", "image", "symbol", "label", "color"]) else { return nil }
        var c = RegionContent()
        if let v = f["fill"] { c.fill = color(v, f.path("fill")) }
        if let v = f["image"] { c.image = imagePath(v, f.path("image")) }
        if let v = f["symbol"], let name = string(v, f.path("symbol"), expected: "a symbol name") {
            if SymbolNames.all.contains(name) {
                c.symbol = name
            } else {
                report(
                    v.position, f.path("symbol"), "unknown symbol \(TerminalText.quoted(name))",
                    expected: "one of the built-in symbols (docs/scene-format.md)",
                    suggestion: KeySuggestion.hint(for: name, among: SymbolNames.all))
            }
        }
        if let v = f["label"] { c.label = string(v, f.path("label"), expected: "label text") }
        if let v = f["color"] { c.color = color(v, f.path("color")) }
        return c
    }

    private func zoom(_ value: JSONValue, _ path: JSONPath) -> ZoomSpec? {
        guard let f = object(value, path, known: ["min", "max", "rotate"]) else { return nil }
        var z = ZoomSpec()
        if let v = f["min"], let s = limited(v, f.path("min"), SceneLimits.scaleFactors, what: "a scale factor") {
            z.min = s
        }
        if let v = f["max"], let s = limited(v, f.path("max"), SceneLimits.scaleFactors, what: "a scale factor") {
            z.max = s
        }
        if let v = f["rotate"], let b = bool(v, f.path("rotate")) { z.rotate = b }
        if z.min > z.max {
            report(
                value.position, path, "zoom min \(format(z.min)) is greater than max \(format(z.max))",
                expected: "min ≤ max")
            return nil
        }
        return z
    }
}
