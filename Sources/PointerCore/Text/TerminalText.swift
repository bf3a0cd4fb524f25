/// User text (scene names, ids, keys, paths, values) as it may be echoed on a
/// terminal: control characters and escape sequences become visible escapes, so a
/// name cannot clear the screen, move the cursor or fake an "OK" line, and long
/// values are cut short so one bad value cannot flood the output.
public enum TerminalText {
    /// Longest user string echoed whole in quotes (characters); longer ones are cut.
    public static let echoLimit = 60
    /// Longest outside text echoed whole without quotes (a path, an environment
    /// value, an option's value, an id inside a message); longer text is cut.
    public static let lineLimit = 200

    /// Outside text to print as it is (unquoted): escaped as `escaped(_:)` and cut
    /// after `limit` characters with an ellipsis and the full length, so a 100 KB id
    /// or value cannot flood the terminal.
    public static func echo(_ s: String, limit: Int = lineLimit) -> String {
        let scalars = s.unicodeScalars
        guard scalars.count > limit else { return escaped(s) }
        return escaped(String(String.UnicodeScalarView(scalars.prefix(limit)))) + "… (\(scalars.count) characters)"
    }

    /// `s` with every control character written as an escape (`\n`, `\t`, `\u001B`);
    /// everything else unchanged. For paths and whole message lines.
    public static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: needsEscape) else { return s }
        var out = ""
        for u in s.unicodeScalars { append(u, to: &out) }
        return out
    }

    /// `"s"` in double quotes as JSON would write it (quotes and backslashes escaped
    /// too), cut after `limit` characters with the full length named.
    public static func quoted(_ s: String, limit: Int = echoLimit) -> String {
        var out = "\""
        var count = 0
        for u in s.unicodeScalars {
            if count == limit {
                return out + "…\" (\(s.unicodeScalars.count) characters)"
            }
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: append(u, to: &out)
            }
            count += 1
        }
        return out + "\""
    }

    /// Number text as written in a file, cut when very long (a 100 000-digit number).
    public static func number(_ text: String, limit: Int = 24) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(text) }
        return escaped(String(String.UnicodeScalarView(scalars.prefix(limit - 4)))) + "… (\(scalars.count) characters)"
    }

    /// A clause to go inside a sentence: without the final period(s) it may have, so
    /// "…: \(clause(reason)). Do this." never reads "..".
    public static func clause(_ s: String) -> String {
        var out = Substring(s)
        while let last = out.last, last == "." || last == " " || last == "\n" { out = out.dropLast() }
        return String(out)
    }

    /// C0 and C1 controls, DEL, line/paragraph separators, bidirectional controls
    /// (embeddings, overrides, isolates and marks, which reorder what the terminal
    /// shows) and zero-width characters (which hide text or make two names look alike).
    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069,
            0x200E, 0x200F, 0x061C,
            0x200B...0x200D, 0x2060, 0xFEFF:
            return true
        default: return false
        }
    }

    private static func append(_ u: Unicode.Scalar, to out: inout String) {
        guard needsEscape(u) else {
            out.unicodeScalars.append(u)
            return
        }
        switch u {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let hex = String(u.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
