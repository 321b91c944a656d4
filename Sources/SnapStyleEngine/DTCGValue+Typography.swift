import SnapStyleJSON

extension DTCGValue {
    static let typographyMembers = ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing"]
    /// Members Tokens Studio's typography adds (the style its weight names carry, and its details).
    static let studioTypographyMembers: Set = ["fontStyle", "textCase", "textDecoration", "paragraphSpacing"]

    /// A typography value as a font: family list, size in points (not scaled by Dynamic Type), weight, line
    /// height as a multiple of the size, letter spacing in points. A size that cannot become points (`em`) makes
    /// the whole token a `token` value.
    static func typography(_ json: JSONValue, remBase: Double) throws(DTCGValueError) -> Converted {
        guard case .object(let object) = json else {
            throw DTCGValueError("", "a typography value is an object, not \(json.typeName)")
        }
        var warnings: [String] = []
        for member in object
        where !typographyMembers.contains(member.key) && !studioTypographyMembers.contains(member.key) {
            warnings.append("unknown typography member '\(member.key)' ignored")
        }
        for name in typographyMembers where object[name] == nil && name != "fontSize" && object["fontSize"] != nil {
            warnings.append("typography without \(name)")
        }
        guard let sizeJSON = object["fontSize"] else {
            // Tokens Studio lets a typography give only some members: it has just those, as a `token` value.
            guard !object.isEmpty else { throw DTCGValueError("", "a typography value has no members") }
            warnings.append("typography without fontSize: imported as a token of its members")
            return Converted(attribute: .token, literal: token("typography", json), warnings: warnings)
        }
        let size = try DimensionValue.read(sizeJSON, "fontSize")
        if let warning = size.warning { warnings.append(warning) }
        guard let points = size.points(remBase: remBase) else {
            warnings.append("fontSize in '\(size.unit)' cannot become points: imported as a token")
            return Converted(attribute: .token, literal: token("typography", json), warnings: warnings)
        }
        var details = FontDetails()
        if let family = object["fontFamily"] { details.families = try families(family, &warnings) }
        var weight = FontWeight.regular
        if let weightJSON = object["fontWeight"] {
            let value = try weightValue(weightJSON)
            details.weightValue = value
            weight = FontWeight(nearest: value)
        }
        if let lineHeight = object["lineHeight"] {
            if let n = lineHeight.doubleValue, n.isFinite {
                details.lineHeight = n
            } else {
                let d = try DimensionValue.read(lineHeight, "lineHeight")
                guard let height = d.points(remBase: remBase), points > 0 else {
                    throw DTCGValueError("lineHeight", "a line height is a number (a multiple of the size)")
                }
                warnings.append("lineHeight given as a dimension: divided by the size")
                details.lineHeight = height / points
            }
        }
        if let spacing = object["letterSpacing"] {
            let d = try DimensionValue.read(spacing, "letterSpacing", allowBareNumber: true)
            if let warning = d.warning { warnings.append(warning) }
            if d.unit == "em" {
                warnings.append("letterSpacing in em: multiplied by the size")
                details.letterSpacing = d.value * points
                details.letterSpacingEm = d.value
            } else if let value = d.points(remBase: remBase) {
                details.letterSpacing = value
            } else {
                throw DTCGValueError("letterSpacing", "unit '\(d.unit)' cannot become points")
            }
        }
        if let style = object["fontStyle"]?.stringValue?.lowercased(), style == "italic" || style == "oblique" {
            details.style = style
        }
        details.textCase = object["textCase"]?.stringValue
        details.textDecoration = object["textDecoration"]?.stringValue
        if let spacing = object["paragraphSpacing"], let d = try? DimensionValue.read(spacing, "paragraphSpacing") {
            details.paragraphSpacing = d.points(remBase: remBase)
        }
        let font = FontLiteral(size: points, weight: weight, details: details, scaled: false)
        return Converted(attribute: .font, literal: .font(font), warnings: warnings)
    }

    /// A font weight: a number in 1...1000 or a keyword.
    static func weightValue(_ json: JSONValue) throws(DTCGValueError) -> Double {
        if let n = json.doubleValue, (1...1000).contains(n) { return n }
        if let name = json.stringValue, let n = DTCGType.weightKeywords[name] { return n }
        throw DTCGValueError("fontWeight", "expected a number in 1...1000 or a weight keyword")
    }

    /// A family list: an array of names or one string; a string holding a comma-separated list (as CSS writes it)
    /// is split at the commas outside quotes, with a warning.
    static func families(_ json: JSONValue, _ warnings: inout [String]) throws(DTCGValueError) -> [String] {
        let strings: [String]
        if let s = json.stringValue {
            strings = [s]
        } else if let array = json.arrayValue, !array.isEmpty, array.allSatisfy({ $0.stringValue != nil }) {
            strings = array.compactMap(\.stringValue)
        } else {
            throw DTCGValueError("fontFamily", "a font family is a string or an array of strings")
        }
        var names: [String] = []
        for s in strings {
            let parts = splitFamilies(s)
            if parts.count > 1 { warnings.append("fontFamily: a list written as one string, split at commas") }
            names += parts
        }
        guard !names.isEmpty else { throw DTCGValueError("fontFamily", "an empty font family") }
        return names
    }
}
