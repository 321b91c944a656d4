import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol

/// Resolved values written short, as an editor shows them beside the text: `#0A6CFF`, `17pt semibold`, `16`.
public enum InlineValue {
    /// A resolved value (the engine's answer), as clients read it.
    public static func short(_ value: ResolvedValue?) -> String {
        guard let value else { return "no value" }
        return short(value.styleValue)
    }

    public static func short(_ value: StyleValue) -> String {
        switch value {
        case .color(let color): return self.color(color.hex)
        case .material(let material): return "material " + material
        case .gradient(let gradient):
            return gradient.kind + " gradient " + gradient.colors.map { self.color($0.hex) }.joined(separator: " → ")
        case .number(let amount): return StyleValue.text(amount.value)
        case .font(let font):
            return StyleValue.text(font.size) + "pt " + font.weight + (font.family.map { " " + $0 } ?? "")
        case .padding(let edges):
            // Top, leading, bottom, trailing: the order CSS writes them in.
            let written = [1, 0, 3, 2].map { edges[$0].flatMap(\.number).map(StyleValue.text) ?? "-" }
            return Set(written).count == 1 ? written[0] : written.joined(separator: " ")
        case .shape(let name, let radius, _):
            return name == "roundedRectangle" ? "rounded " + (radius.map(StyleValue.text) ?? "?") : name
        case .icon(let name): return name
        case .composition(let layers):
            return zip(["fo", "ba"], layers.prefix(2)).compactMap { name, layer in
                layer.map { name + " " + ($0.value.map(short) ?? "no value") }
            }.joined(separator: ", ")
        case .accent(let colors, _): return colors.first.flatMap { $0 }.map { self.color($0.hex) } ?? "?"
        case .token(_, let value): return token(value)
        }
    }

    /// A token's DTCG value: scalars as written, `{value, unit}` dimensions, colors by their hex.
    static func token(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .integer, .double: return value.doubleValue.map(StyleValue.text) ?? "?"
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return items.map(token).joined(separator: ", ")
        case .object(let object):
            if let amount = object["value"]?.doubleValue, let unit = object["unit"]?.stringValue {
                return StyleValue.text(amount) + unit
            }
            if let hex = object["hex"]?.stringValue { return color(hex) }
            return Jansson.encode(value)
        case .null: return "no value"
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the color is not opaque.
    public static func color(_ hex: String) -> String {
        let upper = hex.uppercased()
        return upper.count == 9 && upper.hasSuffix("FF") ? String(upper.dropLast(2)) : upper
    }
}
