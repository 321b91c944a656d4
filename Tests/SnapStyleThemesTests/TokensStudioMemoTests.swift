import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// A Tokens Studio project recompiled after an edit equals a compile from scratch: modifiers whose amount or color
/// reads a token, math inside a composite, a source set.
@Suite struct TokensStudioMemoTests {
    static let themes = ##"""
        [{"name": "Light", "selectedTokenSets": {"palette": "source", "core": "enabled", "light": "enabled"}},
         {"name": "Dark", "selectedTokenSets": {"palette": "source", "core": "enabled", "dark": "enabled"}}]
        """##
    static let palette = ##"""
        {"blue": {"value": "#0066cc", "type": "color"}, "white": {"value": "#ffffff", "type": "color"}}
        """##
    static let core = ##"""
        {"step": {"value": "0.2", "type": "number"},
         "size": {"value": "16", "type": "fontSizes"},
         "text": {"value": {"fontFamily": "Inter", "fontWeight": "Bold Italic", "fontSize": "{size} * 1.5",
                            "lineHeight": "150%", "letterSpacing": "0"}, "type": "typography"},
         "tint": {"value": "#C14242", "type": "color",
                  "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "{step}", "space": "hsl"}}}}}
        """##
    static let light = ##"""
        {"accent": {"value": "{blue}", "type": "color",
                    "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": "{step} * 2", "space": "lch",
                                                                 "color": "{white}"}}}}}
        """##
    static let dark = ##"""
        {"accent": {"value": "{white}", "type": "color",
                    "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "0.3", "space": "p3"}}}}}
        """##

    static func input(_ files: [String: String]) throws -> DTCGInput {
        var input = DTCGInput(resolver: nil, documents: try files.mapValues { try Jansson.parseLocated($0) })
        input.studioThemes = ("$themes.json", try Jansson.parseLocated(themes))
        return input
    }

    static let edits: [(name: String, file: String, text: String)] = [
        ("the amount", "core.json", core.replacingOccurrences(of: #""value": "0.2""#, with: #""value": "0.35""#)),
        ("the mixed color", "palette.json", palette.replacingOccurrences(of: "#ffffff", with: "#ffeedd")),
        ("the base color", "palette.json", palette.replacingOccurrences(of: "#0066cc", with: "#336699")),
        ("a size math reads", "core.json", core.replacingOccurrences(of: #""value": "16""#, with: #""value": "18""#)),
        ("a modifier", "dark.json", dark.replacingOccurrences(of: #""darken""#, with: #""lighten""#)),
    ]

    @Test(arguments: edits.indices)
    func anEditEqualsAFreshCompile(_ index: Int) throws {
        let edit = Self.edits[index]
        var files = [
            "palette.json": Self.palette, "core.json": Self.core, "light.json": Self.light, "dark.json": Self.dark,
        ]
        var memo = TokenMemo()
        let first = TokenCompiler.compile(try Self.input(files), themeName: "studio", memo: &memo)
        #expect(first.errors == [], "\(first.errors)")
        files[edit.file] = edit.text
        let again = TokenCompiler.compile(try Self.input(files), themeName: "studio", memo: &memo)
        let fresh = TokenCompiler.compile(try Self.input(files), themeName: "studio")
        TokenMemoTests.expectSame(again, fresh, "\(edit.name)")
        #expect(Attribute.allCases.contains { again.layer[$0] != first.layer[$0] }, "\(edit.name) changes the layer")
    }

    /// The project's plans are the memo's while `$themes.json` is the same parse, and worked out again once it
    /// changes: each recompile equals a compile from scratch.
    @Test func thePlansFollowTheThemesFile() throws {
        let files = [
            "palette.json": Self.palette, "core.json": Self.core, "light.json": Self.light, "dark.json": Self.dark,
        ]
        var input = DTCGInput(resolver: nil, documents: try files.mapValues { try Jansson.parseLocated($0) })
        input.studioThemes = ("$themes.json", try Jansson.parseLocated(Self.themes))
        var memo = TokenMemo()
        let first = TokenCompiler.compile(input, themeName: "studio", memo: &memo)
        #expect(first.errors == [], "\(first.errors)")
        // A set edited, the same `$themes.json`.
        input.documents["dark.json"] = try Jansson.parseLocated(Self.edits[4].text)
        let edited = TokenCompiler.compile(input, themeName: "studio", memo: &memo)
        TokenMemoTests.expectSame(edited, TokenCompiler.compile(input, themeName: "studio"), "a set edited")
        // `$themes.json` edited: Dark applies the light set instead of its own.
        let themes = Self.themes.replacingOccurrences(of: #""dark": "enabled""#, with: #""light": "enabled""#)
        input.studioThemes = ("$themes.json", try Jansson.parseLocated(themes))
        let rethemed = TokenCompiler.compile(input, themeName: "studio", memo: &memo)
        TokenMemoTests.expectSame(rethemed, TokenCompiler.compile(input, themeName: "studio"), "$themes.json edited")
        #expect(
            Attribute.allCases.contains { rethemed.layer[$0] != edited.layer[$0] }
                || rethemed.layer.tokens != edited.layer.tokens)
    }
}
