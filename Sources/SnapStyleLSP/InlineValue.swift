import SnapStyleJSON
import SnapStyleJansson

/// Resolved values (their protocol JSON) written short, as an editor shows them beside the text: `#0A6CFF`,
/// `17pt semibold`, `16`.
public enum InlineValue {
    public static func short(_ value: JSONValue?) -> String {
        guard let value, case .object(let object) = value else { return value.map(scalar) ?? "no value" }
        if let kind = object["kind"]?.stringValue {
            switch kind {
            case "color": return object["hex"]?.stringValue.map(color) ?? "?"
            case "material": return "material " + (object["material"]?.stringValue ?? "?")
            default:
                let colors = (object["colors"]?.arrayValue ?? []).compactMap { $0["hex"]?.stringValue.map(color) }
                return (object["gradient"]?.stringValue ?? kind) + " gradient " + colors.joined(separator: " → ")
            }
        }
        if object["baseSize"] != nil {
            var text = number(object["size"]) + "pt " + (object["weight"]?.stringValue ?? "regular")
            if let family = object["family"]?.stringValue { text += " " + family }
            return text
        }
        if object["base"] != nil, let amount = object["value"] { return number(amount) }
        if object["leading"] != nil {
            let edges = ["top", "leading", "bottom", "trailing"].map { edge -> String in
                guard let value = object[edge], !value.isNull else { return "-" }
                return number(value["value"])
            }
            return Set(edges).count == 1 ? edges[0] : edges.joined(separator: " ")
        }
        if let shape = object["shape"]?.stringValue {
            return shape == "roundedRectangle" ? "rounded " + number(object["cornerRadius"]) : shape
        }
        if let name = object["name"]?.stringValue, object.count == 1 { return name }
        if object["foreground"] != nil {
            return ["foreground", "background"].compactMap { layer in
                guard let entry = object[layer], !entry.isNull else { return nil }
                return layer.prefix(2) + " " + short(entry["value"])
            }.joined(separator: ", ")
        }
        if object["brightness"] != nil { return short(object["base"]) }
        if let type = object["type"]?.stringValue, let tokenValue = object["value"] { return token(type, tokenValue) }
        return Jansson.encode(value)
    }

    static func token(_ type: String, _ value: JSONValue) -> String {
        switch value {
        case .string, .integer, .double, .bool: return scalar(value)
        case .array(let items): return items.map { token(type, $0) }.joined(separator: ", ")
        case .object(let object):
            if let amount = object["value"], let unit = object["unit"]?.stringValue { return number(amount) + unit }
            if let hex = object["hex"]?.stringValue { return color(hex) }
            return Jansson.encode(value)
        default: return Jansson.encode(value)
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the color is not opaque.
    public static func color(_ hex: String) -> String {
        let upper = hex.uppercased()
        return upper.count == 9 && upper.hasSuffix("FF") ? String(upper.dropLast(2)) : upper
    }

    static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .integer, .double: return number(value)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "no value"
        default: return Jansson.encode(value)
        }
    }

    public static func number(_ value: JSONValue?) -> String {
        guard let amount = value?.doubleValue else { return "?" }
        if amount.rounded() == amount, abs(amount) < 1e15 { return String(Int64(amount)) }
        return String((amount * 1000).rounded() / 1000)
    }

    /// A color's components from `#RRGGBB` or `#RRGGBBAA` (or the short forms), each 0...1.
    public static func components(hex: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        var digits = Array(hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex))
        if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            values.append(Double(byte) / 255)
        }
        return (values[0], values[1], values[2], values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public static func hex(red: Double, green: Double, blue: Double, alpha: Double) -> String {
        func byte(_ value: Double) -> String {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
