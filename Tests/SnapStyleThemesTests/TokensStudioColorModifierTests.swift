import Foundation
import SnapStyleEngine
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Tokens Studio's color modifiers against the text its own Style Dictionary transforms write. Every expected string
/// is taken from tokens-studio/sd-transforms, `test/spec/color-modifiers/transformColorModifiers.spec.ts`.
@Suite struct TokensStudioColorModifierTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var base: String
        var kind: StudioModifier.Kind
        var space: StudioModifier.Space
        var amount: String
        var color: String? = nil
        var format: StudioColorFormat? = nil
        var expected: String

        var testDescription: String { "\(kind) \(space) \(amount) \(format?.rawValue ?? "") → \(expected)" }
    }

    static let red = "#C14242"

    static let cases: [Case] = [
        // lighten, and the same with the amount as arithmetic
        Case(base: red, kind: .lighten, space: .hsl, amount: "0.2", expected: "hsl(0 50.598% 60.627%)"),
        Case(base: red, kind: .lighten, space: .lch, amount: "0.2", expected: "lch(57.685 47.48 29.704)"),
        Case(
            base: red, kind: .lighten, space: .p3, amount: "0.2", expected: "color(display-p3 0.76016 0.43532 0.42213)"),
        Case(base: red, kind: .lighten, space: .srgb, amount: "0.2", expected: "rgb(80.549% 40.706% 40.706%)"),
        Case(base: red, kind: .lighten, space: .hsl, amount: "0.5 - 0.3", expected: "hsl(0 50.598% 60.627%)"),
        Case(base: red, kind: .lighten, space: .lch, amount: "0.5 - 0.3", expected: "lch(57.685 47.48 29.704)"),
        // darken
        Case(base: red, kind: .darken, space: .hsl, amount: "0.2", expected: "hsl(0 50.598% 40.627%)"),
        Case(base: red, kind: .darken, space: .lch, amount: "0.2", expected: "lch(37.685 47.48 29.704)"),
        Case(
            base: red, kind: .darken, space: .p3, amount: "0.2", expected: "color(display-p3 0.56016 0.23532 0.22213)"),
        Case(base: red, kind: .darken, space: .srgb, amount: "0.5 - 0.3", expected: "rgb(60.549% 20.706% 20.706%)"),
        // mix: black with white, then white with #4477DD by arithmetic
        Case(base: "#000000", kind: .mix, space: .hsl, amount: "0.5", color: "#FFFFFF", expected: "hsl(none 0% 50%)"),
        Case(base: "#000000", kind: .mix, space: .lch, amount: "0.5", color: "#FFFFFF", expected: "lch(50 0 none)"),
        Case(
            base: "#000000", kind: .mix, space: .p3, amount: "0.5", color: "#FFFFFF",
            expected: "color(display-p3 0.5 0.5 0.5)"),
        Case(base: "#000000", kind: .mix, space: .srgb, amount: "0.5", color: "#FFFFFF", expected: "rgb(50% 50% 50%)"),
        Case(
            base: "#FFFFFF", kind: .mix, space: .hsl, amount: "0.5 + 6 * 0.04", color: "#4477DD",
            expected: "hsl(220 51.231% 67.933%)"),
        Case(
            base: "#FFFFFF", kind: .mix, space: .lch, amount: "0.5 + 6 * 0.04", color: "#4477DD",
            expected: "lch(63.417 43.678 278.69)"),
        Case(
            base: "#FFFFFF", kind: .mix, space: .p3, amount: "0.5 + 6 * 0.04", color: "#4477DD",
            expected: "color(display-p3 0.49226 0.60164 0.88112)"),
        Case(
            base: "#FFFFFF", kind: .mix, space: .srgb, amount: "0.5 + 6 * 0.04", color: "#4477DD",
            expected: "rgb(45.733% 60.533% 90.133%)"),
        Case(
            base: "#FFFFFF", kind: .mix, space: .srgb, amount: "0.5 + 6 * 0.04", color: "#4477DD", format: .hex,
            expected: "#759ae6"),
        // alpha
        Case(base: red, kind: .alpha, space: .hsl, amount: "0.2", expected: "hsl(0 50.598% 50.784% / 0.2)"),
        Case(base: red, kind: .alpha, space: .lch, amount: "0.2", expected: "lch(47.107 59.35 29.704 / 0.2)"),
        Case(
            base: red, kind: .alpha, space: .p3, amount: "0.5 - 0.3",
            expected: "color(display-p3 0.7002 0.29415 0.27766 / 0.2)"),
        Case(base: red, kind: .alpha, space: .srgb, amount: "0.2", expected: "rgb(75.686% 25.882% 25.882% / 0.2)"),
        // darken by 0.2 in each space, written in each format
        Case(base: red, kind: .darken, space: .srgb, amount: "0.2", format: .hsl, expected: "hsl(0 49.035% 40.627%)"),
        Case(base: red, kind: .darken, space: .hsl, amount: "0.2", format: .hex, expected: "#9c3333"),
        Case(base: red, kind: .darken, space: .lch, amount: "0.2", format: .hex, expected: "#983735"),
        Case(base: red, kind: .darken, space: .p3, amount: "0.2", format: .hex, expected: "#9b3535"),
        Case(base: red, kind: .darken, space: .srgb, amount: "0.2", format: .hex, expected: "#9a3535"),
        Case(base: red, kind: .darken, space: .hsl, amount: "0.2", format: .hsl, expected: "hsl(0 50.598% 40.627%)"),
        Case(
            base: red, kind: .darken, space: .lch, amount: "0.2", format: .hsl, expected: "hsl(0.84955 47.88% 40.252%)"),
        Case(
            base: red, kind: .darken, space: .p3, amount: "0.2", format: .hsl, expected: "hsl(0.05177 48.997% 40.665%)"),
        Case(base: red, kind: .darken, space: .hsl, amount: "0.2", format: .lch, expected: "lch(37.824 50.982 29.805)"),
        Case(base: red, kind: .darken, space: .lch, amount: "0.2", format: .lch, expected: "lch(37.685 47.48 29.704)"),
        Case(base: red, kind: .darken, space: .p3, amount: "0.2", format: .lch, expected: "lch(37.854 49.384 29.403)"),
        Case(
            base: red, kind: .darken, space: .srgb, amount: "0.2", format: .lch, expected: "lch(37.805 49.408 29.373)"),
        Case(
            base: red, kind: .darken, space: .hsl, amount: "0.2", format: .p3,
            expected: "color(display-p3 0.56519 0.23007 0.21637)"),
        Case(
            base: red, kind: .darken, space: .lch, amount: "0.2", format: .p3,
            expected: "color(display-p3 0.5509 0.24058 0.22405)"),
        Case(
            base: red, kind: .darken, space: .srgb, amount: "0.2", format: .p3,
            expected: "color(display-p3 0.55975 0.23469 0.22176)"),
        Case(
            base: red, kind: .darken, space: .hsl, amount: "0.2", format: .srgb,
            expected: "rgb(61.184% 20.071% 20.071%)"),
        Case(
            base: red, kind: .darken, space: .lch, amount: "0.2", format: .srgb,
            expected: "rgb(59.525% 21.525% 20.979%)"),
        Case(
            base: red, kind: .darken, space: .p3, amount: "0.2", format: .srgb, expected: "rgb(60.59% 20.775% 20.741%)"),
    ]

    @Test(arguments: cases) func writesWhatTokensStudiosTransformsWrite(_ c: Case) throws {
        let amount = try CalcExpression.parse(c.amount)
        let modifier = StudioModifier(
            kind: c.kind, space: c.space, amount: amount, color: nil, format: c.format)
        let constant = try #require(modifier.constantAmount)
        let other = c.color.flatMap { RGBA(hex: $0) }
        let result = modifier.apply(to: try #require(RGBA(hex: c.base)), amount: constant, mixing: other)
        #expect(result.text == c.expected)
    }

    /// sd-transforms' UIColor case: `UIColor(red: 1, green: 0, blue: 0.5, alpha: 0.5)` darkened by half in sRGB.
    @Test func aTranslucentColorKeepsItsAlpha() {
        let modifier = StudioModifier(kind: .darken, space: .srgb, amount: .number(0.5), color: nil, format: .srgb)
        let result = modifier.apply(to: RGBA(r: 1, g: 0, b: 0.5, a: 0.5), amount: 0.5, mixing: nil)
        #expect(result.text == "rgb(50% 0% 25% / 0.5)")
    }
}

