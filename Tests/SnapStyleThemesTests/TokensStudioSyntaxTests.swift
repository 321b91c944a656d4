import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing
import SnapStyleExport

/// Tokens Studio's legacy syntax (`value`/`type` without `$`), read as DTCG: its types and its values written as
/// CSS strings.
@Suite struct TokensStudioSyntaxTests {
    static let project = ##"""
        {
          "global": {
            "colors": {
              "blue": {"value": "#0066CC", "type": "color", "description": "Brand blue"},
              "shade": {"value": "rgba(0, 0, 0, 0.5)", "type": "color"},
              "accent": {"value": "{global.colors.blue}", "type": "color"},
              "legacy": {"value": "{global.colors.blue.value}", "type": "color"}
            },
            "space": {"sm": {"value": "8", "type": "spacing"}, "md": {"value": "1rem", "type": "spacing"}},
            "radius": {"card": {"value": "12px", "type": "borderRadius"}},
            "opacity": {"muted": {"value": "60%", "type": "opacity"}},
            "font": {
              "family": {"value": "Inter", "type": "fontFamilies"},
              "bold": {"value": "Semi Bold", "type": "fontWeights"},
              "height": {"value": "150%", "type": "lineHeights"},
              "tracking": {"value": "2%", "type": "letterSpacing"},
              "body": {"value": {"fontFamily": "{global.font.family}", "fontWeight": "Regular", "fontSize": "16",
                                 "lineHeight": "150%", "letterSpacing": "0%"}, "type": "typography"}
            },
            "shadow": {"card": {"value": {"x": "0", "y": "2", "blur": "8", "spread": "0", "color": "#00000033",
                                          "type": "dropShadow"}, "type": "boxShadow"},
                       "inner": {"value": {"x": "1", "y": "1", "blur": "0", "spread": "1", "color": "#FF0000",
                                           "type": "innerShadow"}, "type": "boxShadow"}},
            "border": {"focus": {"value": {"color": "{global.colors.blue}", "width": "2", "style": "solid"},
                                 "type": "border"}}
          },
          "$themes": [],
          "$metadata": {"tokenSetOrder": ["global"]}
        }
        """##

    @Test func aSingleFileExportLoadsWithItsValuesAsTokensStudioMeansThem() async throws {
        let roots = TemporaryDirectory()
        roots.write("studio/tokens.json", Self.project)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "studio")
        #expect(info.errors == [], "\(info.errors)")
        let session = try #require(store.theme(named: "studio")).session()
        let hex = { (key: String) in try session.resolve(.surface, key)?.json["hex"]?.stringValue }
        #expect(try hex("global.colors.blue") == "#0066CCFF")
        #expect(try hex("global.colors.shade") == "#00000080")
        #expect(try hex("global.colors.accent") == "#0066CCFF")
        #expect(try hex("global.colors.legacy") == "#0066CCFF")
        #expect(try session.resolve(.number, "global.space.sm")?.json["base"] == 8)
        #expect(try session.resolve(.number, "global.space.md")?.json["base"] == 16)
        #expect(try session.resolve(.number, "global.opacity.muted")?.json["base"] == 0.6)
        let body = try #require(try session.resolve(.font, "global.font.body")?.json)
        #expect(body["size"] == 16 && body["weightValue"] == 400 && body["lineHeight"] == 1.5)
        #expect(body["family"] == "Inter")

        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let keys = ThemeExport.exportedKeys(
            try #require(try methods.handle("keys", .object(["theme": "studio"]))), inherited: false)
        let theme = try await ThemeExport.resolve(keys: keys, params: ["theme": "studio"], context: [:]) {
            try #require(try methods.answer($0, .object($1)))
        }
        let css = ThemeExport.css([theme])
        for line in [
            "--global-space-sm: 8px;", "--global-space-md: 1rem;", "--global-radius-card: 12px;",
            "--global-opacity-muted: 0.6;", "--global-font-bold: 600;", "--global-font-height: 1.5;",
            "--global-font-tracking: 0.02em;", "--global-shadow-card: 0px 2px 8px 0px #00000033;",
            "--global-shadow-inner: inset 1px 1px 0px 1px #ff0000;", "--global-border-focus: 2px solid #0066cc;",
            "--global-font-body: 400 16px/1.5 Inter;",
        ] {
            #expect(css.contains("  " + line + "\n"), "missing \(line)\n\(css)")
        }
    }

    /// Loose values as Tokens Studio accepts them: a `number` token written with a unit is that length.
    @Test func aNumberTokenWrittenWithAUnitIsThatLength() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "loose/tokens.json",
            #"{"gap": {"value": "4px", "type": "number"}, "wide": {"value": "1.5rem", "type": "number"}, "#
                + #""plain": {"value": "3", "type": "number"}}"#)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "loose")
        #expect(info.errors == [], "\(info.errors)")
        let session = try #require(store.theme(named: "loose")).session()
        #expect(try session.resolve(.number, "gap")?.json["base"] == 4)
        #expect(try session.resolve(.number, "wide")?.json["base"] == 24)
        #expect(try session.resolve(.number, "plain")?.json["base"] == 3)
    }

    @Test func aProjectsThemesSelectItsSetsAsModifierContexts() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "kite/$themes.json",
            #"""
            [{"id": "1", "name": "Light", "group": "mode",
              "selectedTokenSets": {"core/base": "enabled", "light": "enabled", "dark": "disabled", "extra": "source"}},
             {"id": "2", "name": "Dark", "group": "mode",
              "selectedTokenSets": {"core/base": "enabled", "dark": "enabled", "extra": "source"}}]
            """#)
        roots.write("kite/$metadata.json", #"{"tokenSetOrder": ["core/base", "extra", "light", "dark"]}"#)
        roots.write(
            "kite/core/base.json",
            #"{"ink": {"value": "{ink-mode}", "type": "color"}, "gap": {"value": "4", "type": "spacing"}}"#)
        roots.write("kite/extra.json", #"{"gap": {"value": "6", "type": "spacing"}}"#)
        roots.write("kite/light.json", ##"{"ink-mode": {"value": "#111111", "type": "color"}}"##)
        roots.write(
            "kite/dark.json",
            ##"{"ink-mode": {"value": "#EEEEEE", "type": "color"}, "gap": {"value": "8", "type": "spacing"}}"##)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "kite")
        #expect(info.errors == [], "\(info.errors)")
        #expect(info.modifiers.map(\.name) == ["mode"])
        #expect(info.modifiers.first?.contexts == ["Light", "Dark"])
        var dark = StyleContext()
        dark.colorScheme = .dark
        let session = try #require(store.theme(named: "kite")).session()
        #expect(try session.resolve(.surface, "ink")?.json["hex"] == "#111111FF")
        #expect(try session.resolve(.surface, "ink", context: dark)?.json["hex"] == "#EEEEEEFF")
        // tokenSetOrder: extra after core/base in both; dark, last, wins in Dark.
        #expect(try session.resolve(.number, "gap")?.json["base"] == 6)
        #expect(try session.resolve(.number, "gap", context: dark)?.json["base"] == 8)
    }

    @Test func aThemeNamingASetThatIsNoFileIsAnErrorAtThatTheme() throws {
        let roots = TemporaryDirectory()
        roots.write("kite/$themes.json", #"[{"id": "1", "name": "Light", "selectedTokenSets": {"nope": "enabled"}}]"#)
        roots.write("kite/core.json", ##"{"ink": {"value": "#111111", "type": "color"}}"##)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "kite").errors
        #expect(
            errors.contains { $0.file == "kite/$themes.json" && $0.message.contains("set 'nope' is no file") },
            "\(errors)")
    }

    @Test func mathFollowsTheTokensItNamesAndCarriesTheirUnit() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "sums/tokens.json",
            #"""
            {"space": {"base": {"value": "4", "type": "spacing"},
                       "double": {"value": "{space.base} * 2", "type": "spacing"},
                       "mean": {"value": "({space.base} + {space.double}) / 2", "type": "spacing"},
                       "wide": {"value": "1rem + 4px", "type": "spacing"},
                       "area": {"value": "{space.base} * {space.double}", "type": "spacing"},
                       "broken": {"value": "{space.base} / 0", "type": "spacing"}}}
            """#)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "sums").errors.map(\.message)
        #expect(errors.contains("space.area: a length times a length"), "\(errors)")
        #expect(errors.contains("space.broken: a division by zero"), "\(errors)")
        // Without the two broken tokens the theme serves, and math follows an edit of what it names.
        roots.write(
            "sums/tokens.json",
            #"""
            {"space": {"base": {"value": "4", "type": "spacing"},
                       "double": {"value": "{space.base} * 2", "type": "spacing"},
                       "mean": {"value": "({space.base} + {space.double}) / 2", "type": "spacing"},
                       "wide": {"value": "1rem + 4px", "type": "spacing"}}}
            """#)
        store.apply(changedPaths: [roots.full("sums/tokens.json")])
        let session = { try #require(store.theme(named: "sums")).session() }
        #expect(try session().resolve(.number, "space.double")?.json["base"] == 8)
        #expect(try session().resolve(.number, "space.mean")?.json["base"] == 6)
        #expect(try session().resolve(.number, "space.wide")?.json["base"] == 20)
        roots.write(
            "sums/tokens.json",
            try String(contentsOfFile: roots.full("sums/tokens.json"), encoding: .utf8)
                .replacingOccurrences(of: #""value": "4""#, with: #""value": "5""#))
        store.apply(changedPaths: [roots.full("sums/tokens.json")])
        #expect(try session().resolve(.number, "space.double")?.json["base"] == 10)
    }

    /// Tokens Studio's color modifiers, with the figures its own transforms give for #C14242 and 0.2 in sRGB
    /// (lighten `rgb(80.549% 40.706% 40.706%)`, darken `#9a3535`, alpha `/ 0.2`).
    @Test func colorModifiersComputeWhatTokensStudioComputes() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "mods/tokens.json",
            ##"""
            {"red": {"value": "#C14242", "type": "color"},
             "light": {"value": "{red}", "type": "color",
                       "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "0.2", "space": "srgb"}}}},
             "dark": {"value": "#C14242", "type": "color",
                      "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": 0.2, "space": "srgb"}}}},
             "faint": {"value": "{red}", "type": "color",
                       "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.2", "space": "srgb"}}}},
             "veil": {"value": "rgba({red}, 50%)", "type": "color"},
             "half": {"value": "#000000", "type": "color",
                      "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": "0.5", "space": "srgb",
                                                                   "color": "#FFFFFF"}}}}}
            """##)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "mods").errors == [])
        let session = { try #require(store.theme(named: "mods")).session() }
        let hex = { (key: String) in try session().resolve(.surface, key)?.json["hex"]?.stringValue }
        #expect(try hex("light") == "#CD6868FF")
        #expect(try hex("dark") == "#9A3535FF")
        #expect(try hex("faint") == "#C1424233")
        #expect(try hex("half") == "#808080FF")
        #expect(try hex("veil") == "#C1424280")
        // A modifier on a reference follows its target.
        roots.write(
            "mods/tokens.json",
            try String(contentsOfFile: roots.full("mods/tokens.json"), encoding: .utf8).replacingOccurrences(
                of: ##""red": {"value": "#C14242""##, with: ##""red": {"value": "#000000""##))
        store.apply(changedPaths: [roots.full("mods/tokens.json")])
        #expect(try hex("light") == "#333333FF")
    }

    @Test func aProjectWithoutThemesAppliesEverySet() throws {
        let roots = TemporaryDirectory()
        roots.write("plain/$themes.json", "[]")
        roots.write("plain/colors.json", ##"{"ink": {"value": "#111111", "type": "color"}}"##)
        roots.write("plain/space.json", #"{"gap": {"value": "4", "type": "spacing"}}"#)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "plain").errors == [])
        let session = try #require(store.theme(named: "plain")).session()
        #expect(try session.resolve(.surface, "ink")?.json["hex"] == "#111111FF")
        #expect(try session.resolve(.number, "gap")?.json["base"] == 4)
    }
}
