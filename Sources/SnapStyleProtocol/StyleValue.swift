import SnapStyleVocabulary
import SnapStyleJSON

/// A resolved value as a client reads it (docs/theme-format.md, "Literals and what they resolve to"): the one place
/// that reads a value's JSON members by name, so that the CLI, the preview and the MCP server read cases.
public enum StyleValue: Sendable, Equatable {
    /// A color: `#RRGGBBAA` and its components, each 0...1.
    public struct Color: Sendable, Equatable {
        public var hex: String
        public var rgba: [Double]
    }

    /// A padding edge or a composition layer: a value and, when it came from one, the key.
    public struct Keyed: Sendable, Equatable {
        public var key: String?
        public var number: Double?
        public var value: StyleValue?
    }

    /// A number: its scaled value and unscaled base.
    public struct Number: Sendable, Equatable {
        public var value: Double
        public var base: Double
    }

    /// A font's size (scaled), base size, traits, and the family, line height (a multiple of the size) and letter
    /// spacing (points) when the theme sets them.
    public struct Font: Sendable, Equatable {
        public var size: Double
        public var baseSize: Double
        public var weight: String
        public var width: String
        public var design: String
        public var textStyle: String
        public var family: String?
        public var lineHeight: Double? = nil
        public var letterSpacing: Double? = nil
    }

    case color(Color)
    case material(String)
    /// A linear or mesh gradient (`kind`) and its colors.
    case gradient(kind: String, colors: [Color])
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

    public static let paddingEdges = ["leading", "top", "trailing", "bottom"]
    public static let compositionLayers = ["foreground", "background", "backgroundOverlay", "border"]
    public static let accentVariants = ["base", "onAccent", "complementary", "contrast"]

    /// Reads a value of `attribute` (when known; otherwise the form tells the attribute apart); nil for `null` or
    /// a form no attribute has.
    public init?(json: JSONValue, attribute: Attribute? = nil) {
        guard case .object(let object) = json else { return nil }
        switch attribute {
        case .surface?: self.init(surface: object)
        case .number?: self.init(number: object)
        case .font?: self.init(font: object)
        case .padding?: self.init(padding: object)
        case .shape?: self.init(shape: object)
        case .icon?:
            guard let name = object["name"]?.stringValue else { return nil }
            self = .icon(name)
        case .composition?: self.init(composition: object)
        case .accent?: self.init(accent: object)
        case .token?:
            guard let type = object["type"]?.stringValue, let value = object["value"] else { return nil }
            self = .token(type: type, value: value)
        case nil:
            if object["kind"] != nil {
                self.init(surface: object)
            } else if object["baseSize"] != nil {
                self.init(font: object)
            } else if object["leading"] != nil {
                self.init(padding: object)
            } else if object["shape"] != nil {
                self.init(shape: object)
            } else if object["foreground"] != nil {
                self.init(composition: object)
            } else if object["brightness"] != nil {
                self.init(accent: object)
            } else if object["type"] != nil {
                self.init(json: json, attribute: .token)
            } else if object["base"] != nil {
                self.init(number: object)
            } else {
                self.init(json: json, attribute: .icon)
            }
        }
    }

    static func color(_ json: JSONValue?) -> Color? {
        guard let hex = json?["hex"]?.stringValue else { return nil }
        return Color(hex: hex, rgba: json?["rgba"]?.arrayValue?.compactMap(\.doubleValue) ?? [])
    }

    init?(surface object: JSONObject) {
        switch object["kind"]?.stringValue {
        case "color":
            guard let color = Self.color(.object(object)) else { return nil }
            self = .color(color)
        case "material":
            guard let material = object["material"]?.stringValue else { return nil }
            self = .material(material)
        case "gradient":
            let colors = (object["colors"]?.arrayValue ?? []).compactMap { Self.color($0) }
            self = .gradient(kind: object["gradient"]?.stringValue ?? "linear", colors: colors)
        default: return nil
        }
    }

    init?(number object: JSONObject) {
        guard let value = object["value"]?.doubleValue, let base = object["base"]?.doubleValue else { return nil }
        self = .number(Number(value: value, base: base))
    }

    init?(font object: JSONObject) {
        guard let size = object["size"]?.doubleValue, let baseSize = object["baseSize"]?.doubleValue else { return nil }
        self = .font(
            Font(
                size: size, baseSize: baseSize, weight: object["weight"]?.stringValue ?? "regular",
                width: object["width"]?.stringValue ?? "standard", design: object["design"]?.stringValue ?? "default",
                textStyle: object["textStyle"]?.stringValue ?? "body", family: object["family"]?.stringValue,
                lineHeight: object["lineHeight"]?.doubleValue, letterSpacing: object["letterSpacing"]?.doubleValue))
    }

    init?(padding object: JSONObject) {
        self = .padding(
            Self.paddingEdges.map { edge in
                guard let entry = object[edge], case .object = entry else { return nil }
                return Keyed(key: entry["key"]?.stringValue, number: entry["value"]?.doubleValue, value: nil)
            })
    }

    init?(shape object: JSONObject) {
        guard let name = object["shape"]?.stringValue else { return nil }
        self = .shape(
            name: name, cornerRadius: object["cornerRadius"]?.doubleValue, radiusKey: object["radiusKey"]?.stringValue)
    }

    init?(composition object: JSONObject) {
        self = .composition(
            Self.compositionLayers.map { layer in
                guard let entry = object[layer], case .object = entry else { return nil }
                let value = entry["value"].flatMap { StyleValue(json: $0, attribute: .surface) }
                return Keyed(key: entry["key"]?.stringValue, number: nil, value: value)
            })
    }

    init?(accent object: JSONObject) {
        guard let brightness = object["brightness"]?.stringValue else { return nil }
        self = .accent(colors: Self.accentVariants.map { Self.color(object[$0]) }, brightness: brightness)
    }
}
