/// A region's `effect` as written in the scene.
public enum EffectSpec: Sendable, Equatable {
    case automatic
    case highlight
    case lift
    case hover(HoverStyle)
    case none
}

/// The hover effect's parts (behaviour C16), combinable.
public struct HoverStyle: Sendable, Equatable {
    /// 1 = no scaling.
    public var scale: Double
    /// Only drawn when `scale` > 1.
    public var shadow: Bool
    public var tint: HoverTint

    /// Plain `"hover"`: no scaling, no shadow, an overlay tint.
    public init(scale: Double = 1, shadow: Bool = false, tint: HoverTint = .overlay) {
        self.scale = scale
        self.shadow = shadow
        self.tint = tint
    }
}

public enum HoverTint: String, Sendable, Equatable, CaseIterable {
    case overlay, underlay, none
}

/// The effect actually applied once `automatic` is resolved (see `EffectResolver`).
public enum PointerEffect: Sendable, Equatable {
    case highlight
    case lift
    case hover(HoverStyle)
    case none

    /// The name used in frame dumps: `highlight`, `lift`, `hover`, `none`.
    public var name: String {
        switch self {
        case .highlight: return "highlight"
        case .lift: return "lift"
        case .hover: return "hover"
        case .none: return "none"
        }
    }
}
