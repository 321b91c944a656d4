import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// DTCG token files and resolvers load as themes (docs/dtcg.md), with values computed by hand.
@Suite struct DTCGImportTests {
    static func context(_ text: String) -> StyleContext { try! StyleContext(json: json(text)) }

    static func value(_ store: ThemeStore, _ attribute: Attribute, _ key: String, _ context: String = "{}") throws
        -> JSONValue?
    {
        let theme = try #require(store.theme(named: "brand"), "brand is not served")
        return try theme.session().resolve(attribute, key, context: Self.context(context))?.json
    }

    static func hex(_ store: ThemeStore, _ key: String, _ context: String = "{}") throws -> String? {
        try value(store, .surface, key, context)?["hex"]?.stringValue
    }

    static func brand() -> (TemporaryDirectory, ThemeStore) {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        return (roots, loadedStore([roots.root]))
    }

    @Test func theResolverThemeLoadsWithItsFilesAndWarnings() throws {
        let (_, store) = Self.brand()
        let info = try ThemeStoreTests.info(store, "brand")
        #expect(info.errors == [])
        #expect(info.state == .loaded)
        #expect(info.format == .dtcg)
        #expect(info.files.contains("brand.resolver.json"))
        #expect(info.files.contains("brand/manifest.json"))
        #expect(info.files.contains("brand/theme/dark-hc.tokens.json"))
        #expect(!info.files.contains("brand/unused.tokens.json"))
        #expect(!info.files.contains("brand/fallback/fallbacks.json"))
        #expect(info.modifiers.map(\.name) == ["theme", "size"])
        #expect(info.modifiers[0].contexts == ["light", "dark", "dark-hc"])
        #expect(info.modifiers[0].defaultContext == "light")
        #expect(info.modifiers[0].mappedTo != nil)
        #expect(info.modifiers[1].defaultContext == nil && info.modifiers[1].mappedTo == nil)
        let warnings = info.warnings.map { "\($0.file):\($0.line): \($0.message)" }
        for expected in [
            "brand/base.tokens.json:6: color.red: color written as a hex string",
            "brand/base.tokens.json:12: color.brand: member 'alpha' beside $value is not DTCG's: ignored",
            "brand/base.tokens.json:22: space.em: unit 'em' cannot become points: imported as a token",
            "brand/base.tokens.json:37: label: 'string' is not a DTCG type: imported as a token",
            "brand/theme/light.tokens.json:3: surface.bg: no $type anywhere: typed color by its value",
            "brand.resolver.json:6: set 'fonts' is not in resolutionOrder: applied first",
            "brand/type/typography.tokens.json:4: text.body: lineHeight given as a dimension: divided by the size",
            "brand/type/typography.tokens.json:4: text.body: letterSpacing in em: multiplied by the size",
            "brand/type/typography.tokens.json:6: text.caption: fontFamily: a list written as one string, split at commas",
            "brand/type/typography.tokens.json:6: text.caption: letterSpacing: dimension written as a string",
            "brand/type/typography.tokens.json:6: text.caption: unknown typography member 'WebkitFontSmoothing' ignored",
            "brand/type/typography.tokens.json:8: text.tiny: fontSize in 'em' cannot become points: imported as a token",
        ] {
            #expect(warnings.contains(expected), "missing warning: \(expected)\n\(warnings.joined(separator: "\n"))")
        }
    }

    @Test func colorsInEverySpaceAliasesPointersAndRoots() throws {
        let (_, store) = Self.brand()
        #expect(try Self.hex(store, "color.blue.500") == "#0066CCFF")
        #expect(try Self.hex(store, "color.red") == "#FF0000FF")
        #expect(try Self.hex(store, "color.gray-p3") == "#999999FF")
        #expect(try Self.hex(store, "color.green-hsl") == "#008000FF")
        #expect(try Self.hex(store, "color.white-oklab") == "#FFFFFFFF")
        #expect(try Self.hex(store, "color.achromatic") == "#808080FF")
        #expect(try Self.hex(store, "color.accent") == "#0066CCFF")  // a `$root` token is its group's key
        #expect(try Self.hex(store, "color.accent.soft") == "#0066CCFF")
        #expect(try Self.hex(store, "color.brand") == "#0066CCFF")  // the sibling "alpha" is ignored
        #expect(try Self.hex(store, "color.pointer") == "#0066CCFF")
        // A native file of the theme refers to an imported key by its path.
        #expect(try Self.hex(store, "brandCard") == "#0066CC80")
        let fade = try #require(try Self.value(store, .surface, "color.fade"))
        #expect(fade["gradient"] == "linear")
        #expect(fade["locations"] == [0, 1])
        #expect(fade["colors"]?.arrayValue?.map { $0["hex"] } == ["#0066CCFF", "#FFFFFFFF"])
    }

