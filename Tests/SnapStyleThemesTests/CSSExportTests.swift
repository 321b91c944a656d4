import Foundation
import SnapStyleEngine
import SnapStyleJSON
@testable import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing
@testable import SnapStyleExport

/// The CSS export of imported tokens: what a web app can use as it is (token-files section 4).
@Suite struct CSSExportTests {
    static let tokens = ##"""
        {
          "semantic": {"lineheight": {"default": {"$type": "number", "$value": 1.4}}},
          "opacity": {"$type": "number", "$value": 0.1},
          "space": {"$type": "dimension", "small": {"$value": {"value": 4, "unit": "px"}},
                    "wide": {"$value": {"value": 1.5, "unit": "rem"}}, "tap": {"$value": {"value": 48, "unit": "dp"}}},
          "family": {"$type": "fontFamily",
                     "stack": {"$value": "\"KfW Centro Sans\", Arial, sans-serif"},
                     "list": {"$value": ["Segoe UI", "-apple-system", "BlinkMacSystemFont", "sans-serif"]}},
          "weight": {"$type": "fontWeight", "bold": {"$value": "bold"}, "light": {"$value": 300}},
          "motion": {"fast": {"$type": "duration", "$value": {"value": 100, "unit": "ms"}},
                     "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]},
                     "fade": {"$type": "transition", "$value": {"duration": "{motion.fast}", "delay": {"value": 0, "unit": "ms"},
                                                              "timingFunction": "{motion.ease}"}}},
          "shadow": {"$type": "shadow",
                     "card": {"$value": {"color": "#00000033", "offsetX": {"value": 0, "unit": "px"},
                              "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 8, "unit": "px"},
                              "spread": {"value": 0, "unit": "px"}}},
                     "stack": {"$value": [
                        {"color": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5}, "offsetX": {"value": 0, "unit": "px"},
                         "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}},
                        {"color": "#FF0000", "offsetX": {"value": 1, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"},
                         "blur": {"value": 0, "unit": "px"}, "spread": {"value": 1, "unit": "px"}, "inset": true}]}},
          "border": {"focus": {"$type": "border", "$value": {"color": "#0066CC", "width": {"value": 2, "unit": "px"},
                                                          "style": "solid"}},
                     "dashed": {"$type": "border", "$value": {"color": "#0066CC", "width": {"value": 1, "unit": "px"},
                                "style": {"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}}}},
          "label": {"$type": "string", "$value": "Hello; world"},
          "text": {"$type": "typography",
                   "body": {"$value": {"fontFamily": "{family.stack}", "fontSize": {"value": 16, "unit": "px"},
                            "fontWeight": 400, "lineHeight": 1.5, "letterSpacing": {"value": 0, "unit": "px"}}},
                   "small": {"$value": {"fontFamily": ["Inter"], "fontSize": {"value": 0.875, "unit": "em"},
                             "fontWeight": "bold", "lineHeight": 1.2, "letterSpacing": {"value": 0.01, "unit": "em"}}}}
        }
        """##

    static func css(inherited: Bool = false) async throws -> String {
        let roots = TemporaryDirectory()
        roots.write("kit/kit.tokens.json", tokens)
        roots.write("kit/extra.json", #"{"number": {"gutter": 12}}"#)
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let all = try #require(try methods.handle("keys", .object(["theme": "kit"])))
        let keys = ThemeExport.exportedKeys(all, inherited: inherited)
        let theme = try await ThemeExport.resolve(keys: keys, params: ["theme": "kit"], context: [:]) {
            try #require(try methods.answer($0, .object($1)))
        }
        return ThemeExport.css([theme])
    }

    @Test func everyImportedValueIsWrittenAsCSSTakesIt() async throws {
        let css = try await Self.css()
        for line in [
            "--semantic-lineheight-default: 1.4;", "--opacity: 0.1;",
            "--space-small: 4px;", "--space-wide: 1.5rem;", "--space-tap: 48px;",
            #"--family-stack: "KfW Centro Sans", Arial, sans-serif;"#,
            #"--family-list: "Segoe UI", -apple-system, BlinkMacSystemFont, sans-serif;"#,
            "--weight-bold: 700;", "--weight-light: 300;",
            "--motion-fast: 100ms;", "--motion-ease: cubic-bezier(0.4, 0, 0.2, 1);",
            "--motion-fade: 100ms cubic-bezier(0.4, 0, 0.2, 1) 0ms;",
            "--shadow-card: 0px 2px 8px 0px #00000033;",
            "--shadow-stack: 0px 1px 2px 0px #00000080, inset 1px 1px 0px 1px #ff0000;",
            "--border-focus: 2px solid #0066cc;",
            #"--text-body-font-family: "KfW Centro Sans", Arial, sans-serif;"#,
            "--text-body-font-size: 16px;", "--text-body-line-height: 1.5;",
            #"--text-body: 400 16px/1.5 "KfW Centro Sans", Arial, sans-serif;"#,
            "--text-small-font-family: Inter;", "--text-small-font-size: 0.875em;", "--text-small-font-weight: 700;",
            "--text-small-letter-spacing: 0.01em;", "--text-small: 700 0.875em/1.2 Inter;",
        ] {
            #expect(css.contains("  " + line + "\n"), "missing \(line)\n\(css)")
        }
        // A dash pattern is `dashed` in CSS, as Terrazzo writes it; a `string` token has no CSS value: left out and
        // counted.
        #expect(css.contains("  --border-dashed: 1px dashed #0066cc;\n"))
        #expect(!css.contains("--label"))
        #expect(css.hasPrefix("/* 1 imported value CSS cannot express left out */\n:root {\n"))
        // No value is quoted whole, and no number carries a unit it did not have.
        #expect(!css.contains("\"\""))
        #expect(!css.contains("1.4px") && !css.contains("0.1px"))
    }

    @Test func anImportedThemesExportHasItsOwnKeysUnlessInheritedAsksForMore() async throws {
        let own = try await Self.css()
        #expect(own.contains("  --space-small: 4px;\n") && own.contains("  --number-gutter: 12px;\n"))
        #expect(!own.contains("--surface-accent:") && !own.contains("--font-title"))
        let all = try await Self.css(inherited: true)
        #expect(
            all.contains("  --space-small: 4px;\n") && all.contains("--surface-accent:") && all.contains("--font-title")
        )
    }

    @Test(arguments: [
        ("Arial", "Arial"), ("Times New Roman", "\"Times New Roman\""), ("sans-serif", "sans-serif"),
        ("-apple-system", "-apple-system"), ("3Dumb", "\"3Dumb\""), ("Say \"Hi\"", "\"Say \\\"Hi\\\"\""),
    ])
    func familyNamesAreQuotedWhenCSSNeedsIt(name: String, css: String) {
        #expect(ThemeExport.families(.string(name.contains("\"") ? "'\(name)'" : name)) == css)
    }
}
