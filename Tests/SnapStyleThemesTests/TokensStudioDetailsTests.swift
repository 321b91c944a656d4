import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing
import SnapStyleExport

/// Tokens Studio's finer points: functions in math, references inside gradients, weight names with a style, text
/// case and decoration, composition tokens, and single-file exports whose `$themes` select their members.
@Suite struct TokensStudioDetailsTests {
    static let project = ##"""
        {
          "size": {"base": {"value": "16", "type": "sizing"},
                   "step": {"value": "roundTo({size.base} / 7, 1)", "type": "sizing"},
                   "root": {"value": "sqrt({size.base})", "type": "number"},
                   "ceiling": {"value": "ceil(roundTo(16/1.2,0)/2)*2", "type": "number"}},
          "color": {"red": {"value": "#ff0000", "type": "color"}, "blue": {"value": "#0000ff", "type": "color"},
                    "sky": {"value": "hsl(210, 100%, 50%)", "type": "color"},
                    "haze": {"value": "hsla(0 0% 100% / 50%)", "type": "color"},
                    "fade": {"value": "linear-gradient(90deg, {color.red} 0%, {color.blue} 100%)", "type": "color"},
                    "turn": {"value": "linear-gradient(to top right, {color.red}, {color.blue})", "type": "color"}},
          "type": {"emphasis": {"value": {"fontFamily": "Inter", "fontWeight": "Bold Italic", "fontSize": "16",
                                          "lineHeight": "150%", "textCase": "uppercase",
                                          "textDecoration": "underline"}, "type": "typography"},
                   "case": {"value": "uppercase", "type": "textCase"},
                   "decoration": {"value": "line-through", "type": "textDecoration"}},
          "card": {"value": {"fill": "{color.red}", "borderRadius": "{size.base}", "opacity": 0.5},
                   "type": "composition"}
        }
        """##

    static func css(_ store: ThemeStore, _ theme: String) async throws -> String {
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let keys = ThemeExport.exportedKeys(
            try #require(try methods.handle("keys", .object(["theme": .string(theme)]))), inherited: false)
        let resolved = try await ThemeExport.resolve(keys: keys, params: ["theme": .string(theme)], context: [:]) {
            try #require(try methods.answer($0, .object($1)))
        }
        return ThemeExport.css([resolved])
    }

    @Test func detailsResolveAndExportAsTokensStudioWritesThem() async throws {
        let roots = TemporaryDirectory()
        roots.write("details/tokens.json", Self.project)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "details")
        #expect(info.errors == [], "\(info.errors)")
        let session = try #require(store.theme(named: "details")).session()
        // sd-transforms' own math tests: roundTo(4 / 7, 1) is 0.6 and ceil(roundTo(16/1.2,0)/2)*2 is 14.
        #expect(try session.resolve(.number, "size.step")?.json["base"] == 2.3)
        #expect(try session.resolve(.number, "size.root")?.json["base"] == 4)
        #expect(try session.resolve(.number, "size.ceiling")?.json["base"] == 14)
        // hsl(210, 100%, 50%) is rgb(0, 127.5, 255); white at half alpha.
        #expect(try session.resolve(.surface, "color.sky")?.json["hex"] == "#0080FFFF")
        #expect(try session.resolve(.surface, "color.haze")?.json["hex"] == "#FFFFFF80")
        let fade = try #require(try session.resolve(.surface, "color.fade")?.json)
        #expect(fade["colors"]?.arrayValue?.compactMap { $0["hex"]?.stringValue } == ["#FF0000FF", "#0000FFFF"])
        let emphasis = try #require(try session.resolve(.font, "type.emphasis")?.json)
        #expect(emphasis["weightValue"] == 700 && emphasis["fontStyle"] == "italic")
        #expect(emphasis["textCase"] == "uppercase" && emphasis["textDecoration"] == "underline")

        let css = try await Self.css(store, "details")
        for line in [
            "--color-fade: linear-gradient(90deg, #ff0000 0%, #0000ff 100%);",
            "--color-turn: linear-gradient(45deg, #ff0000 0%, #0000ff 100%);",
            "--type-emphasis-font-style: italic;", "--type-emphasis: italic 700 16px/1.5 Inter;",
            "--type-case: uppercase;", "--type-decoration: line-through;",
            "--card-fill: #ff0000;", "--card-opacity: 0.5;",
        ] {
            #expect(css.contains("  " + line + "\n"), "missing \(line)\n\(css)")
        }
        #expect(css.contains("--card-border-radius: "), "\(css)")

        // A reference inside the gradient is live.
        roots.write("details/tokens.json", Self.project.replacingOccurrences(of: "#0000ff", with: "#00ff00"))
        store.apply(changedPaths: [roots.full("details/tokens.json")])
        let edited = try #require(store.theme(named: "details")).session()
        let stops = try edited.resolve(.surface, "color.fade")?.json["colors"]?.arrayValue
        #expect(stops?.compactMap { $0["hex"]?.stringValue } == ["#FF0000FF", "#00FF00FF"])
    }

    @Test(arguments: [
        ("Bold Italic", 700.0, "italic"), ("Italic", 400, "italic"), ("Kräftig", 500, nil),
        ("Extra Bold oblique", 800, "oblique"),
    ])
    func weightNamesMapAsTokensStudioMapsThem(name: String, weight: Double, style: String?) throws {
        let roots = TemporaryDirectory()
        roots.write(
            "weights/tokens.json",
            ##"{"t": {"value": {"fontFamily": "Inter", "fontWeight": "\##(name)", "fontSize": "16"}, "type": "typography"}}"##
        )
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "weights").errors == [])
        let session = try #require(store.theme(named: "weights")).session()
        let font = try #require(try session.resolve(.font, "t")?.json)
        #expect(font["weightValue"]?.doubleValue == weight)
        #expect(font["fontStyle"]?.stringValue == style)
    }

    /// A single-file export: its `$themes` select its top-level members as sets, whose tokens are keyed (and
    /// referred to) without the set's name, as the plugin writes them.
    @Test func aSingleFileExportsThemesSelectItsMembers() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "single/tokens.json",
            ##"""
            {
              "core": {"blue": {"value": "#0066cc", "type": "color"}, "white": {"value": "#ffffff", "type": "color"}},
              "light": {"bg": {"value": "{white}", "type": "color"}, "fg": {"value": "{blue}", "type": "color"}},
              "dark": {"bg": {"value": "#000000", "type": "color"}, "fg": {"value": "{white}", "type": "color"}},
              "$themes": [
                {"id": "l", "name": "Light", "selectedTokenSets": {"core": "source", "light": "enabled"}},
                {"id": "d", "name": "Dark", "selectedTokenSets": {"core": "source", "dark": "enabled"}}
              ],
              "$metadata": {"tokenSetOrder": ["core", "light", "dark"]}
            }
            """##)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "single")
        #expect(info.errors == [], "\(info.errors)")
        #expect(info.modifiers.map(\.contexts) == [["Light", "Dark"]])
        let session = try #require(store.theme(named: "single")).session()
        var dark = StyleContext()
        dark.colorScheme = .dark
        #expect(try session.resolve(.surface, "bg")?.json["hex"] == "#FFFFFFFF")
        #expect(try session.resolve(.surface, "fg")?.json["hex"] == "#0066CCFF")
        #expect(try session.resolve(.surface, "bg", context: dark)?.json["hex"] == "#000000FF")
        #expect(try session.resolve(.surface, "fg", context: dark)?.json["hex"] == "#FFFFFFFF")
    }

    /// A set every theme selects as `source` resolves references but is not the theme's own: `keys` marks its
    /// tokens, and the CSS export leaves them out.
    @Test func sourceSetsAreReadButNotTheThemesOwnKeys() async throws {
        let roots = TemporaryDirectory()
        roots.write(
            "project/$themes.json",
            ##"[{"name": "Light", "selectedTokenSets": {"core": "source", "light": "enabled"}},"##
                + ##" {"name": "Dark", "selectedTokenSets": {"core": "source", "dark": "enabled"}}]"##)
        roots.write("project/core.json", ##"{"blue": {"value": "#0066cc", "type": "color"}}"##)
        roots.write("project/light.json", ##"{"accent": {"value": "{blue}", "type": "color"}}"##)
        roots.write("project/dark.json", ##"{"accent": {"value": "#ffffff", "type": "color"}}"##)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "project").errors == [])
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let keys = try #require(try methods.handle("keys", .object(["theme": "project", "attribute": "surface"])))
        let entries = keys["keys"]?["surface"]?.arrayValue ?? []
        #expect(entries.first { $0["key"] == "blue" }?["source"] == true)
        #expect(entries.first { $0["key"] == "accent" }?["source"] == nil)
        let css = try await Self.css(store, "project")
        #expect(css.contains("  --accent: #0066cc;\n") && !css.contains("--blue"), "\(css)")
    }

    /// Math inside a typography member that reads a token follows the token's edits.
    @Test func mathInsideACompositeFollowsTheTokensItReads() throws {
        let roots = TemporaryDirectory()
        let text = ##"""
            {"size": {"value": "16", "type": "fontSizes"},
             "t": {"value": {"fontFamily": "Arial", "fontWeight": "100 * 3", "fontSize": "{size} * 1.5",
                             "lineHeight": 1, "letterSpacing": "0"}, "type": "typography"}}
            """##
        roots.write("sums/tokens.json", text)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "sums").errors == [])
        let font = { try #require(store.theme(named: "sums")).session().resolve(.font, "t")?.json }
        #expect(try font()?["size"] == 24 && font()?["weightValue"] == 300)
        roots.write("sums/tokens.json", text.replacingOccurrences(of: #""value": "16""#, with: #""value": "20""#))
        store.apply(changedPaths: [roots.full("sums/tokens.json")])
        #expect(try font()?["size"] == 30)
    }
}