    @Test func dimensionsNumbersAndExtends() throws {
        let (_, store) = Self.brand()
        let small = try #require(try Self.value(store, .number, "space.small"))
        #expect(small == json(##"{"value": 4, "base": 4, "dimension": {"value": 4, "unit": "px"}}"##))
        // 1.5rem with the manifest's remBase 10.
        #expect(try Self.value(store, .number, "space.medium")?["base"] == 15)
        #expect(try Self.value(store, .number, "space.chain")?["base"] == 15)
        #expect(try Self.value(store, .number, "space.inline")?["base"] == 3)  // an inline set of the order
        #expect(try Self.value(store, .number, "button-large.height")?["base"] == 56)  // its own
        #expect(try Self.value(store, .number, "button-large.radius")?["base"] == 8)  // from $extends
        #expect(try Self.value(store, .number, "ratio") == json(##"{"value": 1.5, "base": 1.5}"##))
        #expect(
            try Self.value(store, .token, "space.em")
                == json(##"{"type": "dimension", "value": {"value": 0.5, "unit": "em"}}"##))
    }

    @Test func typographyBecomesAFontThatDynamicTypeDoesNotScale() throws {
        let (_, store) = Self.brand()
        let body = try #require(try Self.value(store, .font, "text.body", ##"{"dynamicType": "accessibility3"}"##))
        #expect(
            body.contains(
                json(
                    ##"{"size": 16, "baseSize": 16, "weight": "semibold", "weightValue": 600, "lineHeight": 1.5, "##
                        + ##""letterSpacing": 0.16, "family": "Inter", "families": ["Inter", "Helvetica", "sans-serif"]}"##
                )))
        let caption = try #require(try Self.value(store, .font, "text.caption"))
        #expect(
            caption.contains(
                json(
                    ##"{"size": 12, "weight": "bold", "weightValue": 700, "lineHeight": 1.25, "letterSpacing": 0.32, "##
                        + ##""families": ["Segoe UI", "Arial", "sans-serif"]}"##)))
        // A size in em cannot become points: the whole token is a token value.
        #expect(try Self.value(store, .token, "text.tiny")?["type"] == "typography")
    }

    @Test func otherTypesAreTokensWithTheirAliasesResolved() throws {
        let (_, store) = Self.brand()
        #expect(
            try Self.value(store, .token, "motion.fast")
                == json(##"{"type": "duration", "value": {"value": 100, "unit": "ms"}}"##))
        let shadow = try #require(try Self.value(store, .token, "elevation.card"))
        #expect(shadow["type"] == "shadow")
        #expect(
            shadow["value"]?["color"]
                == json(##"{"colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 1, "hex": "#0066cc"}"##))
        #expect(try Self.value(store, .token, "label") == json(##"{"type": "string", "value": "uppercase"}"##))
    }

    @Test(arguments: [
        (##"{}"##, "#FFFFFFFF", "#0066CCFF", 12.0),
        (##"{"colorScheme": "dark"}"##, "#000000FF", "#000000FF", 12.0),
        (##"{"colorScheme": "dark", "contrast": "high"}"##, "#000000FF", "#FF0000FF", 12.0),
        (##"{"colorScheme": "dark", "vars": {"theme": "light"}}"##, "#FFFFFFFF", "#0066CCFF", 12.0),
        (##"{"vars": {"theme": "dark-hc", "size": "regular"}}"##, "#000000FF", "#FF0000FF", 24.0),
    ])
    func modifiersFollowTheContext(context: String, background: String, foreground: String, gutter: Double) throws {
        let (_, store) = Self.brand()
        #expect(try Self.hex(store, "surface.bg", context) == background)
        #expect(try Self.hex(store, "surface.fg", context) == foreground)
        // `size` has no default and no mapping: its first context, compact, unless vars.size says otherwise.
        #expect(try Self.value(store, .number, "space.gutter", context)?["base"]?.doubleValue == gutter)
    }

    @Test func anUnknownModifierContextIsAnInvalidContext() throws {
        let (_, store) = Self.brand()
        let theme = try #require(store.theme(named: "brand"))
        #expect {
            _ = try theme.session().resolve(
                .surface, "surface.bg", context: Self.context(##"{"vars": {"theme": "sepia"}}"##))
        } throws: { error in
            guard case StyleError.invalidContext(let context) = error else { return false }
            return context.field == "context.vars.theme" && context.allowed == ["light", "dark", "dark-hc"]
                && context.reason.contains("light, dark, dark-hc")
        }
    }

    @Test func catalogKeepsDescriptionsDeprecationsAndSources() throws {
        let (_, store) = Self.brand()
        let snapshot = try #require(store.theme(named: "brand")).snapshot
        let blue = try #require(snapshot.token(.surface, "color.blue.500")?.token)
        #expect(blue.type == "color" && blue.description == "Brand blue")
        #expect(snapshot.token(.surface, "color.old")?.token.deprecated == "use color.brand")
        let fg = try #require(snapshot.token(.surface, "surface.fg")?.token)
        #expect(
            fg.sources.map { "\($0.context ?? "-")@\($0.location.file)" } == [
                "light@brand/theme/light.tokens.json", "dark@brand/theme/dark.tokens.json",
                "dark-hc@brand/theme/dark-hc.tokens.json",
            ])
    }

    @Test(arguments: [
        (
            "brand/theme/light.tokens.json", ##"{"surface": {"fg": {"$type": "color", "$value": "{color.blu.500}"}}}"##,
            "brand/theme/light.tokens.json:1: surface.fg: alias {color.blu.500} names no token (did you mean {color.blue.500}?)"
        ),
        (
            // A token whose only value names no token (no other context defines it) is reported all the same.
            "brand/theme/light.tokens.json", ##"{"only": {"$type": "color", "$value": "{colour.zzz}"}}"##,
            "brand/theme/light.tokens.json:1: only: alias {colour.zzz} names no token"
        ),
        (
            "brand/theme/light.tokens.json", ##"{"surface": {"fg": {"$type": "color", "$value": "{space.small}"}}}"##,
            "brand/theme/light.tokens.json:1: surface.fg: alias {space.small} is a dimension, not a color"
        ),
        (
            "brand/theme/light.tokens.json", ##"{"x": {"a": {"$value": "{x.b}"}, "b": {"$value": "{x.a}"}}}"##,
            "brand/theme/light.tokens.json:1: alias cycle: x.a → x.b → x.a"
        ),
        (
            "brand/theme/light.tokens.json",
            ##"{"x": {"$value": {"colorSpace": "srgb", "components": [1, 0]}, "$type": "color"}}"##,
            "brand/theme/light.tokens.json:1: x: components must be 3 numbers"
        ),
        (
            "brand/theme/light.tokens.json", ##"{"x": {"$value": "plain"}}"##,
            "brand/theme/light.tokens.json:1: x: no $type on the token, its groups or an alias target"
        ),
        (
            "brand/theme/light.tokens.json", ##"{"g": {"$extends": "{h}"}, "h": {"$extends": "{g}"}}"##,
            "brand/theme/light.tokens.json:1: $extends cycle: g → h → g"
        ),
        (
            "brand/theme/light.tokens.json", ##"{"g": {"$extends": "{ratio}"}}"##,
            "brand/theme/light.tokens.json:1: g: $extends names the token 'ratio', not a group"
        ),
        (
            "brand.resolver.json",
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "a", "sources": [{"$ref": "../outside.tokens.json"}]}]}"##,
            "brand.resolver.json:1: set 'a': '../outside.tokens.json' leaves the theme root (a path relative to the resolver is needed)"
        ),
        ("brand/theme/light.tokens.json", ##"{"surface": "##, "brand/theme/light.tokens.json:1: invalid JSON"),
    ])
    func brokenTokensAreErrorsAndTheRestOfTheThemeServes(file: String, text: String, expected: String) throws {
        let (roots, store) = Self.brand()
        roots.write(file, text)
        store.apply(changedPaths: [roots.full(file)])
        let info = try ThemeStoreTests.info(store, "brand")
        let errors = info.errors.map { "\($0.file):\($0.line): \($0.message)" }
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
        #expect(try Self.hex(store, "color.blue.500") == "#0066CCFF")
        // An error about one token leaves it out and serves the rest, the edit included; one about the files as a
        // whole (invalid JSON, a resolver, `$extends`) keeps the last good state.
        let wholeFile = ["$extends", "leaves the theme root", "invalid JSON"].contains { expected.contains($0) }
        #expect(info.state == (wholeFile ? .error : .loaded))
        #expect(info.generation == (wholeFile ? 1 : 2))
    }

    @Test func aTokenLeftOutInErrorIsNoKeyAndComesBackWhenFixed() throws {
        let (roots, store) = Self.brand()
        let file = "brand/theme/light.tokens.json"
        roots.write(file, ##"{"surface": {"fg": {"$type": "color", "$value": "{color.blu.500}"}}}"##)
        store.apply(changedPaths: [roots.full(file)])
        let session = try #require(store.theme(named: "brand")).session()
        #expect(throws: StyleError.self) { try session.resolve(.surface, "surface.fg") }
        roots.write(file, ##"{"surface": {"fg": {"$type": "color", "$value": "{color.blue.500}"}}}"##)
        store.apply(changedPaths: [roots.full(file)])
        let info = try ThemeStoreTests.info(store, "brand")
        #expect(info.errors == [] && info.state == .loaded && info.generation == 3)
        #expect(try Self.hex(store, "surface.fg") == "#0066CCFF")
    }

    @Test func aKeyDefinedByATokenAndANativeFileIsDefinedTwice() throws {
        let (roots, store) = Self.brand()
        roots.write("brand/numbers.json", ##"{"number": {"ratio": 2}}"##)
        store.apply(changedPaths: [roots.full("brand/numbers.json")])
        let messages = try ThemeStoreTests.messages(store, "brand")
        #expect(messages.contains { $0.hasPrefix("number 'ratio' is defined twice: here and at ") }, "\(messages)")
    }

    @Test func tokenFilesAndSetDirectories() throws {
        let roots = TemporaryDirectory()
        roots.write("solo.tokens.json", ##"{"c": {"$type": "color", "$value": "#112233"}}"##)
        roots.write("kit/a.tokens.json", ##"{"n": {"$type": "number", "one": {"$value": 1}, "two": {"$value": 2}}}"##)
        roots.write("kit/sub/b.tokens.json", ##"{"n": {"two": {"$value": 22}}}"##)
        roots.write("kit/extra.json", ##"{"number": {"sum": {"calc": "{n.one} + {n.two}"}}}"##)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "solo").errors == [])
        #expect(try ThemeStoreTests.hex(store, "solo", "c") == "#112233FF")
        let kit = try #require(store.theme(named: "kit")).session()
        // Later files (byte order of path) win; types come from the group in the earlier file.
        #expect(try kit.resolve(.number, "n.two")?.json["base"] == 22)
        #expect(try kit.resolve(.number, "sum")?.json["base"] == 23)
        #expect(try ThemeStoreTests.info(store, "kit").format == .dtcg)
    }

    /// A typography token whose size is in `em` is a `token` whole, with or without aliases inside: `keys` lists
    /// it there, `resolve token` answers it, `resolve font` does not know it.
    @Test(arguments: [#""Inter""#, #""{family}""#])
    func aTypographyInEmIsOneTokenWithOrWithoutAliases(family: String) throws {
        let roots = TemporaryDirectory()
        roots.write(
            "em.tokens.json",
            #"""
            {"family": {"$type": "fontFamily", "$value": "Inter"},
             "size": {"$type": "dimension", "$value": {"value": 2, "unit": "em"}},
             "text": {"$type": "typography",
              "tiny": {"$value": {"fontFamily": \#(family), "fontSize": {"value": 0.75, "unit": "em"},
                                  "fontWeight": 400, "lineHeight": 1.2, "letterSpacing": {"value": 0, "unit": "px"}}},
              "large": {"$value": {"fontFamily": \#(family), "fontSize": "{size}",
                                   "fontWeight": 400, "lineHeight": 1.2, "letterSpacing": {"value": 0, "unit": "px"}}},
              "body": {"$value": {"fontFamily": \#(family), "fontSize": {"value": 16, "unit": "px"},
                                  "fontWeight": 400, "lineHeight": 1.2, "letterSpacing": {"value": 0, "unit": "px"}}}}}
            """#)
        let store = loadedStore([roots.root])
        let theme = try #require(store.theme(named: "em"))
        let layer = try #require(theme.snapshot.layers.last)
        for key in ["text.tiny", "text.large"] {
            #expect(layer.keys(.token).contains(key), "\(key)")
            #expect(!layer.keys(.font).contains(key), "\(key)")
            #expect(try theme.session().resolve(.token, key)?.json["type"] == "typography")
        }
        #expect(layer.keys(.font).contains("text.body"))
        #expect(try theme.session().resolve(.font, "text.body")?.json["size"] == 16)
    }
}
