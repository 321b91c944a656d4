import SnapStyleJSON

extension RGBA {
    /// `{"colorSpace": "srgb", "components", "alpha", "hex": "#rrggbb"}`.
    public var dtcgValue: JSONValue {
        .object([
            "colorSpace": "srgb", "components": .array([.number(r), .number(g), .number(b)]), "alpha": .number(a),
            "hex": .string(String(hex.lowercased().prefix(7))),
        ])
    }
}

extension ResolvedValue {
    /// The value as a DTCG `$value` of the given type (what an alias to it reads, and what `export` writes); nil
    /// for values DTCG has no type for (materials, mesh gradients, paddings, ...).
    public func dtcgValue(as type: String) -> JSONValue? {
        switch self {
        case .surface(.color(let c)):
            return c.dtcgValue
        case .surface(.linearGradient(let colors, _, _, let locations)):
            let positions = locations ?? SurfaceLiteral.evenLocations(colors.count)
            return .array(
                zip(colors, positions).map { .object(["color": $0.dtcgValue, "position": .number($1)]) })
        case .number(let n):
            if type == DTCGType.number.rawValue { return .number(n.base) }
            if let d = n.dimension { return .object(["value": .number(d.value), "unit": .string(d.unit)]) }
            return .object(["value": .number(n.base), "unit": "px"])
        case .font(let f):
            var object: JSONObject = [:]
            if let families = f.details.families { object["fontFamily"] = .array(families.map(JSONValue.string)) }
            object["fontSize"] = .object(["value": .number(f.baseSize), "unit": "px"])
            object["fontWeight"] = .number(f.details.weightValue ?? f.weight.value)
            if let lineHeight = f.details.lineHeight { object["lineHeight"] = .number(lineHeight) }
            if let em = f.details.letterSpacingEm {
                object["letterSpacing"] = .object(["value": .number(em), "unit": "em"])
            } else if let spacing = f.details.letterSpacing {
                object["letterSpacing"] = .object(["value": .number(spacing), "unit": "px"])
            }
            if let style = f.details.style { object["fontStyle"] = .string(style) }
            return .object(object)
        case .token(let t):
            return t.value
        default:
            return nil
        }
    }
}

extension FontDetails {
    /// What an export writes for the typography members a native font leaves unset (DTCG requires them): the
    /// generic families of its design, a line height of 1.2 (CSS's `normal`, roughly) and no letter spacing.
    public static func standIn(for design: FontDesign) -> FontDetails {
        FontDetails(
            families: design.genericFamilies, lineHeight: FontStandIn.lineHeight,
            letterSpacing: FontStandIn.letterSpacing)
    }
}
