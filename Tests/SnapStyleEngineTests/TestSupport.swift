import SnapStyleEngine
import SnapStyleJSON

// Hand-built theme data for the engine's tests: layers, definitions, contexts, and ways to look into resolved
// values. Nothing here parses theme files (that is SnapStyleThemes); layers are assembled in code.

/// A color from hex; the tests only pass valid literals.
func rgba(_ hex: String) -> RGBA { RGBA(hex: hex)! }

/// A color literal as surfaces, gradients and accents write it.
func colorSpec(_ hex: String) -> ColorSpec { .rgba(rgba(hex)) }

/// Whether two numbers agree to within `tolerance`.
func approx(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

extension Definition {
    /// A surface literal of one color.
    static func color(_ hex: String) -> Definition { .value(.surface(.color(colorSpec(hex)))) }

    /// A plain (scaled) number.
    static func constant(_ value: Double) -> Definition { .value(.number(.constant(value))) }

    /// A `calc` number; the tests only pass expressions that parse.
    static func calc(_ text: String, scaled: Bool = true) -> Definition {
        .value(.number(.calc(try! CalcExpression.parse(text), scaled: scaled)))
    }

    /// `{"ref": key, "adjust": adjustments}`.
    static func reference(_ key: String, adjust: [Adjustment] = []) -> Definition { .ref(key, adjust: adjust) }

    /// `{"when": [{"if": p, "then": d}, ...], "else": otherwise}`.
    static func branches(_ cases: [(Predicate, Definition)], else otherwise: Definition? = nil) -> Definition {
        .when(cases.map { Definition.Case(predicate: $0.0, then: $0.1) }, else: otherwise)
    }

    /// An accent literal with the given base color; the other variants are fixed and distinct.
    static func accent(_ base: String, brightness: Brightness = .dark) -> Definition {
        .value(
            .accent(
                AccentLiteral(
                    base: colorSpec(base), onAccent: colorSpec("#FFFFFF"), complementary: colorSpec("#00FF00"),
                    contrast: colorSpec("#FFFF00"), brightness: brightness)))
    }
}

extension Predicate {
    /// A predicate of one test.
    static func test(_ member: PredicateMember, _ matcher: Matcher) -> Predicate {
        Predicate(tests: [Predicate.Test(member: member, matcher: matcher)])
    }

    /// A predicate testing one member for equality with a string.
    static func equals(_ member: PredicateMember, _ value: String) -> Predicate {
        test(member, .equals(.string(value)))
    }
}

extension ThemeLayer {
    /// Defines a key, located in `NAME.json` at `line`.
    mutating func define(_ attribute: Attribute, _ key: String, _ definition: Definition, line: Int = 1) {
        set(attribute, key, DefinitionEntry(definition: definition, location: location(line)))
    }

    mutating func defineContainer(_ id: String, _ definition: ContainerDefinition, line: Int = 1) {
        containers[id] = ContainerEntry(definition: definition, location: location(line))
    }

    mutating func defineComponent(_ id: String, _ definition: ComponentDefinition, line: Int = 1) {
        components[id] = ComponentEntry(definition: definition, location: location(line))
    }

    func location(_ line: Int) -> SourceLocation { SourceLocation(file: "\(name).json", line: line, column: 1) }
}

/// Accent colors of `accentLayer`.
enum Accents {
    static let primary = "#0000FF"
    static let secondary = "#000000"
    /// An accent whose brightness is `light`.
    static let sunny = "#FFCC00"
}

/// A layer with the accents a context needs (`primary` is every context's default): `primary` (blue),
/// `secondary` (black), both dark, and `sunny` (yellow, light).
func accentLayer(_ name: String = "base") -> ThemeLayer {
    var layer = ThemeLayer(name: name)
    layer.define(.accent, "primary", .accent(Accents.primary))
    layer.define(.accent, "secondary", .accent(Accents.secondary))
    layer.define(.accent, "sunny", .accent(Accents.sunny, brightness: .light))
    return layer
}

/// A theme serving the given layers, bottom first.
func makeTheme(_ layers: ThemeLayer..., generation: Int = 1) -> StyleTheme {
    StyleTheme(ThemeSnapshot(name: "test", generation: generation, layers: layers))
}

/// A context changed from the defaults.
func makeContext(_ configure: (inout StyleContext) -> Void) -> StyleContext {
    var context = StyleContext()
    configure(&context)
    return context
}

extension ResolvedValue {
    var asColor: RGBA? {
        if case .surface(.color(let color)) = self { return color }
        return nil
    }

    var asSurface: ResolvedSurface? {
        if case .surface(let surface) = self { return surface }
        return nil
    }

    var asNumber: ResolvedNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    var asFont: ResolvedFont? {
        if case .font(let font) = self { return font }
        return nil
    }

    var asPadding: ResolvedPadding? {
        if case .padding(let padding) = self { return padding }
        return nil
    }

    var asShape: ResolvedShape? {
        if case .shape(let shape) = self { return shape }
        return nil
    }

    var asComposition: ResolvedComposition? {
        if case .composition(let composition) = self { return composition }
        return nil
    }
}

extension StyleSession {
    /// The error a resolution throws, or nil when it answers.
    func resolveError(_ attribute: Attribute, _ key: String, context: StyleContext = StyleContext()) -> StyleError? {
        do {
            _ = try resolve(attribute, key, context: context)
            return nil
        } catch {
            return error
        }
    }
}
