import SnapStyleJSON
import SnapStyleVocabulary

/// The `$type` names of the DTCG Format module (2025.10) and the attribute each imports into.
public enum DTCGType: String, ClosedSet {
    case color, dimension, number, typography, gradient
    case fontFamily, fontWeight, duration, cubicBezier, shadow, border, strokeStyle, transition

    /// Where a token of this type lives: colors and gradients are surfaces, dimensions and numbers numbers,
    /// typography fonts, and everything else the `token` attribute.
    public var attribute: Attribute {
        switch self {
        case .color, .gradient: .surface
        case .dimension, .number: .number
        case .typography: .font
        default: .token
        }
    }

    /// The attribute of any `$type` name (names outside the format import as `token`).
    public static func attribute(of name: String) -> Attribute { DTCGType(rawValue: name)?.attribute ?? .token }

    /// The fontWeight keywords and their numbers.
    public static let weightKeywords: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]
}

extension FontWeight {
    /// The CSS number of each named weight.
    public var value: Double {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// The named weight nearest to a number (1...1000); ties go to the lighter.
    public init(nearest value: Double) {
        self = Self.allCases.min { abs($0.value - value) < abs($1.value - value) }!
    }
}

/// A problem with a DTCG value: which member (dotted, empty for the value itself) and what is wrong.
public struct DTCGValueError: Error, Hashable, Sendable {
    public var member: String
    public var message: String

    public init(_ member: String, _ message: String) {
        self.member = member
        self.message = message
    }

    /// `member: message`, or the message alone.
    public var text: String { member.isEmpty ? message : "\(member): \(message)" }
}

/// How a DTCG dimension reads: `{"value", "unit"}`, or what real exporters write instead (`"0.16px"`, a bare
/// number of pixels), which is accepted with a warning.
public struct DimensionValue: Hashable, Sendable {
    public var value: Double
    public var unit: String
    /// Why it was accepted although the format does not allow it.
    public var warning: String?

    public static func read(_ json: JSONValue, _ member: String, allowBareNumber: Bool = false)
        throws(DTCGValueError) -> DimensionValue
    {
        switch json {
        case .object(let object):
            guard let value = object["value"]?.doubleValue, value.isFinite else {
                throw DTCGValueError(member, "a dimension's value must be a number")
            }
            guard let unit = object["unit"]?.stringValue else {
                throw DTCGValueError(member, "a dimension needs a unit string (px or rem)")
            }
            return DimensionValue(value: value, unit: unit)
        case .string(let text):
            let trimmed = text.trimmingSpaces
            let digits = trimmed.prefix { "+-.0123456789eE".contains($0) }
            guard let value = Double(digits), value.isFinite else {
                throw DTCGValueError(member, "'\(text)' is not a dimension (expected {\"value\", \"unit\"})")
            }
            let unit = String(trimmed.dropFirst(digits.count))
            return DimensionValue(
                value: value, unit: unit, warning: "\(member.isEmpty ? "" : member + ": ")dimension written as a string"
            )
        case .integer, .double:
            guard allowBareNumber, let value = json.doubleValue, value.isFinite else {
                throw DTCGValueError(member, "a dimension is {\"value\", \"unit\"}, not a bare number")
            }
            return DimensionValue(
                value: value, unit: "px", warning: "\(member.isEmpty ? "" : member + ": ")bare number read as px")
        default:
            throw DTCGValueError(member, "expected a dimension {\"value\", \"unit\"}, not \(json.typeName)")
        }
    }

    /// Points, for the units that become points (`px`, `rem` × remBase, and `dp`, `pt` as is); nil for others.
    public func points(remBase: Double) -> Double? {
        switch unit {
        case "px", "dp", "pt": value
        case "rem": value * remBase
        default: nil
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
