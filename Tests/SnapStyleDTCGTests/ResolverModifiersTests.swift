import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// docs/dtcg.md section 3, "Resolver modifiers are context" (and token-files.md section 2, case 1): a DTCG 2025.10
/// resolver's sets and modifiers, the context a request selects, the manifest's mapping onto the built-in context,
/// and modes that compose.
@Suite struct ResolverModifiersTests {
    static func color(_ key: String, _ hex: String) -> String { #""\#(key)": {"$type": "color", "$value": "\#(hex)"}"# }
    static func number(_ key: String, _ value: Double) -> String {
        #""\#(key)": {"$type": "number", "$value": \#(value)}"#
    }

    /// A modifier `brand` (default `forest`), a modifier `size` without a default, over a base set: none of their
    /// context names is a mode, so nothing maps them onto the built-in context.
    static let brand = Given.Files(
        [
            "brand.resolver.json": #"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "brand/base.tokens.json"}]}},
             "modifiers": {
               "brand": {"contexts": {"ocean": [{"$ref": "brand/ocean.tokens.json"}],
                                      "forest": [{"$ref": "brand/forest.tokens.json"}]},
                         "default": "forest"},
               "size": {"contexts": {"compact": [{"gutter": {"$type": "number", "$value": 8}}],
                                     "regular": [{"gutter": {"$type": "number", "$value": 16}}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/brand"}, {"$ref": "#/modifiers/size"}]}
            """#,
            "brand/base.tokens.json": "{\(color("accent", "#111111")), \(color("plain", "#222222")), "
                + "\(number("gutter", 4))}",
            "brand/ocean.tokens.json": "{\(color("accent", "#0000FF"))}",
            "brand/forest.tokens.json": "{\(color("accent", "#00FF00"))}",
        ], resolver: "brand.resolver.json")

    /// Given a request's context, want the brand color and the gutter: `vars.M`, else the default, else the first.
    @Test(arguments: [
        ("{}", "#00FF00FF", 8.0),
        (#"{"vars": {"brand": "ocean"}}"#, "#0000FFFF", 8),
        (#"{"vars": {"size": "regular"}}"#, "#00FF00FF", 16),
        (#"{"vars": {"brand": "forest", "size": "compact"}}"#, "#00FF00FF", 8),
        (#"{"colorScheme": "dark", "contrast": "high"}"#, "#00FF00FF", 8),
    ])
    func aRequestSelectsEachModifiersContext(context: String, accent: String, gutter: Double) throws {
        let given = try Given(Self.brand)
        #expect(given.errors == [])
        #expect(try given.hex("accent", in: context) == accent)
        #expect(try given.hex("plain", in: context) == "#222222FF")
        #expect(try given.value(.number, "gutter", in: context)?["base"]?.doubleValue == gutter)
    }

    @Test func theThemeReportsItsModifiersInOrder() throws {
        let given = try Given(Self.brand)
        let modifiers = given.compilation.layer.tokens.modifiers
        #expect(modifiers.map(\.name) == ["brand", "size"])
        #expect(modifiers.map(\.contexts) == [["ocean", "forest"], ["compact", "regular"]])
        #expect(modifiers.map(\.defaultContext) == ["forest", nil])
    }

    @Test func aContextVariableThatNamesNoContextIsAnInvalidContext() throws {
        let given = try Given(Self.brand)
        #expect {
            _ = try given.value(.surface, "accent", in: #"{"vars": {"brand": "desert"}}"#)
        } throws: { error in
            guard case StyleError.invalidContext(let context) = error else { return false }
            return context.field == "context.vars.brand" && context.allowed == ["ocean", "forest"]
        }
    }

    /// `explain`'s steps: which context of which modifier supplies each value, and where it is written.
    @Test func eachValueKnowsTheContextThatSuppliesIt() throws {
        let given = try Given(Self.brand)
        let sources = try #require(given.token("accent")).sources
        let got = Set(sources.map { "\($0.modifier ?? "-") \($0.context ?? "-") \($0.location.file)" })
        #expect(
            got == [
                "brand ocean brand/ocean.tokens.json", "brand forest brand/forest.tokens.json",
                "- - brand/base.tokens.json",
            ])
        #expect(sources.last?.modifier == nil)
    }

    /// Inline sets and modifiers in the order, inline token objects as sources;
    /// later entries win and replace a token whole.
    @Test func inlineEntriesAndLaterEntriesWinWhole() throws {
        let files = Given.Files(
            [
                "t.resolver.json": #"""
                {"version": "2025.10",
                 "resolutionOrder": [
                   {"type": "set", "name": "first", "sources": [{"$ref": "t/a.tokens.json"}]},
                   {"type": "set", "name": "second", "sources": [{"$ref": "t/b.tokens.json"}]},
                   {"type": "modifier", "name": "mood", "default": "calm",
                    "contexts": {"calm": [], "loud": [{"x": {"$type": "color", "$value": "#333333"}}]}}]}
                """#,
                "t/a.tokens.json": #"""
                {"x": {"$type": "color", "$value": "#111111", "$description": "first", "$deprecated": true},
                 "y": {"$type": "color", "$value": "#111111"}}
                """#,
                "t/b.tokens.json": ##"{"x": {"$type": "color", "$value": "#222222"}}"##,
            ], resolver: "t.resolver.json")
        let given = try Given(files)
        #expect(given.errors == [])
        #expect(try given.hex("x") == "#222222FF")
        #expect(try given.hex("y") == "#111111FF")
        #expect(try given.hex("x", in: #"{"vars": {"mood": "loud"}}"#) == "#333333FF")
        // Replaced whole: the later token has no description and is not deprecated.
        let x = try #require(given.token("x"))
        #expect(x.description == nil && x.deprecated == nil)
    }

    /// `$ref`s are paths relative to the resolver file; one that leaves the root, an absolute path or a URL is an
    /// error of the theme, and so is a file that is not there.
    @Test(arguments: [
        ("../../outside.tokens.json", false), ("/etc/colors.tokens.json", false),
        ("https://example.com/colors.tokens.json", false), ("missing.tokens.json", false),
        ("colors.tokens.json", true), ("./colors.tokens.json", true), ("sub/../colors.tokens.json", true),
    ])
    func refsAreRelativeToTheResolverAndStayInTheRoot(ref: String, loads: Bool) throws {
        let files = Given.Files(
            [
                "kit/t.resolver.json": #"""
                {"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "\#(ref)"}]}]}
                """#,
                "kit/colors.tokens.json": "{\(Self.color("x", "#123456"))}",
            ], resolver: "kit/t.resolver.json")
        let given = try Given(files)
        if loads {
            #expect(given.errors == [])
            #expect(try given.hex("x") == "#123456FF")
        } else {
            #expect(given.compilation.themeErrors.count == 1, "\(given.errors)")
            #expect(given.compilation.themeErrors.first?.location.file == "kit/t.resolver.json")
            #expect(given.compilation.themeErrors.first?.message.contains(ref) == true, "\(given.errors)")
        }
    }

    @Test func aRefUpwardsThatStaysInTheRootIsRead() throws {
        let files = Given.Files(
            [
                "kit/t.resolver.json": #"""
                {"version": "2025.10",
                 "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "../common/c.tokens.json"}]}]}
                """#,
                "common/c.tokens.json": "{\(Self.color("x", "#123456"))}",
            ], resolver: "kit/t.resolver.json")
        #expect(try Given(files).hex("x") == "#123456FF")
    }

    /// A set the order does not name applies first, below everything the order names, with a warning.
    @Test func aSetOutsideTheOrderAppliesFirst() throws {
        let files = Given.Files(
            [
                "t.resolver.json": #"""
                {"version": "2025.10",
                 "sets": {"named": {"sources": [{"y": {"$type": "number", "$value": "{x}"}, "z": {"$type": "number", "$value": 2}}]},
                          "unnamed": {"sources": [{"x": {"$type": "number", "$value": 1}, "z": {"$type": "number", "$value": 3}}]}},
                 "resolutionOrder": [{"$ref": "#/sets/named"}]}
                """#
            ], resolver: "t.resolver.json")
        let given = try Given(files)
        #expect(given.errors == [])
        #expect(try given.number("y") == 1)
        #expect(try given.number("z") == 2)
        #expect(given.warnings.count == 1)
        #expect(given.warnings.first?.hasPrefix("t.resolver.json:3:") == true, "\(given.warnings)")
        #expect(given.warnings.first?.contains("unnamed") == true, "\(given.warnings)")
    }

    @Test(arguments: ["2025-10-01", "2025-11-01", "1.0"])
    func anotherResolverVersionIsReadAs2025_10WithAWarning(version: String) throws {
        let files = Given.Files(
            [
                "t.resolver.json": #"""
                {"version": "\#(version)", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"x": {"$type": "number", "$value": 3}}]}]}
                """#
            ], resolver: "t.resolver.json")
        let given = try Given(files)
        #expect(given.errors == [])
        #expect(try given.number("x") == 3)
        #expect(given.warnings.count == 1 && given.warnings.first?.contains(version) == true, "\(given.warnings)")
    }

    @Test func aDefaultThatNamesNoContextIsAnError() throws {
        let files = Given.Files(
            [
                "t.resolver.json": #"""
                {"version": "2025.10",
                 "modifiers": {"m": {"contexts": {"a": [], "b": []}, "default": "c"}},
                 "resolutionOrder": [{"$ref": "#/modifiers/m"}]}
                """#
            ], resolver: "t.resolver.json")
        let given = try Given(files)
        #expect(given.compilation.themeErrors.count >= 1)
        #expect(
            given.compilation.themeErrors.first?.description.hasPrefix("t.resolver.json:2:") == true, "\(given.errors)")
    }

    // MARK: The manifest's mapping

    static func mapping(_ modifier: String, _ contexts: KeyValuePairs<String, [String: String]>) -> ModifierMapping {
        let entries = contexts.map { context, tests in
            ModifierSelector.Mapping(
                context: context,
                predicate: Predicate(
                    tests: tests.sorted { $0.key < $1.key }.map {
                        Predicate.Test(member: PredicateMember(name: $0.key)!, matcher: .equals(.string($0.value)))
                    }))
        }
        let written = contexts.map { context, tests in
            JSONObject.Member(
                key: context,
                value: .object(
                    JSONObject(tests.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) })))
        }
        return ModifierMapping(
            modifier: modifier, contexts: entries,
            location: SnapStyleEngine.SourceLocation(file: "look/manifest.json", line: 1, column: 1),
            written: .object(JSONObject(written)))
    }

    /// A modifier whose context names are no modes, with Apple HIG's four appearances, and a size modifier.
    static func look(_ mappings: [ModifierMapping]) -> Given.Files {
        Given.Files(
            [
                "look.resolver.json": #"""
                {"version": "2025.10",
                 "modifiers": {
                   "look": {"default": "day", "contexts": {
                     "day": [{"bg": {"$type": "color", "$value": "#FFFFFF"}}],
                     "night": [{"bg": {"$type": "color", "$value": "#000000"}}],
                     "day_ax": [{"bg": {"$type": "color", "$value": "#EEEEEE"}}],
                     "night_ax": [{"bg": {"$type": "color", "$value": "#111111"}}]}},
                   "size": {"contexts": {
                     "xSmall": [{"body": {"$type": "number", "$value": 14}}],
                     "large": [{"body": {"$type": "number", "$value": 17}}]}}},
                 "resolutionOrder": [{"$ref": "#/modifiers/look"}, {"$ref": "#/modifiers/size"}]}
                """#
            ], resolver: "look.resolver.json", mappings: mappings)
    }

    static let hig = [
        mapping(
            "look",
            [
                "day": ["colorScheme": "light", "contrast": "standard"],
                "night": ["colorScheme": "dark", "contrast": "standard"],
                "day_ax": ["colorScheme": "light", "contrast": "high"],
                "night_ax": ["colorScheme": "dark", "contrast": "high"],
            ]),
        mapping("size", ["xSmall": ["dynamicType": "xSmall"], "large": ["dynamicType": "large"]]),
    ]

    /// Given the built-in context, want the context the mapping selects; a request's `vars.M` comes first.
    @Test(arguments: [
        ("{}", "#FFFFFFFF", 17.0),
        (#"{"colorScheme": "dark"}"#, "#000000FF", 17),
        (#"{"contrast": "high"}"#, "#EEEEEEFF", 17),
        (#"{"colorScheme": "dark", "contrast": "high", "dynamicType": "xSmall"}"#, "#111111FF", 14),
        (#"{"dynamicType": "xSmall"}"#, "#FFFFFFFF", 14),
        (#"{"colorScheme": "dark", "vars": {"look": "day_ax", "size": "large"}}"#, "#EEEEEEFF", 17),
    ])
    func theManifestMapsContextsOntoTheBuiltInContext(context: String, bg: String, body: Double) throws {
        let given = try Given(Self.look(Self.hig))
        #expect(given.errors == [])
        #expect(try given.hex("bg", in: context) == bg)
        #expect(try given.value(.number, "body", in: context)?["base"]?.doubleValue == body)
    }

    /// The first context in the mapping's order whose predicate matches; none matching: the default.
    @Test(arguments: [
        ("{}", "#FFFFFFFF"), (#"{"colorScheme": "dark"}"#, "#000000FF"), (#"{"contrast": "high"}"#, "#111111FF"),
        (#"{"colorScheme": "dark", "contrast": "high"}"#, "#111111FF"),
    ])
    func theFirstMatchingContextInTheMappingsOrderIsSelected(context: String, bg: String) throws {
        let partial = Self.mapping("look", ["night_ax": ["contrast": "high"], "night": ["colorScheme": "dark"]])
        let given = try Given(Self.look([partial]))
        #expect(try given.hex("bg", in: context) == bg)
    }

    @Test func aMappingToNoContextIsAnErrorAndToNoModifierAWarning() throws {
        let wrong = Self.mapping("look", ["dusk": ["colorScheme": "dark"]])
        let given = try Given(Self.look([wrong]))
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.hasPrefix("look/manifest.json:1:1: ") == true)
        #expect(given.errors.first?.contains("dusk") == true, "\(given.errors)")
        let stray = try Given(Self.look([Self.mapping("mood", ["calm": ["colorScheme": "dark"]])]))
        #expect(stray.errors == [])
        let strays = stray.warnings.filter { $0.contains("mood") }
        #expect(strays.count == 1 && strays.first?.hasPrefix("look/manifest.json:1:1: ") == true, "\(stray.warnings)")
    }

    // MARK: Modes without a manifest, and modes that compose

    static func modes(_ contexts: [String], contrast: [String]? = nil) -> Given.Files {
        let themed = contexts.enumerated().map { index, name in
            ##""\##(name)": [{"bg": {"$type": "color", "$value": "#00000\##(index + 1)"}}]"##
        }
        var modifiers = #""theme": {"contexts": {\#(themed.joined(separator: ", "))}}"#
        var order = ##"{"$ref": "#/modifiers/theme"}"##
        if let contrast {
            let levels = contrast.enumerated().map { index, name in
                ##""\##(name)": [{"line": {"$type": "color", "$value": "#0000A\##(index)"}}]"##
            }
            modifiers += #", "contrast": {"contexts": {\#(levels.joined(separator: ", "))}}"#
            order += ##", {"$ref": "#/modifiers/contrast"}"##
        }
        return Given.Files(
            [
                "m.resolver.json": #"""
                {"version": "2025.10", "sets": {"base": {"sources": [{"line": {"$type": "color", "$value": "#0000FF"}}]}},
                 "modifiers": {\#(modifiers)}, "resolutionOrder": [{"$ref": "#/sets/base"}, \#(order)]}
                """#
            ], resolver: "m.resolver.json")
    }

    /// Contexts named for a mode follow it with no manifest: `Light`/`Dark` in any case, and high contrast in words
    /// split at dots, dashes, spaces and underscores. A modifier without a high-contrast context follows the scheme
    /// alone, at any contrast; one with both `dark` and a dark high-contrast context pins the contrast.
    @Test(arguments: [
        (["Light", "Dark"], ["#000001FF", "#000002FF", "#000001FF", "#000002FF"]),
        (["light", "dark"], ["#000001FF", "#000002FF", "#000001FF", "#000002FF"]),
        (["LIGHT", "DARK"], ["#000001FF", "#000002FF", "#000001FF", "#000002FF"]),
        (["light", "dark", "Dark HC"], ["#000001FF", "#000002FF", "#000001FF", "#000003FF"]),
        (["light", "dark", "light-hc", "dark-hc"], ["#000001FF", "#000002FF", "#000003FF", "#000004FF"]),
        (
            ["Light", "Dark", "Light_High_Contrast", "Dark_High_Contrast"],
            ["#000001FF", "#000002FF", "#000003FF", "#000004FF"]
        ),
        (["dark", "light"], ["#000002FF", "#000001FF", "#000002FF", "#000001FF"]),
    ])
    func contextsNamedForAModeFollowIt(contexts: [String], want: [String]) throws {
        let given = try Given(Self.modes(contexts))
        #expect(given.errors == [])
        let got = try ModeFilesTests.modes.map { try given.hex("bg", in: $0) }
        #expect(got == want, "\(contexts)")
    }

    /// A Light/Dark modifier and a contrast modifier compose: dark at high contrast is the dark context with the
    /// high-contrast context on top.
    @Test(arguments: [
        (["standard", "high-contrast"], ["#0000A0FF", "#0000A0FF", "#0000A1FF", "#0000A1FF"]),
        (["normal", "hc"], ["#0000A0FF", "#0000A0FF", "#0000A1FF", "#0000A1FF"]),
    ])
    func aSchemeModifierAndAContrastModifierCompose(contrast: [String], lines: [String]) throws {
        let given = try Given(Self.modes(["Light", "Dark"], contrast: contrast))
        #expect(given.errors == [])
        let bgs = try ModeFilesTests.modes.map { try given.hex("bg", in: $0) }
        #expect(bgs == ["#000001FF", "#000002FF", "#000001FF", "#000002FF"])
        let got = try ModeFilesTests.modes.map { try given.hex("line", in: $0) }
        #expect(got == lines)
    }

    /// A manifest mapping replaces the automatic one.
    @Test func aManifestMappingReplacesTheAutomaticOne() throws {
        var files = Self.modes(["light", "dark"])
        files.mappings = [Self.mapping("theme", ["dark": ["contrast": "high"]])]
        let given = try Given(files)
        #expect(given.errors == [])
        let got = try ModeFilesTests.modes.map { try given.hex("bg", in: $0) }
        #expect(got == ["#000001FF", "#000001FF", "#000002FF", "#000002FF"])
    }

    // MARK: Incremental

    @Test func editingAContextsFileRecompilesItsKeysOnly() throws {
        let edited = Self.brand.with("brand/ocean.tokens.json", "{\(Self.color("accent", "#0000AA"))}")
        try Given.expectIncrementalEqualsFresh(Self.brand, edited)
        let again = try Given.compile(Self.brand, then: [edited])[1]
        let recompiled = try #require(again.recompiled)
        #expect(recompiled.contains("accent"))
        #expect(!recompiled.contains("plain") && !recompiled.contains("gutter"))
        let given = Given(compilation: again)
        #expect(try given.hex("accent", in: #"{"vars": {"brand": "ocean"}}"#) == "#0000AAFF")
        #expect(try given.hex("accent") == "#00FF00FF")
    }

    @Test func editingTheResolverCompilesAsFromScratch() throws {
        let resolver = Self.brand.texts["brand.resolver.json"]!
        try Given.expectIncrementalEqualsFresh(
            Self.brand,
            Self.brand.with(
                "brand.resolver.json", resolver.replacing(#""default": "forest""#, with: #""default": "ocean""#)))
        try Given.expectIncrementalEqualsFresh(
            Self.brand, Self.brand.with("brand/base.tokens.json", "{\(Self.color("plain", "#222222"))}"))
    }
}
