import Foundation
import SnapStyleEngine
import SnapStyleJSON
@testable import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing
@testable import SnapStyleExport

/// The CSS export's gaps for token files as teams ship them (token-files section 4): types DTCG does not define,
/// border members, a font's style and a letter spacing that stays relative. Expectations are what Tokens Studio's
/// transforms and Terrazzo's CSS plugin write for the same tokens.
@Suite struct CSSExportStudioTests {
    /// A Tokens Studio file in the legacy syntax.
    static let studio = ##"""
        {
          "font": {
            "inter": {"type": "fontFamilies", "value": "Inter, sans-serif"},
            "regular": {"type": "fontWeights", "value": "Regular"},
            "size": {"type": "fontSizes", "value": "16"}
          },
          "tracking": {"tight": {"type": "letterSpacing", "value": "-5%"}, "wide": {"type": "letterSpacing", "value": "1.5em"}},
          "heading": {"type": "typography", "value": {"fontFamily": "{font.inter}", "fontWeight": "Bold Italic",
                      "fontSize": "{font.size}", "lineHeight": "150%", "letterSpacing": "{tracking.tight}"}},
          "quote": {"type": "typography", "value": {"fontFamily": "{font.inter}", "fontWeight": "Italic",
                    "fontSize": "20", "lineHeight": "1.2", "letterSpacing": "-1%"}},
          "body": {"type": "typography", "value": {"fontFamily": "{font.inter}", "fontWeight": "{font.regular}",
                   "fontSize": "{font.size}", "lineHeight": "1.5", "letterSpacing": "0"}},
          "case": {"upper": {"type": "textCase", "value": "uppercase"}},
          "decoration": {"type": "textDecoration", "value": "line-through"},
          "logo": {"type": "asset", "value": "https://example.com/logo.svg"},
          "broken": {"type": "other", "value": "a; b"},
          "unbalanced": {"type": "asset", "value": "url(a.svg"},
          "focus": {"type": "border", "value": {"color": "#0066CC", "width": "2", "style": "dashed"}},
          "nudge": {"type": "other", "value": "-3px"},
          "stack": {"type": "other", "value": "\"KfW Centro Sans\", Arial, sans-serif"},
          "leading": {"type": "lineHeights", "value": "AUTO"},
          "slanted": {"type": "fontWeights", "value": "Regular italic"}
        }
        """##

    /// A DTCG file with Spectrum's `string` type and a font whose letter spacing is in `em`.
    static let dtcg = ##"""
        {
          "label": {"$type": "string", "$value": "uppercase"},
          "offset": {"$type": "string", "$value": "-3px"},
          "stack": {"$type": "string", "$value": "\"Helvetica Neue\", Arial, sans-serif"},
          "outline": {"$type": "border", "$value": {"color": "#00000080", "width": {"value": 1, "unit": "px"}, "style": "solid"}},
          "text": {"$type": "typography", "$value": {"fontFamily": ["Inter"], "fontSize": {"value": 14, "unit": "px"},
                   "fontWeight": 400, "lineHeight": 1.4, "letterSpacing": {"value": -0.01, "unit": "em"}}}
        }
        """##

    static func css(_ file: String, _ text: String) async throws -> String {
        let roots = TemporaryDirectory()
        roots.write("kit/" + file, text)
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let keys = ThemeExport.exportedKeys(
            try #require(try methods.handle("keys", .object(["theme": "kit"]))), inherited: false)
        let theme = try await ThemeExport.resolve(keys: keys, params: ["theme": "kit"], context: [:]) {
            try #require(try methods.answer($0, .object($1)))
        }
        return ThemeExport.css([theme])
    }

    @Test func tokensStudioValuesAreWrittenAsItsTransformsWriteThem() async throws {
        let css = try await Self.css("tokens.json", Self.studio)
        for line in [
            // sd-transforms: a percentage letter spacing is em, and an em spacing stays em.
            "--tracking-tight: -0.05em;", "--tracking-wide: 1.5em;",
            // A weight name with a style: weight and style, and the style in the shorthand.
            "--heading-font-weight: 700;", "--heading-font-style: italic;", "--heading-letter-spacing: -0.05em;",
            "--heading: italic 700 16px/1.5 Inter, sans-serif;",
            "--quote-font-weight: 400;", "--quote-font-style: italic;", "--quote-letter-spacing: -0.01em;",
            "--quote: italic 400 20px/1.2 Inter, sans-serif;",
            "--body: 400 16px/1.5 Inter, sans-serif;",
            // Types DTCG does not define, as their text.
            "--case-upper: uppercase;", "--decoration: line-through;",
            "--logo: https://example.com/logo.svg;",
            // A border and its members.
            "--focus: 2px dashed #0066cc;", "--focus-width: 2px;", "--focus-style: dashed;", "--focus-color: #0066cc;",
            // Tokens Studio's `other` as its text, `AUTO` as CSS's `normal`, and a weight with a style in parts.
            "--nudge: -3px;", #"--stack: "KfW Centro Sans", Arial, sans-serif;"#, "--leading: normal;",
            "--slanted: 400;", "--slanted-weight: 400;", "--slanted-style: italic;",
        ] {
            #expect(css.contains("  " + line + "\n"), "missing \(line)\n\(css)")
        }
        #expect(!css.contains("--body-font-style"), "a normal style is not written")
        #expect(!css.contains("--broken") && !css.contains("--unbalanced"))
        #expect(css.hasPrefix("/* 2 imported values CSS cannot express left out */\n"), "\(css)")
        // Never multiplied out by one font size.
        #expect(!css.contains("-0.8px") && !css.contains("-0.2px"))
    }

    @Test func dtcgStringsBordersAndEmSpacingAreWritten() async throws {
        let css = try await Self.css("kit.tokens.json", Self.dtcg)
        for line in [
            "--label: uppercase;", "--offset: -3px;", #"--stack: "Helvetica Neue", Arial, sans-serif;"#,
            "--outline: 1px solid #00000080;",
            "--outline-width: 1px;",
            "--outline-style: solid;", "--outline-color: #00000080;", "--text-letter-spacing: -0.01em;",
            "--text: 400 14px/1.4 Inter;",
        ] {
            #expect(css.contains("  " + line + "\n"), "missing \(line)\n\(css)")
        }
        #expect(!css.contains("/*"), "nothing is left out\n\(css)")
    }

    @Test func theDTCGExportKeepsAnEmLetterSpacing() async throws {
        let roots = TemporaryDirectory()
        roots.write("kit/kit.tokens.json", Self.dtcg)
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let keys = ThemeExport.exportedKeys(
            try #require(try methods.handle("keys", .object(["theme": "kit"]))), inherited: false)
        let theme = try await ThemeExport.resolve(keys: keys, params: ["theme": "kit"], context: [:]) {
            try #require(try methods.answer($0, .object($1)))
        }
        let document = ThemeExport.dtcg(theme)
        #expect(document.contains(#""unit": "em""#) || document.contains(#""unit":"em""#), "\(document)")
    }

    @Test(
        arguments: [
            ("-3px", "-3px"), ("uppercase", "uppercase"), ("a; b", nil), ("calc(1px", nil), ("x /* y */", nil),
            ("'quoted'", "'quoted'"), ("\"open", nil), ("  padded  ", "padded"), ("", nil),
            ("url(a.svg)", "url(a.svg)"),
        ] as [(String, String?)])
    func textIsWrittenWhenItIsOneCSSValue(text: String, css: String?) {
        #expect(ThemeExport.plainText(.string(text)) == css)
    }
}
