import SnapStyleValues
import SnapStyleVocabulary
import SnapStyleJSON

/// CSS text for imported design tokens' values: dimensions as written, colors as hex, font families one by one,
/// and the composite types. Each returns nil for what CSS cannot say; the export leaves it out and counts it.
extension ThemeExport {
    /// An imported token's value in CSS (`token` attribute), as properties: the variable itself, and for a
    /// typography its members (`-font-family`, `-font-size`, ...).
    static func tokenProperties(_ name: String, type: String, _ value: JSONValue) -> [(String, String)]? {
        switch type {
        case "typography": return typography(name, value)
        case "composition": return composition(name, value)
        case "border":
            // The shorthand, and its members as Terrazzo writes them (`--focus-width`, `-style`, `-color`).
            guard let shorthand = tokenCSS(type, value), let width = value["width"].flatMap(dimension),
                let style = value["style"].flatMap(strokeStyle), let color = value["color"].flatMap(color)
            else { return nil }
            return [(name, shorthand), (name + "-width", width), (name + "-style", style), (name + "-color", color)]
        case _ where value.arrayValue != nil && dimensionLists.contains(type):
            let parts = (value.arrayValue ?? []).compactMap(dimension)
            guard parts.count == value.arrayValue?.count else { return nil }
            return [(name, parts.joined(separator: " "))]
        default: return tokenCSS(type, value).map { [(name, $0)] }
        }
    }

    /// Tokens Studio's length types, whose value may be several lengths (`8px 64px`).
    static let dimensionLists: Set = [
        "dimension", "spacing", "sizing", "borderRadius", "borderWidth", "paragraphSpacing", "paragraphIndent",
    ]

    /// One value of a `$type` in CSS.
    static func tokenCSS(_ type: String, _ value: JSONValue) -> String? {
        switch type {
        case "dimension", "duration": return dimension(value)
        case "number": return value.doubleValue.map(exact)
        case "fontWeight": return fontWeight(value)
        case "cubicBezier":
            guard let points = value.arrayValue?.compactMap(\.doubleValue), points.count == 4 else { return nil }
            return "cubic-bezier(" + points.map(exact).joined(separator: ", ") + ")"
        case "fontFamily": return families(value)
        case "strokeStyle": return value.stringValue
        case "color": return color(value)
        case "shadow":
            let layers = value.arrayValue ?? [value]
            let written = layers.compactMap(shadow)
            return written.count == layers.count && !written.isEmpty ? written.joined(separator: ", ") : nil
        case "border":
            guard let width = value["width"].flatMap(dimension), let style = value["style"].flatMap(strokeStyle),
                let color = value["color"].flatMap(color)
            else { return nil }
            return "\(width) \(style) \(color)"
        case "transition":
            guard let duration = value["duration"].flatMap(dimension),
                let timing = value["timingFunction"].flatMap({ tokenCSS("cubicBezier", $0) })
            else { return nil }
            let delay = value["delay"].flatMap(dimension) ?? "0ms"
            return "\(duration) \(timing) \(delay)"
        case "gradient":
            guard let stops = value.arrayValue, !stops.isEmpty else { return nil }
            let written = stops.compactMap { stop -> String? in
                guard let color = stop["color"].flatMap(color) else { return nil }
                return stop["position"]?.doubleValue.map { "\(color) \(exact($0 * 100))%" } ?? color
            }
            guard written.count == stops.count else { return nil }
            return "linear-gradient(" + written.joined(separator: ", ") + ")"
        case "lineHeights" where value.stringValue == "normal": return "normal"  // Tokens Studio's `AUTO`
        case _ where structuredTypes.contains(type): return nil
        default: return plainText(value)
        }
    }

