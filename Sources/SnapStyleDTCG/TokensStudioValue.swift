import SnapStyleEngine
import SnapStyleJSON

/// Tokens Studio's legacy syntax (`value`, `type`, `description` without `$`, as Tokens Studio and Style
/// Dictionary 3 write them) read as DTCG: its type names, and its values written as CSS strings (`"16px"`,
/// `"150%"`, `"#ff000080"`, `"Bold"`), become the DTCG types and value shapes they stand for. References
/// (`"{a.b}"`, and Style Dictionary 3's `"{a.b.value}"`) stay references. What has no DTCG form (math, color
/// functions of references, several values in one string) is kept as written, under its Tokens Studio type.
enum TokensStudioValue {
    /// Tokens Studio types that are DTCG dimensions.
    static let dimensionTypes: Set = [
        "dimension", "spacing", "sizing", "borderRadius", "borderWidth", "fontSizes", "paragraphSpacing",
        "paragraphIndent",
    ]

    /// Type names only Tokens Studio uses: a file that names one is written by Tokens Studio.
    static let studioTypes: Set = [
        "spacing", "sizing", "borderRadius", "borderWidth", "fontSizes", "paragraphSpacing", "paragraphIndent",
        "opacity", "lineHeights", "letterSpacing", "fontFamilies", "fontWeights", "boxShadow", "composition",
        "textCase", "textDecoration", "asset", "other", "math",
    ]

    /// Whether a token file carries a Tokens Studio marker in a `$value` token: one of its type names as `$type`,
    /// or `$extensions."studio.tokens"` (the legacy syntax is read as Tokens Studio's anyway).
    static func isMarked(_ json: JSONValue) -> Bool {
        guard case .object(let object) = json else { return false }
        if let type = object["$type"]?.stringValue, studioTypes.contains(type) { return true }
        if object["$extensions"]?["studio.tokens"] != nil { return true }
        for member in object.members where !member.key.hasPrefix("$") || member.key == "$root" {
            if isMarked(member.value) { return true }
        }
        return false
    }

    /// A legacy token's DTCG type and value.
    static func normalize(type: String, _ value: JSONValue) -> (type: String, value: JSONValue) {
        if case .string(let text) = value, let reference = reference(text) { return (dtcgType(type), reference) }
        switch type {
        case "color":
            if let gradient = gradient(value) { return ("gradient", gradient) }
            return ("color", color(value) ?? value)
        case _ where dimensionTypes.contains(type):
            if let dimension = dimension(value) { return ("dimension", dimension) }
            if let list = multiValue(value) { return (type, list) }
            return math(value).map { ("dimension", $0) } ?? (type, value)
        case "number" where value.stringValue.map({ Double(finite: $0.trimmed) == nil }) == true:
            // Tokens Studio accepts a number written with a unit (`"4px"`): that length.
            if let dimension = dimension(value) { return ("dimension", dimension) }
            return math(value).map { ("number", $0) } ?? (type, value)
        case "number", "math", "other":
            // A number (or arithmetic) of any of these types is a number, so that math and modifiers read it.
            if let number = value.doubleValue { return ("number", .number(number)) }
            if let number = value.stringValue.flatMap({ Double(finite: $0.trimmed) }) {
                return ("number", .number(number))
            }
            // `other` is any text (`-3px`, a font stack): arithmetic only when it names a token.
            if type == "other", value.stringValue?.contains("{") != true { return (type, value) }
            return math(value).map { ("number", $0) } ?? (type == "math" ? "number" : type, value)
        case "opacity": return fraction(value).map { ("number", $0) } ?? (type, value)
        case "lineHeights":
            // `AUTO` is the font's own line height: CSS's `normal`.
            if value.stringValue?.trimmed.lowercased() == "auto" { return (type, .string("normal")) }
            return (lineHeight(value) ?? math(value)).map { ("number", $0) } ?? (type, value)
        case "letterSpacing": return letterSpacing(value).map { ("dimension", $0) } ?? (type, value)
        case "fontFamilies": return ("fontFamily", value)
        case "fontWeights":
            return fontWeight(value).map { ("fontWeight", $0) } ?? math(value).map { ("fontWeight", $0) } ?? (
                type, value
            )
        case "typography": return ("typography", typography(value))
        case "boxShadow": return ("shadow", shadow(value))
        case "border": return ("border", border(value))
        default: return (type, value)
        }
    }

