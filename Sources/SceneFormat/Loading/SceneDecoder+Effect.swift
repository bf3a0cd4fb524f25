import PointerCore

/// Region `effect`: a name, or `{"hover": {"scale", "shadow", "tint"}}`.
extension SceneDecoder {
    static let effectNames = ["automatic", "highlight", "lift", "hover", "none"]
    static let effectExpected =
        "\"automatic\", \"highlight\", \"lift\", \"hover\", \"none\" or {\"hover\": {\"scale\", \"shadow\", \"tint\"}}"

    func effect(_ value: JSONValue, _ path: JSONPath) -> EffectSpec? {
        switch value.kind {
        case .string(let name):
            switch name {
            case "automatic": return .automatic
            case "highlight": return .highlight
            case "lift": return .lift
            case "hover": return .hover(HoverStyle())
            case "none": return EffectSpec.none
            default:
                report(
                    value.position, path, "unknown effect \(TerminalText.quoted(name))", expected: Self.effectExpected,
                    suggestion: KeySuggestion.closest(to: name, among: Self.effectNames).map {
                        "did you mean \"\($0)\"?"
                    })
                return nil
            }
        case .object:
            guard let fields = object(value, path, known: ["hover"]) else { return nil }
            guard let hover = fields["hover"] else {
                if fields.members.isEmpty {
                    report(value.position, path, "empty effect object", expected: Self.effectExpected)
                }
                return nil
            }
            return hoverStyle(hover, fields.path("hover")).map { .hover($0) }
        default:
            report(value.position, path, "expected an effect, found \(describe(value))", expected: Self.effectExpected)
            return nil
        }
    }

    private func hoverStyle(_ value: JSONValue, _ path: JSONPath) -> HoverStyle? {
        guard
            let fields = object(
                value, path, known: ["scale", "shadow", "tint"],
                expected: "an object {\"scale\", \"shadow\", \"tint\"}")
        else { return nil }
        var style = HoverStyle()
        if let v = fields["scale"],
            let s = limited(v, fields.path("scale"), SceneLimits.scaleFactors, what: "a scale factor (1 = no scaling)")
        {
            style.scale = s
        }
        if let v = fields["shadow"], let b = bool(v, fields.path("shadow")) { style.shadow = b }
        if let v = fields["tint"], let t = choice(v, fields.path("tint"), HoverTint.self) { style.tint = t }
        return style
    }
}
