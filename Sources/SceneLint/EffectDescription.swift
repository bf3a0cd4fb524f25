import PointerCore
import SceneFormat

/// How lint messages name an effect and how a fix writes it in JSON.
extension PointerEffect {
    /// `highlight`, `lift`, `none`, `hover`, or `hover (scale 1.05, shadow, underlay tint)`.
    var lintDescription: String {
        guard case .hover(let style) = self, style != HoverStyle() else { return name }
        var parts: [String] = []
        if style.scale != 1 { parts.append("scale \(pt(style.scale))") }
        if style.shadow { parts.append("shadow") }
        parts.append(style.tint == .none ? "no tint" : "\(style.tint.rawValue) tint")
        return "hover (" + parts.joined(separator: ", ") + ")"
    }

    /// The value to write after `"effect": `.
    var json: String {
        guard case .hover(let style) = self, style != HoverStyle() else { return "\"\(name)\"" }
        return
            "{ \"hover\": { \"scale\": \(pt(style.scale)), \"shadow\": \(style.shadow), \"tint\": \"\(style.tint.rawValue)\" } }"
    }
}

extension LaidOutRegion {
    /// Why the region has its effect, for messages: "automatic: it has a background".
    var effectOrigin: String {
        switch region.effect {
        case nil where region.shape != nil: return "no effect because it has a shape"
        case nil, .automatic?: return "automatic"
        default: return "written"
        }
    }

    /// The longer side of the frame.
    var longerSide: Double { max(frame.width, frame.height) }
    var shorterSide: Double { min(frame.width, frame.height) }
    var aspect: Double { longerSide / max(shorterSide, 0.0001) }
}