    /// The DTCG type a Tokens Studio type stands for (for a reference, whose value is the target's).
    static func dtcgType(_ type: String) -> String {
        switch type {
        case _ where dimensionTypes.contains(type), "letterSpacing": "dimension"
        case "opacity", "lineHeights": "number"
        case "fontFamilies": "fontFamily"
        case "fontWeights": "fontWeight"
        case "boxShadow": "shadow"
        default: type
        }
    }

    /// `"{a.b}"`, or Style Dictionary 3's `"{a.b.value}"`, as a DTCG alias.
    static func reference(_ text: String) -> JSONValue? {
        guard let key = TokenDocument.reference(text) else { return nil }
        return .string("{" + (key.hasSuffix(".value") ? String(key.dropLast(6)) : key) + "}")
    }

    /// `#rgb`, `#rrggbb[aa]`, `rgb(r, g, b)`, `rgba(r, g, b, a)` (a number or a percentage) as a DTCG color.
    static func color(_ value: JSONValue) -> JSONValue? {
        guard let text = value.stringValue?.lowercased() else { return nil }
        var rgba: [Double]
        if text.hasPrefix("#") {
            var digits = Array(text.dropFirst())
            if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 || digits.count == 8 else { return nil }
            rgba = stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
                .map { Double($0) / 255 }
            guard rgba.count == digits.count / 2 else { return nil }
        } else if text.hasPrefix("hsl"), let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            // `hsl(210, 50%, 40%)`, `hsla(...)`, `hsl(210 50% 40% / 0.5)`: DTCG's `hsl` space (0...100).
            let parts = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4,
                let hue = Double(finite: parts[0].replacingOccurrences(of: "deg", with: "")),
                let saturation = Double(finite: parts[1].replacingOccurrences(of: "%", with: "")),
                let lightness = Double(finite: parts[2].replacingOccurrences(of: "%", with: "")),
                let alpha = parts.count == 4 ? fraction(.string(parts[3]))?.doubleValue : 1
            else { return nil }
            return .object([
                "colorSpace": "hsl", "components": [.double(hue), .double(saturation), .double(lightness)],
                "alpha": .double(alpha),
            ])
        } else if text.hasPrefix("rgba(#"), text.hasSuffix(")"), let comma = text.lastIndex(of: ",") {
            // `rgba(#ffff00, 0.5)`: a hex color with its alpha set.
            let hex = String(text[text.index(text.startIndex, offsetBy: 5)..<comma]).trimmed
            guard case .object(var object)? = color(.string(hex)),
                let alpha = fraction(.string(String(text[text.index(after: comma)...].dropLast()).trimmed))?
                    .doubleValue
            else { return nil }
            object["alpha"] = .double(alpha)
            return .object(object)
        } else if text.hasPrefix("rgb"), let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let parts = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let channels = parts.prefix(3).compactMap { part -> Double? in
                part.hasSuffix("%")
                    ? Double(finite: part.dropLast()).map { $0 / 100 } : Double(finite: part).map { $0 / 255 }
            }
            let alpha = parts.count == 4 ? fraction(.string(parts[3]))?.doubleValue : 1
            guard channels.count == 3, let alpha else { return nil }
            rgba = channels + [alpha]
        } else {
            return nil
        }
        let alpha = rgba.count == 4 ? rgba[3] : 1
        return .object([
            "colorSpace": "srgb", "components": .array(rgba.prefix(3).map { .double($0) }), "alpha": .double(alpha),
        ])
    }

    /// `"8px 64px"`, `"{space.sm} {space.xl}"`: several lengths in one value (Tokens Studio's multi-value spacing),
    /// each a dimension or an alias; nil unless there are at least two and every one is either.
    static func multiValue(_ value: JSONValue) -> JSONValue? {
        guard let text = value.stringValue else { return nil }
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count >= 2 else { return nil }
        var values: [JSONValue] = []
        for part in parts {
            guard let one = reference(part) ?? dimension(.string(part)) else { return nil }
            values.append(one)
        }
        return .array(values)
    }

    /// `linear-gradient(90deg, {a} 0%, #fff 100%)` as DTCG gradient stops, each color a value or an alias, stops
    /// without a position spread evenly. The angle is not kept: an imported gradient runs from top to bottom.
    static func gradient(_ value: JSONValue) -> JSONValue? {
        guard let text = value.stringValue?.trimmed, text.lowercased().hasPrefix("linear-gradient("),
            text.hasSuffix(")")
        else { return nil }
        var parts = splitArguments(text.dropFirst(16).dropLast())
        var angle: Double?
        if let first = parts.first, let degrees = gradientAngle(first) {
            angle = degrees
            parts.removeFirst()
        }
        guard parts.count >= 2 else { return nil }
        var stops: [JSONValue] = []
        for (index, part) in parts.enumerated() {
            var colorText = part
            var position = Double(index) / Double(parts.count - 1)
            if let space = part.lastIndex(of: " "), part[part.index(after: space)...].hasSuffix("%"),
                let percent = Double(finite: part[part.index(after: space)...].dropLast())
            {
                position = percent / 100
                colorText = String(part[..<space]).trimmed
            }
            var stop: JSONObject = ["position": .number(position)]
            if let alias = reference(colorText) {
                stop["color"] = alias
            } else if let (alias, alpha) = rgbaOfReference(.string(colorText)) {
                // The referenced color with its alpha set: `alpha` is read with the stop (`DTCGValue.gradient`).
                stop["color"] = alias
                stop["alpha"] = .number(alpha)
            } else if let literal = self.color(.string(colorText)) {
                stop["color"] = literal
            } else {
                return nil
            }
            // The direction rides on the first stop (`DTCGValue.gradient` reads it): DTCG's gradient has none.
            if index == 0, let angle, angle != 180 { stop["angle"] = .number(angle) }
            stops.append(.object(stop))
        }
        return .array(stops)
    }

    /// A `linear-gradient` direction in degrees: `90deg`, `0.25turn`, `to right`, `to top left` (CSS's angles:
    /// 0 points up, 90 right).
    static func gradientAngle(_ text: String) -> Double? {
        let lower = text.lowercased()
        if lower.hasSuffix("deg") { return Double(finite: lower.dropLast(3)) }
        if lower.hasSuffix("turn") { return Double(finite: lower.dropLast(4)).map { $0 * 360 } }
        guard lower.hasPrefix("to ") else { return nil }
        let sides = Set(lower.dropFirst(3).split(separator: " ").map(String.init))
        let table: [Set<String>: Double] = [
            ["top"]: 0, ["top", "right"]: 45, ["right"]: 90, ["bottom", "right"]: 135, ["bottom"]: 180,
            ["bottom", "left"]: 225, ["left"]: 270, ["top", "left"]: 315,
        ]
        return table[sides]
    }

    /// A function's arguments: split at commas outside parentheses, trimmed.
    static func splitArguments(_ text: Substring) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == "," && depth == 0 {
                parts.append(current.trimmed)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmed)
        return parts
    }

    /// `rgba({a.b}, 0.5)` or `rgba({a.b}, 50%)`: the reference, as an alias, and the alpha.
    static func rgbaOfReference(_ value: JSONValue) -> (JSONValue, Double)? {
        guard let text = value.stringValue?.trimmed, text.hasPrefix("rgba("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(5).dropLast()
        guard let comma = inner.lastIndex(of: ",") else { return nil }
        let color = String(inner[..<comma]).trimmed
        guard let reference = reference(color),
            let alpha = fraction(.string(String(inner[inner.index(after: comma)...]).trimmed))?.doubleValue
        else { return nil }
        return (reference, alpha)
    }

    /// `16`, `"16"`, `"16px"`, `"1.5rem"` as `{value, unit}` (a bare number is px); nil for anything else.
    static func dimension(_ value: JSONValue) -> JSONValue? {
        if let number = value.doubleValue { return measure(number, "px") }
        guard let text = value.stringValue?.trimmed else { return nil }
        for unit in ["px", "rem", "em"] where text.hasSuffix(unit) {
            guard let number = Double(finite: text.dropLast(unit.count)) else { return nil }
            return measure(number, unit)
        }
        return Double(finite: text).map { measure($0, "px") }
    }

    /// `0.5`, `"0.5"`, `"50%"` as a fraction.
    static func fraction(_ value: JSONValue) -> JSONValue? {
        if let number = value.doubleValue { return .number(number) }
        guard let text = value.stringValue?.trimmed else { return nil }
        if text.hasSuffix("%") { return Double(finite: text.dropLast()).map { .number($0 / 100) } }
        return Double(finite: text).map { .number($0) }
    }

    /// A line height as a multiple of the size: `1.5`, `"150%"`; `AUTO` and lengths have no such form.
    static func lineHeight(_ value: JSONValue) -> JSONValue? { fraction(value) }

    /// Letter spacing: a percentage is `em` (`"2%"` is `0.02em`), a length as written.
    static func letterSpacing(_ value: JSONValue) -> JSONValue? {
        if let text = value.stringValue?.trimmed, text.hasSuffix("%"), let number = Double(finite: text.dropLast()) {
            return measure(number / 100, "em")
        }
        return dimension(value)
    }

    /// Tokens Studio's weight names, lowercased without spaces (a trailing style, `italic`, dropped here).
    static let weights: [String: Double] = [
        "hairline": 100, "thin": 100, "extralight": 200, "ultralight": 200, "extraleicht": 200, "light": 300,
        "leicht": 300, "normal": 400, "regular": 400, "buch": 400, "book": 400, "medium": 500, "kraeftig": 500,
        "kräftig": 500, "semibold": 600, "demibold": 600, "halbfett": 600, "bold": 700, "dreiviertelfett": 700,
        "extrabold": 800, "ultrabold": 800, "fett": 800, "black": 900, "heavy": 900, "super": 900, "extrafett": 900,
        "ultra": 950, "extrablack": 950, "ultrablack": 950,
    ]

    static func fontWeight(_ value: JSONValue) -> JSONValue? {
        if let number = value.doubleValue { return .number(number) }
        guard var text = value.stringValue?.lowercased().replacingOccurrences(of: " ", with: "") else { return nil }
        for style in ["italic", "oblique"] where text.hasSuffix(style) { text.removeLast(style.count) }
        if text.isEmpty { return .number(400) }
        if let number = Double(finite: text) { return .number(number) }
        return weights[text].map { .number($0) }
    }

    /// The style a weight name ends with (`Bold Italic`, `Regular oblique`), or a name that is only a style
    /// (`Italic`, meaning Regular Italic), as Tokens Studio splits them.
    static func fontStyle(_ value: JSONValue) -> String? {
        guard let text = value.stringValue?.lowercased().trimmed else { return nil }
        for style in ["italic", "oblique"] where text.hasSuffix(style) { return style }
        return nil
    }

    /// A typography value's members as DTCG's (`fontSizes` etc. by member); a weight name's style becomes
    /// `fontStyle`.
    static func typography(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        if let weight = object["fontWeight"], object["fontStyle"] == nil, let style = fontStyle(weight) {
            result["fontStyle"] = .string(style)
        }
        for member in object.members {
            let type =
                switch member.key {
                case "fontFamily": "fontFamilies"
                case "fontWeight": "fontWeights"
                case "fontSize", "paragraphSpacing": "fontSizes"
                case "lineHeight": "lineHeights"
                case "letterSpacing": "letterSpacing"
                default: ""
                }
            result[member.key] = type.isEmpty ? member.value : normalize(type: type, member.value).value
        }
        return .object(result)
    }

    /// A box shadow (or a list of them): `x`/`y` as `offsetX`/`offsetY`, `innerShadow` as `inset`.
    static func shadow(_ value: JSONValue) -> JSONValue {
        if case .array(let layers) = value { return .array(layers.map(shadow)) }
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        for member in object.members {
            switch member.key {
            case "x": result["offsetX"] = dimensionOrReference(member.value)
            case "y": result["offsetY"] = dimensionOrReference(member.value)
            case "blur", "spread": result[member.key] = dimensionOrReference(member.value)
            case "color": result["color"] = normalize(type: "color", member.value).value
            case "type": result["inset"] = .bool(member.value.stringValue == "innerShadow")
            default: result[member.key] = member.value
            }
        }
        return .object(result)
    }

    static func border(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        for member in object.members {
            switch member.key {
            case "width": result["width"] = dimensionOrReference(member.value)
            case "color": result["color"] = normalize(type: "color", member.value).value
            default: result[member.key] = member.value
            }
        }
        return .object(result)
    }

    /// A string that is arithmetic over numbers, lengths and references (`"{space.base} * 2"`), marked for the
    /// compiler (`TokensStudioMath`); nil for anything else.
    static func math(_ value: JSONValue) -> JSONValue? {
        guard let text = value.stringValue, text.contains(where: { "+-*/(".contains($0) }) || text.contains("{"),
            TokenDocument.reference(text) == nil, Double(text) == nil
        else { return nil }
        return .object([TokensStudioMath.marker: .string(text)])
    }

    /// `{value, unit}`.
    static func measure(_ value: Double, _ unit: String) -> JSONValue {
        .object(["value": .number(value), "unit": .string(unit)])
    }

    static func dimensionOrReference(_ value: JSONValue) -> JSONValue {
        if case .string(let text) = value, let reference = reference(text) { return reference }
        return dimension(value) ?? math(value) ?? value
    }
}

extension String {
    /// Without spaces at either end.
    fileprivate var trimmed: String {
        // Nearly every value has no space at either end: then it is itself, without walking its characters.
        guard utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ") else { return self }
        return String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
