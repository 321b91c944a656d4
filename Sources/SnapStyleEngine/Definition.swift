import RealModule

/// What a theme assigns to a key: a value, a reference, a context-dependent rule, or nothing.
public indirect enum Definition: Hashable, Sendable {
    case value(Literal)
    case ref(String, adjust: [Adjustment])
    case when([Case], else: Definition?)
    case null

    /// One branch of a `when`.
    public struct Case: Hashable, Sendable {
        public var predicate: Predicate
        public var then: Definition

        public init(predicate: Predicate, then: Definition) {
            self.predicate = predicate
            self.then = then
        }
    }

    /// The kind named in `explain` steps.
    public var kindName: String {
        switch self {
        case .value: "value"
        case .ref: "ref"
        case .when: "when"
        case .null: "null"
        }
    }
}

/// A definition as written in one layer, with where it was written.
public struct DefinitionEntry: Hashable, Sendable {
    public var definition: Definition
    public var location: SourceLocation

    public init(definition: Definition, location: SourceLocation) {
        self.definition = definition
        self.location = location
    }
}

/// A surface adjustment (docs/theme-format.md).
public enum Adjustment: Hashable, Sendable {
    case opacity(Double)
    /// Sets the alpha (Tokens Studio's `alpha` color modifier), where `opacity` multiplies it.
    case alpha(Double)
    case mix(with: ColorSpec, amount: Double, space: MixSpace)
    /// Tokens Studio's color modifier, computed as Tokens Studio computes it.
    case studio(StudioModifier)
}

/// A color as written inside a surface literal: a literal, a surface reference, or an accent's variant.
public enum ColorSpec: Hashable, Sendable {
    case rgba(RGBA)
    case ref(String)
    case accent(AccentVariant, key: String?)
    /// A literal color with a Tokens Studio modifier whose amount or mixed color is read from other keys.
    indirect case modified(RGBA, StudioModifier)
}

/// A value as written, per attribute.
///
/// The larger literals are boxed, so that a definition of a color or a number (most of an imported design system)
/// takes no more room than its own value.
public enum Literal: Hashable, Sendable {
    case surface(SurfaceLiteral)
    case number(NumberLiteral)
    indirect case font(FontLiteral)
    indirect case padding(PaddingLiteral)
    case shape(ShapeLiteral)
    case icon(String)
    indirect case composition(CompositionLiteral)
    indirect case accent(AccentLiteral)
    /// An imported design token whose value holds aliases, or any value of the `token` attribute.
    case imported(ImportedLiteral)
}

/// A surface value as written: a colour, a material or a gradient.
public enum SurfaceLiteral: Hashable, Sendable {
    /// Where `count` gradient stops without `locations` stand: evenly from 0 to 1.
    public static func evenLocations(_ count: Int) -> [Double] { GradientPoint.evenLocations(count) }

    case color(ColorSpec)
    case material(Material)
    /// `locations` (0...1, one per color) place the colors; nil spaces them evenly.
    case linearGradient(colors: [ColorSpec], start: GradientPoint, end: GradientPoint, locations: [Double]? = nil)
    case meshGradient(width: Int, height: Int, points: [[Double]], colors: [ColorSpec])
}

/// A number as written: a constant or a calc expression (scaled by Dynamic Type or not).
public enum NumberLiteral: Hashable, Sendable {
    case constant(Double)
    case calc(CalcExpression, scaled: Bool)
    /// An imported DTCG dimension: its points, and the value and unit as written.
    case dimension(Dimension)
}

/// A DTCG dimension as written (`{"value": 1.5, "unit": "rem"}`) and the points it stands for.
public struct Dimension: Hashable, Sendable {
    public var value: Double
    public var unit: String
    public var points: Double

    public init(value: Double, unit: String, points: Double) {
        self.value = value
        self.unit = unit
        self.points = points
    }
}

/// A font as written; width and design default to the context's.
public struct FontLiteral: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight
    public var width: FontWidth?
    public var design: FontDesign?
    public var textStyle: TextStyle
    /// The typographic details a design token carries (optional in native files too).
    public var details = FontDetails()
    /// Whether Dynamic Type scales the size (imported fonts are not scaled: a modifier selects their sizes).
    public var scaled = true

    public init(
        size: Double, weight: FontWeight = .regular, width: FontWidth? = nil, design: FontDesign? = nil,
        textStyle: TextStyle = .body, details: FontDetails = FontDetails(), scaled: Bool = true
    ) {
        self.size = size
        self.weight = weight
        self.width = width
        self.design = design
        self.textStyle = textStyle
        self.details = details
        self.scaled = scaled
    }
}

/// A font's family list, numeric weight, line height (a multiple of the size) and letter spacing (points).
public struct FontDetails: Hashable, Sendable {
    public var families: [String]?
    public var weightValue: Double?
    public var lineHeight: Double?
    public var letterSpacing: Double?
    /// The letter spacing as written when it was relative to the size (`-0.01em`, or Tokens Studio's `-1%`): CSS
    /// writes this, while native platforms take `letterSpacing`'s points.
    public var letterSpacingEm: Double?
    /// `italic` or `oblique` (Tokens Studio's `Bold Italic` weight names carry it); nil is normal.
    public var style: String?
    /// Tokens Studio's details, kept as written: `textCase` (`uppercase`, ...), `textDecoration`, and
    /// `paragraphSpacing` in points.
    public var textCase: String?
    public var textDecoration: String?
    public var paragraphSpacing: Double?

    public init(
        families: [String]? = nil, weightValue: Double? = nil, lineHeight: Double? = nil, letterSpacing: Double? = nil,
        style: String? = nil
    ) {
        self.families = families
        self.weightValue = weightValue
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.style = style
    }
}

/// A number as a padding edge or corner radius names it.
public enum NumberSpec: Hashable, Sendable {
    case none
    case constant(Double)
    case key(String)
}

/// A padding as written: a number for each edge.
public struct PaddingLiteral: Hashable, Sendable {
    public var leading: NumberSpec
    public var top: NumberSpec
    public var trailing: NumberSpec
    public var bottom: NumberSpec

    public init(
        leading: NumberSpec = .none, top: NumberSpec = .none, trailing: NumberSpec = .none,
        bottom: NumberSpec = .none
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// A shape as written.
public enum ShapeLiteral: Hashable, Sendable {
    case named(ShapeName)
    case roundedRectangle(NumberSpec)
}

/// A composition as written: the surface keys of its layers.
public struct CompositionLiteral: Hashable, Sendable {
    public var foreground: String?
    public var background: String?
    public var backgroundOverlay: String?
    public var border: String?
    public var any: String?

    public init(
        foreground: String? = nil, background: String? = nil, backgroundOverlay: String? = nil,
        border: String? = nil, any: String? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.backgroundOverlay = backgroundOverlay
        self.border = border
        self.any = any
    }
}

/// An accent as written: four colours and a brightness.
public struct AccentLiteral: Hashable, Sendable {
    public var base: ColorSpec
    public var onAccent: ColorSpec
    public var complementary: ColorSpec
    public var contrast: ColorSpec
    public var brightness: Brightness

    public init(
        base: ColorSpec, onAccent: ColorSpec, complementary: ColorSpec, contrast: ColorSpec,
        brightness: Brightness
    ) {
        self.base = base
        self.onAccent = onAccent
        self.complementary = complementary
        self.contrast = contrast
        self.brightness = brightness
    }

    /// The colour of one variant.
    public func color(_ variant: AccentVariant) -> ColorSpec {
        switch variant {
        case .base: base
        case .onAccent: onAccent
        case .complementary: complementary
        case .contrast: contrast
        }
    }
}
