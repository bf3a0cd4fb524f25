import PointerCore
import SceneFormat

/// Writes a `PointerFrame` as one frame-dump JSON object (docs/trace-format.md
/// "Frame dumps"): the documented keys in a fixed order, numbers rounded to at
/// most 3 decimals. Extensions: `visible.transition` while a path morph runs,
/// `modifiers` and `dragging` when set, region `emphasis`.
public enum FrameDumpWriter {
    public static func line(_ frame: PointerFrame) -> String {
        let n = JSONText.number
        let v = frame.visible
        var visible = "{\"shape\":\(JSONText.string(v.kind.rawValue)),"
        visible += "\"name\":\(v.name.map(JSONText.string) ?? "null"),"
        visible += "\"frame\":\(JSONText.rect(v.frame)),\"cornerRadius\":\(n(v.cornerRadius)),"
        visible += "\"opacity\":\(n(v.opacity)),\"scale\":\(n(v.scale))"
        if let t = v.transition {
            visible +=
                ",\"transition\":{\"from\":\(JSONText.string(t.fromKind.rawValue)),\"progress\":\(n(t.progress))}"
        }
        visible += "}"

        var out = "{\"t\":\(n(frame.time)),\"pointer\":{\"x\":\(n(frame.pointer.x)),\"y\":\(n(frame.pointer.y))},"
        out += "\"visible\":\(visible),"
        out += "\"target\":\(frame.target.map(JSONText.string) ?? "null"),"
        out += "\"effect\":\(frame.effect.map { JSONText.string($0.name) } ?? "null"),"
        out += "\"pressed\":\(frame.pressed),\"hidden\":\(frame.hidden),"
        if let m = frame.menu {
            out += "\"menu\":{\"region\":\(JSONText.string(m.region)),\"items\":["
            out += m.items.map(JSONText.string).joined(separator: ",")
            out += "],\"frame\":\(JSONText.rect(m.frame))},"
        } else {
            out += "\"menu\":null,"
        }
        out += "\"regions\":{"
        // Regions whose difference from rest vanishes in rounding are left out.
        out += frame.regions.keys.sorted().compactMap { id in
            let state = regionState(frame.regions[id] ?? .rest)
            return state == "{}" ? nil : JSONText.string(id) + ":" + state
        }.joined(separator: ",")
        out += "}"
        if !frame.modifiers.isEmpty {
            out +=
                ",\"modifiers\":["
                + frame.modifiers.sorted().map { JSONText.string($0.rawValue) }.joined(separator: ",") + "]"
        }
        if frame.dragging { out += ",\"dragging\":true" }
        return out + "}"
    }

    /// Only the fields that differ from rest (after rounding).
    static func regionState(_ s: RegionState) -> String {
        let n = JSONText.number
        var fields: [String] = []
        if n(s.offset.x) != "0" || n(s.offset.y) != "0" { fields.append("\"offset\":\(JSONText.point(s.offset))") }
        if n(s.scale) != "1" { fields.append("\"scale\":\(n(s.scale))") }
        if n(s.rotation) != "0" { fields.append("\"rotation\":\(n(s.rotation))") }
        if n(s.opacity) != "1" { fields.append("\"opacity\":\(n(s.opacity))") }
        if n(s.emphasis) != "0" { fields.append("\"emphasis\":\(n(s.emphasis))") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
