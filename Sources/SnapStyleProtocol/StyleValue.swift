import SnapStyleVocabulary
import SnapStyleJSON

/// A resolved value as a client reads it (docs/theme-format.md, "Literals and what they resolve to"): the one place
/// that reads and writes a value's JSON members by name, so that the CLI, the preview, the MCP server and the
/// exports read cases. Lossless: `json` writes back every member `resolve` answers (`StyleValue+JSON.swift`).
public enum StyleValue: Sendable, Equatable {
    /// A color: `#RRGGBBAA` and its components, each 0...1.
    public struct Color: Sendable, Equatable {
        public var hex: String
        public var rgba: [Double]

        public init(hex: String, rgba: [Double]) {
            self.hex = hex
            self.rgba = rgba
        }
    }

    /// A linear gradient's colors, direction and stops, or a mesh gradient's grid, points and colors.
    public struct Gradient: Sendable, Equatable {
        /// A point a linear gradient starts or ends at: a named one (`top`, `bottomLeading`) or unit coordinates.
        public enum Point: Sendable, Equatable {
            case named(String)
            case point(Double, Double)
        }

        /// `linear` or `mesh`.
        public var kind: String
        public var colors: [Color]
        public var startPoint: Point?
        public var endPoint: Point?
        /// The stops' positions (0...1), one per color, when the theme sets them.
        public var locations: [Double]?
        /// A mesh's columns, rows and points (`[x, y]` each).
        public var width: Int64?
        public var height: Int64?
        public var points: [[Double]]?

        public init(
            kind: String, colors: [Color], startPoint: Point? = nil, endPoint: Point? = nil,
            locations: [Double]? = nil, width: Int64? = nil, height: Int64? = nil, points: [[Double]]? = nil
        ) {
            self.kind = kind
            self.colors = colors
            self.startPoint = startPoint
            self.endPoint = endPoint
            self.locations = locations
            self.width = width
            self.height = height
            self.points = points
        }
    }

    /// A padding edge (its value, base and key) or a composition layer (its key and value).
    public struct Keyed: Sendable, Equatable {
        public var key: String?
        public var number: Double?
        public var base: Double?
        public var value: StyleValue?

        public init(key: String?, number: Double? = nil, base: Double? = nil, value: StyleValue? = nil) {
            self.key = key
            self.number = number
            self.base = base
            self.value = value
        }
    }

    /// A number: its scaled value and unscaled base, and for an imported dimension the value and unit as written.
    public struct Number: Sendable, Equatable {
        public var value: Double
        public var base: Double
        public var dimension: Dimension?

        public init(value: Double, base: Double, dimension: Dimension? = nil) {
            self.value = value
            self.base = base
            self.dimension = dimension
        }
    }

    /// A length as a token file writes it: `{"value": 1.5, "unit": "rem"}`.
    public struct Dimension: Sendable, Equatable {
        public var value: Double
        public var unit: String

        public init(value: Double, unit: String) {
            self.value = value
            self.unit = unit
        }
    }

    /// A font's size (scaled), base size and traits, and what the theme sets beyond them: the families (the first
    /// also as `family`), a numeric weight, the line height (a multiple of the size), the letter spacing (points,
    /// and `em` when written so), the style (`italic`, `oblique`), text case and decoration, paragraph spacing.
    public struct Font: Sendable, Equatable {
        public var size: Double
        public var baseSize: Double
        public var weight: String
        public var width: String
        public var design: String
        public var textStyle: String
        public var family: String?
        public var families: [String]?
        public var weightValue: Double?
        public var lineHeight: Double?
        public var letterSpacing: Double?
        public var letterSpacingEm: Double?
        public var style: String?
        public var textCase: String?
        public var textDecoration: String?
        public var paragraphSpacing: Double?

        public init(
            size: Double, baseSize: Double, weight: String = "regular", width: String = "standard",
            design: String = "default", textStyle: String = "body", family: String? = nil,
            families: [String]? = nil, weightValue: Double? = nil, lineHeight: Double? = nil,
            letterSpacing: Double? = nil, letterSpacingEm: Double? = nil, style: String? = nil,
            textCase: String? = nil, textDecoration: String? = nil, paragraphSpacing: Double? = nil
        ) {
            self.size = size
            self.baseSize = baseSize
            self.weight = weight
            self.width = width
            self.design = design
            self.textStyle = textStyle
            self.family = family ?? families?.first
            self.families = families
            self.weightValue = weightValue
            self.lineHeight = lineHeight
            self.letterSpacing = letterSpacing
            self.letterSpacingEm = letterSpacingEm
            self.style = style
            self.textCase = textCase
            self.textDecoration = textDecoration
            self.paragraphSpacing = paragraphSpacing
        }
    }

    case color(Color)
    case material(String)
    /// A linear or mesh gradient.
    case gradient(Gradient)
    case number(Number)
    case font(Font)
    /// Leading, top, trailing, bottom; nil for an edge without a value.
    case padding([Keyed?])
    case shape(name: String, cornerRadius: Double?, radiusKey: String?)
    case icon(String)
    /// Foreground, background, background overlay, border; nil for a layer without a key.
    case composition([Keyed?])
    /// Base, on-accent, complementary and contrast colors, and the brightness.
    case accent(colors: [Color?], brightness: String)
    /// An imported token of a type no other attribute covers: its DTCG type and value as written.
    case token(type: String, value: JSONValue)

    /// A number as people read it: an integer without a fraction, else three decimals at most.
    public static func text(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String((number * 1000).rounded() / 1000)
    }

    /// The font, when the value is one.
    public var font: Font? { if case .font(let font) = self { font } else { nil } }

    /// The color, when the value is one.
    public var color: Color? { if case .color(let color) = self { color } else { nil } }

    /// The number, when the value is one.
    public var number: Number? { if case .number(let number) = self { number } else { nil } }

    /// The gradient, when the value is one.
    public var gradient: Gradient? { if case .gradient(let gradient) = self { gradient } else { nil } }

    public static let paddingEdges = ["leading", "top", "trailing", "bottom"]
    public static let compositionLayers = ["foreground", "background", "backgroundOverlay", "border"]
    public static let accentVariants = ["base", "onAccent", "complementary", "contrast"]
}
