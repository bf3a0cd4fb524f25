import PointerCore

/// Small helpers to write JSON text by hand: fixed key order and numbers rounded
/// to at most 3 decimals (docs/trace-format.md), so dumps are stable and diffable.
package enum JSONText {
    package static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        // Beyond 1e15 there are no decimals left to round, and v * 1000 could
        // overflow to inf (written as "inf", which is not JSON).
        if abs(v) >= 1e15 { return String(v) }
        let r = (v * 1000).rounded() / 1000
        if r == 0 { return "0" }
        if r == r.rounded() { return String(Int64(r)) }
        return String(r)
    }

    package static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    package static func rect(_ r: Rect) -> String {
        "[\(number(r.minX)),\(number(r.minY)),\(number(r.width)),\(number(r.height))]"
    }

    package static func point(_ p: Point) -> String { "[\(number(p.x)),\(number(p.y))]" }
}
