import SnapStyleJSON

/// Reading DTCG `$value`s: here what the exports need too (a color in any color space as sRGB, a family list
/// written as one string); the engine extends it with the conversion of every type into its values.
public enum DTCGValue {
    /// A color object in any color space of the Color module, or a hex string (accepted with a warning).
    public static func color(_ json: JSONValue, _ member: String, _ warnings: inout [String]) throws(DTCGValueError)
        -> RGBA
    {
        let prefix = member.isEmpty ? "" : "\(member): "
        switch json {
        case .string(let text):
            guard let rgba = RGBA(hex: text) else {
                throw DTCGValueError(member, "'\(text)' is not a color (expected {\"colorSpace\", \"components\"})")
            }
            warnings.append("\(prefix)color written as a hex string")
            return rgba
        case .object(let object):
            guard let name = object["colorSpace"]?.stringValue else {
                throw DTCGValueError(member, "a color needs a colorSpace")
            }
            guard let space = ColorSpace(rawValue: name) else {
                throw DTCGValueError(
                    member, "unknown colorSpace '\(name)' (expected \(ColorSpace.allowed.joined(separator: ", ")))")
            }
            guard case .array(let parts)? = object["components"], parts.count == 3 else {
                throw DTCGValueError(member, "components must be 3 numbers")
            }
            var components: [Double?] = []
            for part in parts {
                if part.stringValue == "none" {
                    components.append(nil)
                } else if let n = part.doubleValue, n.isFinite {
                    components.append(n)
                } else {
                    throw DTCGValueError(member, "components must be 3 numbers")
                }
            }
            var alpha = 1.0
            if let a = object["alpha"] {
                guard let n = a.doubleValue, (0...1).contains(n) else {
                    throw DTCGValueError(member, "alpha must be a number in 0...1")
                }
                alpha = n
            }
            return space.rgba(components, alpha: alpha)
        default:
            throw DTCGValueError(member, "expected a color {\"colorSpace\", \"components\"}, not \(json.typeName)")
        }
    }

    /// `"'Segoe UI', Arial, sans-serif"` → `["Segoe UI", "Arial", "sans-serif"]`.
    public static func splitFamilies(_ text: String) -> [String] {
        var names: [String] = []
        var current = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "'" || c == "\"", current.allSatisfy({ $0 == " " }) {
                // A quote opens a quoted name only at the name's start (`Suisse Int'l` is a name with an apostrophe).
                quote = c
            } else if c == "," {
                names.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        names.append(current)
        return names.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }
}
