import SnapStyleJSON
import SnapStyleJansson

/// A theme's resolved values in one context, as `keys` and `resolve` give them: attribute → key → value.
public struct ResolvedTheme: Sendable {
    /// The context the values were resolved in (a context object; empty: the defaults).
    public var context: JSONObject
    /// A CSS selector for the context's block (`:root` by default).
    public var selector: String
    /// Attribute name → (key, resolved value) in key order.
    public var values: [(attribute: String, entries: [(key: String, value: JSONValue)])]

    public init(
        context: JSONObject, selector: String,
        values: [(attribute: String, entries: [(key: String, value: JSONValue)])]
    ) {
        self.context = context
        self.selector = selector
        self.values = values
    }
}

/// Writes resolved themes out: as JSON (`{ATTRIBUTE: {KEY: value}}`) or as CSS custom properties.
public enum ThemeExport {
    /// `{ATTRIBUTE: {KEY: value}}` for one context; for several, `{"contexts": [{"context", "selector",
    /// "values"}]}`.
    public static func json(_ themes: [ResolvedTheme]) -> String {
        func values(_ theme: ResolvedTheme) -> JSONValue {
            var object = JSONObject()
            for (attribute, entries) in theme.values {
                var keys = JSONObject()
                for (key, value) in entries { keys[key] = value }
                object[attribute] = .object(keys)
            }
            return .object(object)
        }
        guard themes.count != 1 else { return Jansson.encode(values(themes[0])) }
        return Jansson.encode(
            .object([
                "contexts": .array(
                    themes.map {
                        .object([
                            "context": .object($0.context), "selector": .string($0.selector), "values": values($0),
                        ])
                    })
            ]))
    }

    /// One block of custom properties per context. Names are `--ATTRIBUTE-KEY` in kebab case
    /// (`--surface-foreground-secondary`); colors are `#rrggbb` or `#rrggbbaa`, gradients `linear-gradient`,
    /// numbers `px`, fonts their `-font-family`, `-font-size`, `-font-weight`, `-line-height` and
    /// `-letter-spacing` properties plus the `font` shorthand. Materials, paddings, shapes, icons,
    /// compositions and accents have no CSS value and are left out.
    public static func css(_ themes: [ResolvedTheme]) -> String {
        var text = ""
        for theme in themes {
            text += "\(theme.selector) {\n"
            for (attribute, entries) in theme.values {
                for (key, value) in entries {
                    for (name, property) in properties(attribute: attribute, key: key, value: value) {
                        text += "  \(name): \(property);\n"
                    }
                }
            }
            text += "}\n"
        }
        return text
    }

    /// `fooBar.baz` → `foo-bar-baz`.
    public static func kebab(_ text: String) -> String {
        var result = ""
        var previous: Character?
        for character in text {
            if character == "." || character == "_" || character == " " {
                result += "-"
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                result += "-" + character.lowercased()
            } else {
                result += character.lowercased()
            }
            previous = character
        }
        return result
    }

    static func properties(attribute: String, key: String, value: JSONValue) -> [(String, String)] {
        let name = "--" + kebab(attribute) + "-" + kebab(key)
        switch attribute {
        case "surface":
            return surface(value).map { [(name, $0)] } ?? []
        case "number":
            return value["value"]?.doubleValue.map { [(name, px($0))] } ?? []
        case "font":
            guard let size = value["size"]?.doubleValue else { return [] }
            let weight = fontWeight(value["weight"]?.stringValue)
            let family = fontFamily(value)
            var result = [
                ("\(name)-font-family", family), ("\(name)-font-size", px(size)),
                ("\(name)-font-weight", String(weight)),
            ]
            if let line = value["lineHeight"]?.doubleValue { result.append(("\(name)-line-height", number(line))) }
            if let spacing = value["letterSpacing"]?.doubleValue {
                result.append(("\(name)-letter-spacing", px(spacing)))
            }
            result.append((name, "\(weight) \(px(size)) \(family)"))
            return result
        default:
            return []
        }
    }

    static func surface(_ value: JSONValue) -> String? {
        switch value["kind"]?.stringValue {
        case "color": return value["hex"]?.stringValue.map(cssColor)
        case "gradient" where value["gradient"] == "linear":
            let colors = (value["colors"]?.arrayValue ?? []).compactMap { $0["hex"]?.stringValue.map(cssColor) }
            return colors.isEmpty ? nil : "linear-gradient(" + colors.joined(separator: ", ") + ")"
        default: return nil
        }
    }

    /// `#RRGGBBAA` → `#rrggbb` when opaque, else `#rrggbbaa`.
    static func cssColor(_ hex: String) -> String {
        let lower = hex.lowercased()
        return lower.count == 9 && lower.hasSuffix("ff") ? String(lower.dropLast(2)) : lower
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    static func px(_ value: Double) -> String { number(value) + "px" }

    static func fontWeight(_ name: String?) -> Int {
        switch name {
        case "ultraLight": 100
        case "thin": 200
        case "light": 300
        case "medium": 500
        case "semibold": 600
        case "bold": 700
        case "heavy": 800
        case "black": 900
        default: 400
        }
    }

    /// The font's family: as given (imported fonts), else the generic family of its design.
    static func fontFamily(_ value: JSONValue) -> String {
        if let family = value["family"]?.stringValue { return family.contains(" ") ? "\"\(family)\"" : family }
        switch value["design"]?.stringValue {
        case "serif": return "ui-serif, serif"
        case "rounded": return "ui-rounded, system-ui, sans-serif"
        case "monospaced": return "ui-monospace, monospace"
        default: return "system-ui, sans-serif"
        }
    }
}
