import SnapStyleVocabulary
import SnapStyleProtocol
import SnapStyleJSON

/// Resolved values in words, one line each, as the CLI prints them (`#102030FF`, `17pt semibold ...`).
public enum ValueText {
    /// A number as the CLI prints it: an integer without a fraction, else three decimals at most.
    public static func number(_ value: JSONValue?) -> String { value?.doubleValue.map(StyleValue.text) ?? "?" }

    /// A resolved value of any attribute on one line (`attribute`, when known, decides how its JSON reads).
    public static func value(_ value: JSONValue, attribute: Attribute? = nil) -> String {
        guard let typed = StyleValue(json: value, attribute: attribute) else {
            return value.isNull ? "no value" : JSONText.encode(value)
        }
        return text(typed)
    }

    /// A typed resolved value on one line.
    public static func text(_ value: StyleValue) -> String {
        switch value {
        case .color(let color): return color.hex
        case .material(let material): return "material \(material)"
        case .gradient(let gradient):
            return "\(gradient.kind) gradient [\(gradient.colors.map(\.hex).joined(separator: ", "))]"
        case .number(let amount): return "\(number(amount.value)) (base \(number(amount.base)))"
        case .font(let font): return text(font)
        case .padding(let edges):
            return zip(StyleValue.paddingEdges, edges).map { name, edge in
                guard let edge else { return "\(name) -" }
                return "\(name) \(number(edge.number))" + (edge.key.map { " (\($0))" } ?? "")
            }.joined(separator: ", ")
        case .shape(let name, let radius, let key):
            guard name == "roundedRectangle" else { return name }
            return "roundedRectangle radius \(number(radius))" + (key.map { " (\($0))" } ?? "")
        case .icon(let name): return "icon \(name)"
        case .composition(let layers):
            return zip(StyleValue.compositionLayers, layers).map { name, layer in
                guard let layer else { return "\(name) -" }
                return "\(name) \(layer.key ?? "?")=\(layer.value.map(text) ?? "no value")"
            }.joined(separator: ", ")
        case .accent(let colors, let brightness):
            return zip(StyleValue.accentVariants, colors).map { "\($0) \($1?.hex ?? "?")" }.joined(separator: ", ")
                + ", brightness \(brightness)"
        case .token(_, let value): return JSONText.encode(value)
        }
    }

    /// `17pt semibold Inter, line height 1.25, letter spacing 0.5pt (base 17, body, default, standard)`: the size,
    /// weight and family, the line height (a multiple of the size) and letter spacing, then the base size, text
    /// style, design and width. A font that names no family is the system font of its design (`system`); a line
    /// height or letter spacing the theme leaves unset is the platform's (`default`).
    public static func text(_ font: StyleValue.Font) -> String {
        "\(number(font.size))pt \(font.weight) \(font.family ?? "system"), "
            + "line height \(font.lineHeight.map { number($0) } ?? "default"), "
            + "letter spacing \(font.letterSpacing.map { number($0) + "pt" } ?? "default") "
            + "(base \(number(font.baseSize)), \(font.textStyle), \(font.design), \(font.width))"
    }

    static func number(_ value: Double?) -> String { value.map(StyleValue.text) ?? "?" }
}
