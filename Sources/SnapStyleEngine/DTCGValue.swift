import RealModule
import SnapStyleJSON

/// Reads a DTCG `$value` (with no alias left in it) as a value of this engine (docs/dtcg.md, "Tokens become
/// keys"): colors in every color space become sRGB, dimensions points, typography a font; every other type stays
/// a `token` value. What the format forbids but real exporters write is accepted with a warning.
extension DTCGValue {
    /// A converted value: the attribute it belongs to, the literal, and the warnings about how it was written.
    public struct Converted: Sendable {
        public var attribute: Attribute
        public var literal: Literal
        public var warnings: [String]
    }

    public static func convert(_ type: String, _ json: JSONValue, remBase: Double) throws(DTCGValueError)
        -> Converted
    {
        var warnings: [String] = []
        switch DTCGType(rawValue: type) {
        case .color:
            return Converted(
                attribute: .surface, literal: .surface(.color(.rgba(try color(json, "", &warnings)))),
                warnings: warnings)
        case .gradient:
            return Converted(attribute: .surface, literal: .surface(try gradient(json, &warnings)), warnings: warnings)
        case .number:
            guard let n = json.doubleValue else {
                throw DTCGValueError("", "a number token's value must be a number, not \(json.typeName)")
            }
            guard n.isFinite else { throw DTCGValueError("", "a number token's value must be finite, not \(n)") }
            return Converted(attribute: .number, literal: .number(.constant(n)), warnings: [])
        case .dimension:
            let d = try DimensionValue.read(json, "")
            if let warning = d.warning { warnings.append(warning) }
            guard let points = d.points(remBase: remBase) else {
                warnings.append("unit '\(d.unit)' cannot become points: imported as a token")
                return Converted(attribute: .token, literal: token(type, json), warnings: warnings)
            }
            if d.unit == "dp" || d.unit == "pt" { warnings.append("unit '\(d.unit)' is not DTCG's: read as px") }
            let dimension = Dimension(value: d.value, unit: d.unit, points: points)
            return Converted(attribute: .number, literal: .number(.dimension(dimension)), warnings: warnings)
        case .typography:
            return try typography(json, remBase: remBase)
        case let known?:
            try validate(known, json)
            return Converted(attribute: .token, literal: token(type, json), warnings: [])
        case nil where type == "fontStyle":
            // The style part of a Tokens Studio weight with a style (`Regular italic`), which the importer splits.
            return Converted(attribute: .token, literal: token(type, json), warnings: [])
        case nil:
            return Converted(
                attribute: .token, literal: token(type, json),
                warnings: ["'\(type)' is not a DTCG type: imported as a token"])
        }
    }

    static func token(_ type: String, _ json: JSONValue) -> Literal {
        .imported(ImportedLiteral(type: type, value: .json(json)))
    }

    /// A gradient: stops `{color, position}` from top to bottom, positions clamped to 0...1.
    static func gradient(_ json: JSONValue, _ warnings: inout [String]) throws(DTCGValueError) -> SurfaceLiteral {
        guard case .array(let stops) = json, !stops.isEmpty else {
            throw DTCGValueError("", "a gradient is an array of {\"color\", \"position\"} stops")
        }
        var colors: [ColorSpec] = []
        var locations: [Double] = []
        for (index, stop) in stops.enumerated() {
            guard case .object(let object) = stop, let colorJSON = object["color"] else {
                throw DTCGValueError("\(index)", "a gradient stop is {\"color\", \"position\"}")
            }
            var rgba = try color(colorJSON, "\(index).color", &warnings)
            // A Tokens Studio stop `rgba({ref}, a)`: the referenced color with its alpha set.
            if let alpha = object["alpha"]?.doubleValue { rgba.a = min(max(alpha, 0), 1) }
            colors.append(.rgba(rgba))
            guard let position = object["position"]?.doubleValue, position.isFinite else {
                throw DTCGValueError("\(index).position", "a stop's position must be a number")
            }
            locations.append(min(max(position, 0), 1))
        }
        // Tokens Studio's `linear-gradient(90deg, ...)` keeps its direction on the first stop (CSS's degrees).
        if let angle = stops.first?["angle"]?.doubleValue, angle.isFinite {
            let radians = angle * .pi / 180
            func rounded(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
            let x = rounded(0.5 + 0.5 * Double.sin(radians)), y = rounded(0.5 - 0.5 * Double.cos(radians))
            return .linearGradient(
                colors: colors, start: .point(rounded(1 - x), rounded(1 - y)), end: .point(x, y), locations: locations)
        }
        return .linearGradient(colors: colors, start: .named("top"), end: .named("bottom"), locations: locations)
    }

    /// Checks the shape of a value that stays a `token`, as far as the format defines it.
    static func validate(_ type: DTCGType, _ json: JSONValue) throws(DTCGValueError) {
        switch type {
        case .fontWeight:
            if let n = json.doubleValue {
                guard (1...1000).contains(n) else { throw DTCGValueError("", "a font weight must be in 1...1000") }
            } else if let name = json.stringValue {
                guard DTCGType.weightKeywords[name] != nil else {
                    throw DTCGValueError("", "'\(name)' is not a font weight keyword")
                }
            } else {
                throw DTCGValueError("", "a font weight is a number or a keyword, not \(json.typeName)")
            }
        case .fontFamily:
            guard json.stringValue != nil || json.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else {
                throw DTCGValueError("", "a font family is a string or an array of strings")
            }
        case .duration:
            guard case .object(let object) = json, object["value"]?.doubleValue != nil,
                ["ms", "s"].contains(object["unit"]?.stringValue ?? "")
            else { throw DTCGValueError("", "a duration is {\"value\": number, \"unit\": \"ms\" or \"s\"}") }
        case .cubicBezier:
            guard case .array(let points) = json, points.count == 4, points.allSatisfy({ $0.doubleValue != nil }) else {
                throw DTCGValueError("", "a cubic Bézier is an array of 4 numbers")
            }
        default:
            break
        }
    }
}