/// The modifiers as the importer reads them: every space, the amount as a reference or arithmetic, the mixed color as
/// a reference, each result the color of the text sd-transforms writes for it (read with the DTCG color parser).
@Suite struct TokensStudioModifiedTokensTests {
    static func modify(_ type: String, _ space: String, _ value: String, extra: String = "") -> String {
        ##"{"studio.tokens": {"modify": {"type": "\##(type)", "value": "\##(value)", "space": "\##(space)"\##(extra)}}}"##
    }

    static var project: String {
        ##"""
        {"red": {"value": "#C14242", "type": "color"},
         "white": {"value": "#FFFFFF", "type": "color"},
         "blue": {"value": "#4477DD", "type": "color"},
         "step": {"value": "0.2", "type": "number"},
         "hslLight": {"value": "{red}", "type": "color", "$extensions": \##(modify("lighten", "hsl", "{step}"))},
         "lchLight": {"value": "#C14242", "type": "color", "$extensions": \##(modify("lighten", "lch", "0.5 - 0.3"))},
         "p3Dark": {"value": "{red}", "type": "color", "$extensions": \##(modify("darken", "p3", "{step} * 1"))},
         "hslHex": {"value": "#C14242", "type": "color", "$extensions": \##(modify("darken", "hsl", "{step}",
                    extra: #", "format": "hex""#))},
         "lchMix": {"value": "{white}", "type": "color", "$extensions": \##(modify("mix", "lch", "0.5 + 6 * 0.04",
                    extra: #", "color": "{blue}""#))},
         "p3Alpha": {"value": "#C14242", "type": "color", "$extensions": \##(modify("alpha", "p3", "0.2"))}}
        """##
    }

    /// The hex of a color sd-transforms writes, through the DTCG importer's own color-space conversions.
    static func hex(_ space: ColorSpace, _ components: [Double], alpha: Double = 1) -> String {
        space.rgba(components, alpha: alpha).hex
    }

    @Test func modifiedTokensResolveToTheColorsTokensStudioWrites() throws {
        let roots = TemporaryDirectory()
        roots.write("mods/tokens.json", Self.project)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "mods")
        #expect(info.errors == [], "\(info.errors)")
        let session = { try #require(store.theme(named: "mods")).session() }
        let hex = { (key: String) in try session().resolve(.surface, key)?.json["hex"]?.stringValue }
        #expect(try hex("hslLight") == Self.hex(.hsl, [0, 50.598, 60.627]))
        #expect(try hex("lchLight") == Self.hex(.lch, [57.685, 47.48, 29.704]))
        #expect(try hex("p3Dark") == Self.hex(.displayP3, [0.56016, 0.23532, 0.22213]))
        #expect(try hex("hslHex") == "#9C3333FF")
        #expect(try hex("lchMix") == Self.hex(.lch, [63.417, 43.678, 278.69]))
        #expect(try hex("p3Alpha") == Self.hex(.displayP3, [0.7002, 0.29415, 0.27766], alpha: 0.2))

        // The amount token and the mixed color are read live: an edit of either changes the modified colors.
        let darker = try #require(try hex("hslHex"))
        roots.write(
            "mods/tokens.json",
            Self.project.replacingOccurrences(of: ##""step": {"value": "0.2""##, with: ##""step": {"value": "0.5""##)
                .replacingOccurrences(of: "#4477DD", with: "#000000"))
        store.apply(changedPaths: [roots.full("mods/tokens.json")])
        #expect(try ThemeStoreTests.info(store, "mods").errors == [])
        #expect(try hex("hslHex") != darker)
        // hsl(0 50.598% 25.392%): lightness 50.784 halved.
        #expect(try hex("hslHex") == Self.hex(.hsl, [0, 50.598, 25.392]))
        // White mixed with black by 0.74 in LCH: lightness 26, no chroma.
        #expect(try hex("lchMix") == Self.hex(.lch, [26, 0, 0]))
    }

    @Test(arguments: [
        (##"{"type": "tint", "value": "0.2", "space": "hsl"}"##, "'tint' is not a color modifier"),
        (##"{"type": "lighten", "value": "{nothing}", "space": "hsl"}"##, "alias {nothing} names no token"),
        (
            ##"{"type": "lighten", "value": "{red}", "space": "hsl"}"##,
            "{red} in the modifier's value '{red}' is not a number"
        ),
        (##"{"type": "mix", "value": "0.5", "space": "hsl"}"##, "a mix modifier needs a color"),
        (
            ##"{"type": "lighten", "value": "0.2", "space": "hsl", "format": "cmyk"}"##,
            "format is hex, hsl, lch, p3 or srgb"
        ),
    ])
    func aBrokenModifierIsAnErrorAtItsToken(modify: String, message: String) throws {
        let roots = TemporaryDirectory()
        roots.write(
            "broken/tokens.json",
            ##"{"red": {"value": "#C14242", "type": "color"}, "x": {"value": "{red}", "type": "color", "$extensions": {"studio.tokens": {"modify": \##(modify)}}}}"##
        )
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "broken").errors
        #expect(errors.contains { $0.message.contains("x: ") && $0.message.contains(message) }, "\(errors)")
    }

    @Test func aModifierWithoutASpaceLeavesTheColorAsTokensStudioDoes() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "plain/tokens.json",
            ##"{"x": {"value": "#C14242", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "0.2"}}}}}"##
        )
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "plain")
        #expect(info.errors == [])
        #expect(info.warnings.contains { $0.message.contains("without a space") })
        let session = try #require(store.theme(named: "plain")).session()
        #expect(try session.resolve(.surface, "x")?.json["hex"] == "#C14242FF")
    }

    /// A modifier given as a reference to a token holding it (sd-transforms' `color2` fixture): applied, and an edit
    /// of the holder reaches the color.
    @Test func aModifierHeldByAnotherTokenIsAppliedAndFollowsItsEdits() throws {
        let roots = TemporaryDirectory()
        let text = ##"""
            {"amount": {"value": 0.3, "type": "other"},
             "modifier": {"value": {"type": "alpha", "value": "{amount}", "space": "srgb", "format": "hex"}},
             "ink": {"value": "#000000", "type": "color", "$extensions": {"studio.tokens": {"modify": "{modifier}"}}},
             "lost": {"value": "#000000", "type": "color", "$extensions": {"studio.tokens": {"modify": "{amount}"}}}}
            """##
        roots.write("held/tokens.json", text)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "held").errors
        #expect(errors.map(\.message) == ["lost: the modifier {amount} names no modifier"])
        roots.write(
            "held/tokens.json",
            text.replacingOccurrences(of: #""lost""#, with: #""plain""#)
                .replacingOccurrences(of: #""modify": "{amount}""#, with: #""note": "none""#))
        store.apply(changedPaths: [roots.full("held/tokens.json")])
        #expect(try ThemeStoreTests.info(store, "held").errors == [])
        let hex = { try #require(store.theme(named: "held")).session().resolve(.surface, "ink")?.json["hex"] }
        // 0.3 × 255 = 76.5, written 0x4d by sd-transforms (`#0000004d`).
        #expect(try hex() == "#0000004D")
        roots.write(
            "held/tokens.json",
            text.replacingOccurrences(of: #""lost""#, with: #""plain""#)
                .replacingOccurrences(of: #""modify": "{amount}""#, with: #""note": "none""#)
                .replacingOccurrences(of: #""value": "{amount}""#, with: #""value": "0.5""#))
        store.apply(changedPaths: [roots.full("held/tokens.json")])
        #expect(try hex() == "#00000080")
    }
}

/// Hostile amounts and colors never stop a modifier: the result is a color in range.
@Suite struct TokensStudioModifierHostileTests {
    @Test(arguments: [0, -1e308, 1e308, Double.leastNonzeroMagnitude, 7.5])
    func anyAmountGivesAColorInRange(amount: Double) {
        for kind in StudioModifier.Kind.allCases {
            for space in StudioModifier.Space.allCases {
                for format in [nil] + StudioColorFormat.allCases {
                    let modifier = StudioModifier(
                        kind: kind, space: space, amount: .number(amount), color: nil, format: format)
                    let result = modifier.apply(
                        to: RGBA(r: 1, g: 0, b: 0.5, a: 0.3), amount: amount, mixing: RGBA(r: 0, g: 1, b: 1, a: 1))
                    let c = result.rgba
                    #expect(
                        [c.r, c.g, c.b, c.a].allSatisfy { $0 >= 0 && $0 <= 1 }, "\(kind) \(space) \(amount) \(result)")
                    #expect(!result.text.isEmpty)
                }
            }
        }
    }
}
