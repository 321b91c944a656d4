import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Token files as teams ship them: classified by what they hold, whatever their names, with mode files
/// (`tokens.dark.json`) mapped onto the context.
@Suite struct TokenFilesTests {
    static let base = #"""
        {"base": {"color": {"$type": "color",
          "brand": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8], "hex": "#0066cc"}},
          "text": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000"}}}},
         "semantic": {"fg": {"$type": "color", "$value": "{base.color.text}"},
                      "lineheight": {"$type": "number", "$value": 1.4}}}
        """#
    static let dark = #"""
        {"base": {"color": {"$type": "color",
          "text": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}}}}}
        """#

    static func hex(_ store: ThemeStore, _ theme: String, _ key: String, dark: Bool = false) throws -> String? {
        var context = StyleContext()
        if dark { context.colorScheme = .dark }
        return try store.theme(named: theme)?.session().resolve(.surface, key, context: context)?.json["hex"]?
            .stringValue
    }

    @Test func aDirectoryOfTokenFilesNamedJsonWithADarkModeFileLoadsAsShipped() throws {
        let roots = TemporaryDirectory()
        roots.write("kfw/tokens.json", Self.base)
        roots.write("kfw/tokens.dark.json", Self.dark)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "kfw")
        #expect(info.errors == [], "\(info.errors)")
        #expect(info.format == .dtcg)
        #expect(info.modifiers.map(\.name) == ["colorScheme"])
        #expect(try Self.hex(store, "kfw", "semantic.fg") == "#000000FF")
        #expect(try Self.hex(store, "kfw", "semantic.fg", dark: true) == "#FFFFFFFF")
        #expect(try Self.hex(store, "kfw", "base.color.brand", dark: true) == "#0066CCFF")
    }

    /// Modes compose: a scheme-mapped modifier (mode files, a resolver's or a Tokens Studio project's Light/Dark)
    /// still applies at increased contrast when nothing of its own pins the contrast; a modifier with a
    /// high-contrast context of its own still picks it.
    @Test func aLightDarkModifierStillAppliesAtIncreasedContrast() throws {
        let roots = TemporaryDirectory()
        roots.write("kfw/tokens.json", Self.base)
        roots.write("kfw/tokens.dark.json", Self.dark)
        roots.write("studio/$themes.json", #"[{"name": "Light", "selectedTokenSets": {"core": "enabled"}}, "#
            + #"{"name": "Dark", "selectedTokenSets": {"core": "enabled", "dark": "enabled"}}]"#)
        roots.write("studio/core.json", ##"{"fg": {"value": "#000000", "type": "color"}}"##)
        roots.write("studio/dark.json", ##"{"fg": {"value": "#ffffff", "type": "color"}}"##)
        roots.write("both/$themes.json", #"[{"name": "Dark", "selectedTokenSets": {"core": "enabled", "dark": "enabled"}}, "#
            + #"{"name": "Dark HC", "selectedTokenSets": {"core": "enabled", "hc": "enabled"}}]"#)
        roots.write("both/core.json", ##"{"fg": {"value": "#000000", "type": "color"}}"##)
        roots.write("both/dark.json", ##"{"fg": {"value": "#ffffff", "type": "color"}}"##)
        roots.write("both/hc.json", ##"{"fg": {"value": "#ffff00", "type": "color"}}"##)
        let store = loadedStore([roots.root])
        func hex(_ theme: String, _ key: String, high: Bool) throws -> String? {
            var context = StyleContext()
            context.colorScheme = .dark
            if high { context.contrast = .high }
            return try store.theme(named: theme)?.session().resolve(.surface, key, context: context)?.json["hex"]?
                .stringValue
        }
        for high in [false, true] {
            #expect(try hex("kfw", "semantic.fg", high: high) == "#FFFFFFFF", "high: \(high)")
            #expect(try hex("studio", "fg", high: high) == "#FFFFFFFF", "high: \(high)")
        }
        #expect(try hex("both", "fg", high: false) == "#FFFFFFFF")
        #expect(try hex("both", "fg", high: true) == "#FFFF00FF")
    }

    @Test(arguments: [
        ("dark/colors.json", "dark"), ("tokens.dark-hc.json", "dark-hc"), ("tokens.hc.json", "hc"),
        ("light.tokens.json", "light"), ("tokens.json", ""), ("darkness.json", ""),
    ])
    func modeFilesAreKnownByAWordOfTheirNameOrADirectory(path: String, expected: String) {
        let roots = TemporaryDirectory()
        roots.write("t/base.tokens.json", Self.base)
        roots.write("t/" + path, Self.dark)
        let store = loadedStore([roots.root])
        let names = (try? ThemeStoreTests.info(store, "t"))?.modifiers.map(\.name) ?? []
        switch expected {
        case "dark", "light": #expect(names == ["colorScheme"], "\(path)")
        case "dark-hc": #expect(names == ["colorScheme-contrast"], "\(path)")
        case "hc": #expect(names == ["contrast"], "\(path)")
        default: #expect(names.isEmpty, "\(path)")
        }
    }

    @Test func aResolverIsKnownByItsContentAndItsModifierOfLightAndDarkFollowsTheScheme() throws {
        let roots = TemporaryDirectory()
        roots.write("kfw/tokens.json", Self.base)
        roots.write("kfw/tokens.dark.json", Self.dark)
        roots.write(
            "kfw/kfw.json",
            ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "tokens.json"}]}},
             "modifiers": {"mode": {"contexts": {"Light": [], "Dark": [{"$ref": "tokens.dark.json"}]}, "default": "Light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "kfw")
        #expect(info.errors == [], "\(info.errors)")
        #expect(info.modifiers.map(\.name) == ["mode"])
        #expect(try Self.hex(store, "kfw", "semantic.fg", dark: true) == "#FFFFFFFF")
        #expect(try Self.hex(store, "kfw", "semantic.fg") == "#000000FF")
    }

    @Test func aFileThatIsNoneOfTheFourKindsIsAnErrorNamingThem() throws {
        let roots = TemporaryDirectory()
        roots.write("odd/data.json", #"{"rows": [1, 2, 3]}"#)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "odd").errors
        #expect(errors.first?.message.contains("none of a theme's four kinds") == true, "\(errors)")
        #expect(errors.first?.file == "odd/data.json")
        // A misspelt lone section gets its suggestion; a file of comments only is an empty native file.
        roots.write("typo.json", ##"{"surfce": {"tint": "#102030"}}"##)
        roots.write("empty.json", #"{"$comment": "nothing yet"}"#)
        let again = loadedStore([roots.root])
        #expect(
            try ThemeStoreTests.info(again, "typo").errors.first?.message.hasSuffix("(did you mean 'surface'?)") == true
        )
        #expect(try ThemeStoreTests.info(again, "empty").errors == [])
    }

    @Test func aResolverNamingItselfIsToldSoNotThatItDoesNotExist() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "self.resolver.json",
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "self.resolver.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        )
        let store = loadedStore([roots.root])
        let messages = try ThemeStoreTests.info(store, "self").errors.map(\.message)
        #expect(messages.contains("'self.resolver.json' is the resolver itself, not a token file"), "\(messages)")
        #expect(!messages.contains { $0.contains("does not exist") })
    }
}
