/// Modifier shapes (behaviour E27, docs/scene-format.md "Modifier rules"): a rule applies
/// when all its keys are held (and, with `regions`, the pointer is in one of
/// them or their descendants). The most specific applying rule wins: more keys
/// first, then a `regions` restriction over none, then the earlier rule.
enum ModifierResolver {
    /// `regionChain`: ids of the region under the pointer and its ancestors.
    static func rule(for held: Set<ModifierKey>, rules: [ModifierRule], regionChain: [String]) -> ModifierRule? {
        guard !held.isEmpty else { return nil }
        var best: (rule: ModifierRule, keys: Int, restricted: Int)?
        for rule in rules where !rule.keys.isEmpty && rule.keys.isSubset(of: held) {
            if let ids = rule.regions, !ids.contains(where: regionChain.contains) { continue }
            let keys = rule.keys.count
            let restricted = rule.regions == nil ? 0 : 1
            if let b = best, (keys, restricted) <= (b.keys, b.restricted) { continue }
            best = (rule, keys, restricted)
        }
        return best?.rule
    }
}
