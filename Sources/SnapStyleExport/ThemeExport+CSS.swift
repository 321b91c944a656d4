import SnapStyleValues
import SnapStyleVocabulary
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
        switch (attribute, value) {
        case ("surface", _):
            written = surface(value).map { [(name, $0)] }
        case ("number", .number(let number)):
            // An imported dimension as written, an imported number without a unit; native numbers are points.
            guard entry.isImported else { return [(name, px(number.value))] }
            let unit = entry.type == "dimension" ? "px" : ""
            written = [(name, number.dimension.flatMap { dimension($0.json) } ?? exact(number.value) + unit)]
        case ("font", .font(let font)):
            written = self.font(name, font)
        case ("font", _):
            written = nil
        case ("token", .token(let type, let token)):
            written = tokenProperties(name, type: type, token)
        case ("number", _), ("token", _):
            return nil
        default:
            return []
        }
        if written == nil, !entry.isImported { return [] }
        return written
    }

    /// A font's members and the `font` shorthand.
    static func font(_ name: String, _ font: StyleValue.Font) -> [(String, String)]? {
        let size = font.size
        let weight = font.weightValue.map(number) ?? String(fontWeight(font.weight))
        let family = fontFamily(font)
        var result = [
            ("\(name)-font-family", family), ("\(name)-font-size", px(size)), ("\(name)-font-weight", weight),
        ]
        if let line = font.lineHeight { result.append(("\(name)-line-height", number(line))) }
        // A spacing written in `em` stays relative (the points are the native platforms').
        if let em = font.letterSpacingEm {
            result.append(("\(name)-letter-spacing", exact(em) + "em"))
        } else if let spacing = font.letterSpacing {
            result.append(("\(name)-letter-spacing", px(spacing)))
        }
        let style = font.style.flatMap { $0 == "italic" || $0 == "oblique" ? $0 : nil }
        if let style { result.append(("\(name)-font-style", style)) }
        let line = font.lineHeight.map { "/" + number($0) } ?? ""
        result.append((name, (style.map { $0 + " " } ?? "") + "\(weight) \(px(size))\(line) \(family)"))
        return result
    }

    static func surface(_ value: StyleValue) -> String? {
        switch value {
        case .color(let color): return cssColor(color.hex)
        case .gradient(let gradient) where gradient.kind == "linear":
            let colors = gradient.colors.map { cssColor($0.hex) }
            guard !colors.isEmpty else { return nil }
            let stops = gradient.locations
            let parts = colors.enumerated().map { index, color in
                guard let stops, index < stops.count else { return color }
                return color + " " + number(stops[index] * 100) + "%"
            }
            let angle = gradientAngle(from: gradient.startPoint, to: gradient.endPoint)
            return "linear-gradient(" + (angle.map { ["\($0)deg"] } ?? []).joined() + (angle == nil ? "" : ", ")
                + parts.joined(separator: ", ") + ")"
        default: return nil
        }
    }

    /// A gradient's direction in CSS degrees (0 up, 90 right), nil for top to bottom (CSS's default).
    static func gradientAngle(from start: StyleValue.Gradient.Point?, to end: StyleValue.Gradient.Point?) -> String? {
        func point(_ point: StyleValue.Gradient.Point?) -> (Double, Double)? {
            let names: [String: (Double, Double)] = [
                "top": (0.5, 0), "bottom": (0.5, 1), "leading": (0, 0.5), "trailing": (1, 0.5), "center": (0.5, 0.5),
                "topLeading": (0, 0), "topTrailing": (1, 0), "bottomLeading": (0, 1), "bottomTrailing": (1, 1),
            ]
            switch point {
            case .point(let x, let y)?: return (x, y)
            case .named(let name)?: return names[name]
            case nil: return nil
            }
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
    static func fontFamily(_ font: StyleValue.Font) -> String {
        if let families = font.families, !families.isEmpty {
            return families.flatMap(FontFamilies.split).map(FontFamilies.css).joined(separator: ", ")
        }
        let design = FontDesign(rawValue: font.design) ?? .default
        return design.genericFamilies.joined(separator: ", ")
    }
}
