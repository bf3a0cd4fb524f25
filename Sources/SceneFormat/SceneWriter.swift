import PointerCore

/// Writes a scene as scene-format JSON: what `capture` produces from a real
/// application. Covers the keys a captured layout uses (frames, corner radii,
/// effects, beams, held axes, snap grids, hit padding, groups); a region's
/// stage content, menus, scrolling and zoom are not written.
public enum SceneWriter {
    public static func json(_ scene: Scene) -> String {
        var top: [String] = ["\"version\": 1", "\"name\": \(JSONText.string(scene.name))"]
        if scene.appearance != .light { top.append("\"appearance\": \(JSONText.string(scene.appearance.rawValue))") }
        if let size = scene.canvas.size {
            top.append("\"canvas\": { \"size\": [\(JSONText.number(size.width)), \(JSONText.number(size.height))] }")
        }
        let regions = scene.regions.map { "    " + region($0) }.joined(separator: ",\n")
        top.append("\"regions\": [\n\(regions)\n  ]")
        return "{\n  " + top.joined(separator: ",\n  ") + "\n}\n"
    }

    static func region(_ r: Region) -> String {
        var f = ["\"id\": \(JSONText.string(r.id))", "\"frame\": \(JSONText.rect(r.frame))"]
        switch r.cornerRadius {
        case .points(let p) where p != 8: f.append("\"cornerRadius\": \(JSONText.number(p))")
        case .capsule: f.append("\"cornerRadius\": \"capsule\"")
        default: break
        }
        if let e = r.effect { f.append("\"effect\": \(effect(e))") }
        if let s = r.shape, let text = shape(s) { f.append("\"shape\": \(text)") }
        if !r.constrainedAxes.isEmpty {
            f.append(
                "\"constrainedAxes\": ["
                    + r.constrainedAxes.map(\.rawValue).sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        if let g = r.snap {
            var parts: [String] = []
            if let x = g.x { parts.append("\"x\": \(JSONText.number(x))") }
            if let y = g.y { parts.append("\"y\": \(JSONText.number(y))") }
            if g.origin != .zero { parts.append("\"origin\": \(JSONText.point(g.origin))") }
            f.append("\"snap\": { " + parts.joined(separator: ", ") + " }")
        }
        if let p = r.hitPadding {
            f.append(
                "\"hitPadding\": [\([p.top, p.right, p.bottom, p.left].map(JSONText.number).joined(separator: ", "))]")
        }
        if let g = r.group { f.append("\"group\": \(JSONText.string(g))") }
        return "{ " + f.joined(separator: ", ") + " }"
    }

    static func effect(_ e: EffectSpec) -> String {
        switch e {
        case .automatic: return "\"automatic\""
        case .highlight: return "\"highlight\""
        case .lift: return "\"lift\""
        case .none: return "\"none\""
        case .hover(let s):
            return
                "{ \"hover\": { \"scale\": \(JSONText.number(s.scale)), \"shadow\": \(s.shadow), \"tint\": \"\(s.tint.rawValue)\" } }"
        }
    }

    static func shape(_ s: ShapeSpec) -> String? {
        switch s {
        case .circle: return "\"circle\""
        case .verticalBeam(let length):
            return "{ \"verticalBeam\": {\(length.map { " \"length\": \(JSONText.number($0)) " } ?? "")} }"
        case .horizontalBeam(let length):
            return "{ \"horizontalBeam\": {\(length.map { " \"length\": \(JSONText.number($0)) " } ?? "")} }"
        case .roundedRect(let size, let radius):
            var parts: [String] = []
            if let size { parts.append("\"size\": [\(JSONText.number(size.width)), \(JSONText.number(size.height))]") }
            if let radius { parts.append("\"cornerRadius\": \(JSONText.number(radius))") }
            return "{ \"roundedRect\": { " + parts.joined(separator: ", ") + " } }"
        case .builtin(let b): return "\"\(b.rawValue)\""
        case .path: return nil
        }
    }
}
