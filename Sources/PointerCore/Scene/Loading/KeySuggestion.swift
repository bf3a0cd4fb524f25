/// Picks the known name closest to a misspelt one (Levenshtein distance, ignoring case).
enum KeySuggestion {
    /// The closest candidate, when it is close enough to be what the user meant.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars))
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        guard let best else { return nil }
        // Allow roughly one edit per three characters, at least two.
        let limit = max(2, best.name.count / 3)
        return best.distance <= limit ? best.name : nil
    }

    /// A fix hint: `did you mean "x"?`, else the list of valid names.
    static func hint(for word: String, among candidates: [String]) -> String {
        if let match = closest(to: word, among: candidates) {
            return "did you mean \"\(match)\"?"
        }
        return "valid: " + candidates.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
