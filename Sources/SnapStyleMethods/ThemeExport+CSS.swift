import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension ThemeExport {
    /// One block of custom properties per context. Names: an imported key's path in kebab case
    /// (`color.systemBlue` → `--color-system-blue`), a native key as `--ATTRIBUTE-KEY`
    /// (`--surface-foreground-secondary`). Colors are `#rrggbb` or `#rrggbbaa`, gradients `linear-gradient`,
    /// numbers `px`, fonts their `-font-family`, `-font-size`, `-font-weight`, `-line-height` and
    /// `-letter-spacing` properties plus the `font` shorthand, imported tokens their CSS form where CSS has one.
    /// Materials, mesh gradients, paddings, shapes, icons, compositions and accents have no CSS value.
    public static func css(_ themes: [ResolvedTheme]) -> String {
        var text = ""
        for theme in themes {
            text += "\(theme.selector) {\n"
            for (attribute, entries) in theme.values {
                for entry in entries {
                    for (name, property) in properties(attribute: attribute, entry) {
                        text += "  \(name): \(property);\n"
                    }
                }
            }
            text += "}\n"
        }
        return text
    }

    /// The custom property name of a key.
    public static func cssName(attribute: String, _ entry: ExportedValue) -> String {
        entry.isImported ? "--" + kebab(entry.key) : "--" + kebab(attribute) + "-" + kebab(entry.key)
    }

    static func properties(attribute: String, _ entry: ExportedValue) -> [(String, String)] {
        let name = cssName(attribute: attribute, entry)
        let value = entry.value
        switch attribute {
        case "surface":
            return surface(value).map { [(name, $0)] } ?? []
        case "number":
            return value["value"]?.doubleValue.map { [(name, px($0))] } ?? []
        case "font":
            guard let size = value["size"]?.doubleValue else { return [] }
            let weight =
                value["weightValue"]?.doubleValue.map(number) ?? String(fontWeight(value["weight"]?.stringValue))
            let family = fontFamily(value)
            var result = [
                ("\(name)-font-family", family), ("\(name)-font-size", px(size)), ("\(name)-font-weight", weight),
            ]
            if let line = value["lineHeight"]?.doubleValue { result.append(("\(name)-line-height", number(line))) }
            if let spacing = value["letterSpacing"]?.doubleValue {
                result.append(("\(name)-letter-spacing", px(spacing)))
            }
            let line = value["lineHeight"]?.doubleValue.map { "/" + number($0) } ?? ""
            result.append((name, "\(weight) \(px(size))\(line) \(family)"))
            return result
        case "token":
            guard let type = value["type"]?.stringValue, let token = value["value"],
                let css = tokenCSS(type, token)
            else { return [] }
            return [(name, css)]
        default:
            return []
        }
    }

    static func surface(_ value: JSONValue) -> String? {
        switch value["kind"]?.stringValue {
        case "color": return value["hex"]?.stringValue.map(cssColor)
        case "gradient" where value["gradient"] == "linear":
            let colors = (value["colors"]?.arrayValue ?? []).compactMap { $0["hex"]?.stringValue.map(cssColor) }
            guard !colors.isEmpty else { return nil }
            let stops = value["locations"]?.arrayValue?.compactMap(\.doubleValue)
            let parts = colors.enumerated().map { index, color in
                guard let stops, index < stops.count else { return color }
                return color + " " + number(stops[index] * 100) + "%"
            }
            return "linear-gradient(" + parts.joined(separator: ", ") + ")"
        default: return nil
        }
    }

    /// An imported token's value in CSS, for the types CSS has a form for.
    static func tokenCSS(_ type: String, _ value: JSONValue) -> String? {
        switch type {
        case "duration", "dimension":
            guard let amount = value["value"]?.doubleValue, let unit = value["unit"]?.stringValue else { return nil }
            return number(amount) + unit
        case "number", "fontWeight":
            return value.doubleValue.map(number) ?? value.stringValue
        case "cubicBezier":
            guard let points = value.arrayValue?.compactMap(\.doubleValue), points.count == 4 else { return nil }
            return "cubic-bezier(" + points.map(number).joined(separator: ", ") + ")"
        case "fontFamily":
            if let name = value.stringValue { return quotedFamily(name) }
            return value.arrayValue.map { $0.compactMap(\.stringValue).map(quotedFamily).joined(separator: ", ") }
        case "strokeStyle":
            return value.stringValue
        default:
            return nil
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
        Int(name.flatMap(FontWeight.init(rawValue:))?.value ?? 400)
    }

    static func quotedFamily(_ family: String) -> String {
        family.contains(" ") ? "\"\(family)\"" : family
    }

    /// The font's families: as given (imported fonts), else the generic families of its design.
    static func fontFamily(_ value: JSONValue) -> String {
        if let families = value["families"]?.arrayValue?.compactMap(\.stringValue), !families.isEmpty {
            return families.map(quotedFamily).joined(separator: ", ")
        }
        let design = value["design"]?.stringValue.flatMap(FontDesign.init(rawValue:)) ?? .default
        return design.genericFamilies.joined(separator: ", ")
    }
}