    /// The types whose values have a shape of their own; a token of any other type (Spectrum's `string`, Tokens
    /// Studio's `other`, `textCase`, `textDecoration`, `asset`, `boolean`) is written as its text when CSS takes it.
    static let structuredTypes: Set = [
        "color", "dimension", "duration", "number", "fontWeight", "fontFamily", "cubicBezier", "strokeStyle", "shadow",
        "border", "transition", "gradient", "typography", "composition", "fontWeights", "fontFamilies", "fontSizes",
        "lineHeights", "letterSpacing", "boxShadow", "opacity", "spacing", "sizing", "borderRadius", "borderWidth",
        "paragraphSpacing", "paragraphIndent",
    ]

    /// A value written as text (`-3px`, `uppercase`, `"Inter", sans-serif`, `true`, `0.5`) when it is one valid
    /// custom property value: not empty, no `;`, `!`, braces, backslash, comment or line break, brackets and quotes
    /// balanced. Nil otherwise.
    static func plainText(_ value: JSONValue) -> String? {
        if let number = value.doubleValue { return exact(number) }
        if let flag = value.boolValue { return flag ? "true" : "false" }
        guard let raw = value.stringValue else { return nil }
        let text = String(raw.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !text.isEmpty,
            !text.contains(where: { ";!{}\\\n\r".contains($0) }), !text.contains("/*")
        else { return nil }
        var open: [Character] = []
        var quote: Character?
        for character in text {
            if let current = quote {
                if character == current { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" || character == "[" {
                open.append(character == "(" ? ")" : "]")
            } else if character == ")" || character == "]" {
                guard open.popLast() == character else { return nil }
            }
        }
        return quote == nil && open.isEmpty ? text : nil
    }

    /// `{value, unit}` (or a bare number, meaning px) as written; `dp` is `px` in CSS.
    static func dimension(_ value: JSONValue) -> String? {
        if let bare = value.doubleValue { return bare == 0 ? "0" : exact(bare) + "px" }
        // `{value, unit}`, or a string as real files write it (`"0.16px"`), read as the importer reads them.
        guard let read = try? DimensionValue.read(value, ""),
            value.objectValue != nil || ["px", "rem", "em", "%", "ms", "s", "pt"].contains(read.unit)
        else { return nil }
        return exact(read.value) + (read.unit == "dp" ? "px" : read.unit)
    }

    /// A number as written: its shortest exact form (an integer without a fraction).
    static func exact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A stroke style's keyword; CSS has no dash pattern of its own, so one written as an object is `dashed` (as
    /// Terrazzo writes it).
    static func strokeStyle(_ value: JSONValue) -> String? {
        if let keyword = value.stringValue { return FontFamilies.isIdentifier(keyword) ? keyword : nil }
        return value.objectValue != nil ? "dashed" : nil
    }

    /// A DTCG color (object in any space, or hex) as `#rrggbb[aa]`.
    static func color(_ value: JSONValue) -> String? {
        var warnings: [String] = []
        return (try? DTCGValue.color(value, "", &warnings)).map { cssColor($0.hex) }
    }

    /// A weight number, or a weight keyword's number.
    static func fontWeight(_ value: JSONValue) -> String? {
        if let weight = value.doubleValue { return number(weight) }
        return value.stringValue.flatMap { DTCGType.weightKeywords[$0.lowercased()] }.map(number)
    }

    /// `[inset] x y blur spread color`.
    static func shadow(_ value: JSONValue) -> String? {
        guard let color = value["color"].flatMap(color), let x = value["offsetX"].flatMap(dimension),
            let y = value["offsetY"].flatMap(dimension)
        else { return nil }
        let blur = value["blur"].flatMap(dimension) ?? "0"
        let spread = value["spread"].flatMap(dimension) ?? "0"
        return (value["inset"]?.boolValue == true ? "inset " : "") + "\(x) \(y) \(blur) \(spread) \(color)"
    }

    /// A typography token CSS cannot turn into a font of points (a size in `em`, say): its members, and the `font`
    /// shorthand in the variable itself.
    static func typography(_ name: String, _ value: JSONValue) -> [(String, String)]? {
        guard let size = value["fontSize"].flatMap(dimension), let family = value["fontFamily"].flatMap(families)
        else { return nil }
        let weight = value["fontWeight"].flatMap(fontWeight) ?? "400"
        var result = [("\(name)-font-family", family), ("\(name)-font-size", size), ("\(name)-font-weight", weight)]
        let lineHeight = value["lineHeight"].flatMap { $0.doubleValue.map(exact) ?? dimension($0) }
        if let lineHeight { result.append(("\(name)-line-height", lineHeight)) }
        if let spacing = value["letterSpacing"].flatMap(dimension) {
            result.append(("\(name)-letter-spacing", spacing))
        }
        let style = value["fontStyle"]?.stringValue.flatMap { $0 == "italic" || $0 == "oblique" ? $0 : nil }
        if let style { result.append(("\(name)-font-style", style)) }
        let shorthand = "\(weight) \(size)\(lineHeight.map { "/" + $0 } ?? "") \(family)"
        result.append((name, (style.map { $0 + " " } ?? "") + shorthand))
        return result
    }

    /// A composition token (Tokens Studio): one variable per member (`--card-fill`, `--card-border-radius`), each
    /// written by its value's shape; a member CSS cannot say is left out.
    static func composition(_ name: String, _ value: JSONValue) -> [(String, String)]? {
        guard let members = value.objectValue?.members, !members.isEmpty else { return nil }
        var result: [(String, String)] = []
        for member in members {
            guard let css = compositionMember(member.value) else { continue }
            result.append(("\(name)-\(kebab(member.key))", css))
        }
        return result.isEmpty ? nil : result
    }

    /// A composition member's CSS: a color, a dimension, a number, a shadow, a border, or a plain keyword or length.
    static func compositionMember(_ value: JSONValue) -> String? {
        if let number = value.doubleValue { return exact(number) }
        if let text = value.stringValue {
            if let hex = RGBA(hex: text) { return cssColor(hex.hex) }
            return !text.isEmpty && !text.contains(where: { ";{}\n\"".contains($0) }) ? text : nil
        }
        if value["colorSpace"] != nil { return color(value) }
        if value["unit"] != nil { return dimension(value) }
        if value["offsetX"] != nil || value.arrayValue?.first?["offsetX"] != nil { return tokenCSS("shadow", value) }
        if value["width"] != nil && value["style"] != nil { return tokenCSS("border", value) }
        return nil
    }

    /// A font family list: names one by one, each quoted when CSS needs it; a string that is itself a CSS stack
    /// (`"KfW Centro Sans", Arial, sans-serif`) is split at its commas, never quoted whole.
    static func families(_ value: JSONValue) -> String? {
        let names: [String]
        if let list = value.arrayValue {
            names = list.compactMap(\.stringValue).flatMap(FontFamilies.split)
        } else if let text = value.stringValue {
            names = FontFamilies.split(text)
        } else {
            return nil
        }
        return names.isEmpty ? nil : names.map(FontFamilies.css).joined(separator: ", ")
    }
}

/// CSS font family names.
enum FontFamilies {
    /// CSS's generic family keywords, written without quotes.
    static let generic: Set = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "inherit", "initial", "unset",
    ]

    /// A list written as one string, split at commas outside quotes; quotes around a name removed (as the
    /// importer splits a family list written as one string).
    static func split(_ text: String) -> [String] { DTCGValue.splitFamilies(text) }

    /// A name as CSS takes it: as is when it is a keyword or an identifier, quoted otherwise.
    static func css(_ name: String) -> String {
        if generic.contains(name.lowercased()) || isIdentifier(name) { return name }
        return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    /// `Arial`, `-apple-system`, `BlinkMacSystemFont`: letters, digits, `-` and `_`, not starting with a digit
    /// (nor `-` and a digit, nor `--`).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        let allowed = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let rest = name.dropFirst().first
        let start = first.isLetter || first == "_" || (first == "-" && rest.map { $0.isLetter || $0 == "_" } == true)
        return allowed && start && !first.isNumber
    }
}
