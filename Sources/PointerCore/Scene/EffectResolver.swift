/// Resolves a region's effect (behaviour C17). The `automatic` rules, stable for
/// scene format version 1:
///
/// 1. Effect written explicitly (other than `automatic`) → that effect.
/// 2. No effect written and the region has a `shape` → `none` (the shape is the feedback).
/// 3. `selected` in a `group` → lift (C19: the selected segment lifts).
/// 4. A container (children, no `content`) → `none`, so large panes stay quiet.
/// 5. Wide (longer side / shorter side > 3) or large (longer side > 160 pt) → hover.
/// 6. With a background (`content.fill`) → lift.
/// 7. Without a background: small (longer side ≤ 64 pt) → highlight, else hover.
public enum EffectResolver {
    public static let smallLimit = 64.0
    public static let mediumLimit = 160.0
    public static let wideAspect = 3.0

    public static func resolve(_ region: Region) -> PointerEffect {
        switch region.effect {
        case .highlight?: return .highlight
        case .lift?: return .lift
        case .hover(let style)?: return .hover(style)
        case .none?: return .none
        case .automatic?: return automatic(region)
        case nil: return region.shape == nil ? automatic(region) : .none
        }
    }

    static func automatic(_ region: Region) -> PointerEffect {
        if region.selected && region.group != nil { return .lift }
        if region.content == nil && !region.regions.isEmpty { return .none }
        let longer = max(region.frame.width, region.frame.height)
        let shorter = max(min(region.frame.width, region.frame.height), 0.0001)
        if longer / shorter > wideAspect || longer > mediumLimit { return .hover(HoverStyle()) }
        if region.hasBackground { return .lift }
        return longer <= smallLimit ? .highlight : .hover(HoverStyle())
    }
}
