import PointerCore

/// Picks the known name closest to a misspelt one (Levenshtein distance, ignoring case).
/// Bounded work: a candidate whose length alone rules it out is skipped, and the
/// distance stops as soon as it exceeds what would still be accepted, so 2000
/// unknown ids against 20 000 known ones stay fast.
package enum KeySuggestion {
    /// Words longer than this get no suggestion: a pasted paragraph is not a typo.
    static let maxWordLength = 64

    /// Candidates prepared once (lower-cased scalars) for many look-ups.
    struct Candidates {
        let names: [String]
        let scalars: [[Unicode.Scalar]]

        init(_ names: [String]) {
            self.names = names
            scalars = names.map { Array($0.lowercased().unicodeScalars) }
        }
    }

    /// The closest candidate, when it is close enough to be what the user meant.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        closest(to: word, among: Candidates(candidates))
    }

    static func closest(to word: String, among candidates: Candidates) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard w.count <= maxWordLength else { return nil }
        var best: (index: Int, distance: Int)?
        for (i, c) in candidates.scalars.enumerated() {
            // Allow roughly one edit per three characters of the candidate, at least two;
            // after a match only a strictly closer one (so the first of a tie wins).
            let bound = min(max(2, c.count / 3), (best?.distance ?? Int.max) - 1)
            guard bound >= 0, abs(c.count - w.count) <= bound else { continue }
            if let d = distance(w, c, atMost: bound) { best = (i, d) }
        }
        return best.map { candidates.names[$0.index] }
    }

    /// A fix hint: `did you mean "x"?`, else the list of valid names.
    static func hint(for word: String, among candidates: [String]) -> String {
        if let match = closest(to: word, among: candidates) {
            return "did you mean \"\(match)\"?"
        }
        return "valid: " + candidates.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        distance(a, b, atMost: Int.max - 1) ?? Int.max
    }

    /// The edit distance when it is at most `bound`, else nil (stopping early: once a
    /// whole row exceeds the bound, the distance can only grow).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > bound { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
