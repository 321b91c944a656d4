import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension ThemeExport {
    /// One block of custom properties per context. Names: an imported key's path in kebab case
    /// (`color.systemBlue` → `--color-system-blue`), a native key as `--ATTRIBUTE-KEY`
    /// (`--surface-foreground-secondary`). Colors are `#rrggbb` or `#rrggbbaa`, gradients `linear-gradient`,
    /// native numbers `px`, imported dimensions as written and imported numbers without a unit, fonts their
    /// `-font-family`, `-font-size`, `-font-weight`, `-line-height` and `-letter-spacing` properties plus the
    /// `font` shorthand, imported tokens their CSS form (`ThemeExport+CSSValues.swift`). Materials, mesh
    /// gradients, paddings, shapes, icons, compositions and accents have no CSS value; an imported value CSS
    /// cannot express is left out and counted in a comment at the top.
    public static func css(_ themes: [ResolvedTheme]) -> String {
        var text = ""
        var leftOut = 0
        for theme in themes {
            text += "\(theme.selector) {\n"
            for (attribute, entries) in theme.values {
                for entry in entries {
                    guard let written = properties(attribute: attribute, entry) else {
                        leftOut += 1
                        continue
                    }
                    for (name, property) in written { text += "  \(name): \(property);\n" }
                }
            }
            text += "}\n"
        }
        guard leftOut > 0 else { return text }
        let values = leftOut == 1 ? "1 imported value" : "\(leftOut) imported values"
        return "/* \(values) CSS cannot express left out */\n" + text
    }

    /// The custom property name of a key.
    public static func cssName(attribute: String, _ entry: ExportedValue) -> String {
        entry.isImported ? "--" + kebab(entry.key) : "--" + kebab(attribute) + "-" + kebab(entry.key)
    }

    /// A key's declarations (custom property name, value) as `css` writes them; nil for an imported value CSS cannot
    /// express (a native key CSS has no form for, such as a padding or an icon, has none and is not counted).
    public static func properties(attribute: String, _ entry: ExportedValue) -> [(String, String)]? {
        let name = cssName(attribute: attribute, entry)
        let value = entry.value
        let written: [(String, String)]?
        switch attribute {
        case "surface":
            written = surface(value).map { [(name, $0)] }
        case "number":
            // An imported dimension as written, an imported number without a unit; native numbers are points.
            guard let amount = value["value"]?.doubleValue else { return nil }
            guard entry.isImported else { return [(name, px(amount))] }
            let unit = entry.type == "dimension" ? "px" : ""
            written = [(name, value["dimension"].flatMap(dimension) ?? exact(amount) + unit)]
        case "font":
            written = font(name, value)
        case "token":
            guard let type = value["type"]?.stringValue, let token = value["value"] else { return nil }
            written = tokenProperties(name, type: type, token)
        default:
            return []
        }
        if written == nil, !entry.isImported { return [] }
        return written
    }

    /// A font's members and the `font` shorthand.
    static func font(_ name: String, _ value: JSONValue) -> [(String, String)]? {
        guard let size = value["size"]?.doubleValue else { return nil }
        let weight = value["weightValue"]?.doubleValue.map(number) ?? String(fontWeight(value["weight"]?.stringValue))
        let family = fontFamily(value)
        var result = [
            ("\(name)-font-family", family), ("\(name)-font-size", px(size)), ("\(name)-font-weight", weight),
        ]
        if let line = value["lineHeight"]?.doubleValue { result.append(("\(name)-line-height", number(line))) }
        // A spacing written in `em` stays relative (the points are the native platforms').
        if let em = value["letterSpacingEm"]?.doubleValue {
            result.append(("\(name)-letter-spacing", exact(em) + "em"))
        } else if let spacing = value["letterSpacing"]?.doubleValue {
            result.append(("\(name)-letter-spacing", px(spacing)))
        }
        let style = value["fontStyle"]?.stringValue.flatMap { $0 == "italic" || $0 == "oblique" ? $0 : nil }
        if let style { result.append(("\(name)-font-style", style)) }
        let line = value["lineHeight"]?.doubleValue.map { "/" + number($0) } ?? ""
        result.append((name, (style.map { $0 + " " } ?? "") + "\(weight) \(px(size))\(line) \(family)"))
        return result
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
            let angle = gradientAngle(from: value["startPoint"], to: value["endPoint"])
            return "linear-gradient(" + (angle.map { ["\($0)deg"] } ?? []).joined() + (angle == nil ? "" : ", ")
                + parts.joined(separator: ", ") + ")"
        default: return nil
        }
    }

    /// A gradient's direction in CSS degrees (0 up, 90 right), nil for top to bottom (CSS's default).
    static func gradientAngle(from start: JSONValue?, to end: JSONValue?) -> String? {
        func point(_ json: JSONValue?) -> (Double, Double)? {
            if let pair = json?.arrayValue?.compactMap(\.doubleValue), pair.count == 2 { return (pair[0], pair[1]) }
            let names: [String: (Double, Double)] = [
                "top": (0.5, 0), "bottom": (0.5, 1), "leading": (0, 0.5), "trailing": (1, 0.5), "center": (0.5, 0.5),
                "topLeading": (0, 0), "topTrailing": (1, 0), "bottomLeading": (0, 1), "bottomTrailing": (1, 1),
            ]
            return json?.stringValue.flatMap { names[$0] }
        }
        guard let a = point(start), let b = point(end), a != b else { return nil }
        let degrees = GradientPoint.cssDegrees(from: a, to: b)
        return degrees == 180 ? nil : number(degrees)
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

    /// The font's families: as given (imported fonts), else the generic families of its design.
    static func fontFamily(_ value: JSONValue) -> String {
        if let families = value["families"]?.arrayValue?.compactMap(\.stringValue), !families.isEmpty {
            return families.flatMap(FontFamilies.split).map(FontFamilies.css).joined(separator: ", ")
        }
        let design = value["design"]?.stringValue.flatMap(FontDesign.init(rawValue:)) ?? .default
        return design.genericFamilies.joined(separator: ", ")
    }
}
