import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleThemes
import Testing

/// token-files.md section 1, "What a file is, by its content", and docs/dtcg.md, "Files are known by what they hold":
/// a `*.json` file of a theme is native, a DTCG resolver, Tokens Studio metadata or a token file by what it holds
/// (a token file in either syntax, token by token); a file that is none of these is an error naming the four.
@Suite struct FileKindsTests {
    typealias Role = ThemeDiscovery.FileRole

    /// Given a file's path and text, want what it is.
    @Test(arguments: [
        ("colors.json", #"{"resolutionOrder": []}"#, Role.resolver),
        ("colors.json", #"{"resolutionOrder": [], "x": {"$type": "number", "$value": 1}}"#, .resolver),
        ("tokens.json", #"{"c": {"$type": "number", "$value": 1}}"#, .tokens),
        ("tokens.json", #"{"a": {"b": {"c": {"d": {"$value": 1}}}}}"#, .tokens),
        ("tokens.json", ##"{"$description": "kit", "a": {"$type": "color", "b": {"$value": "#fff"}}}"##, .tokens),
        ("global.json", ##"{"a": {"value": "#ffffff", "type": "color"}}"##, .tokens),
        ("core/sizes.json", #"{"size": {"sm": {"value": "4", "type": "spacing"}}}"#, .tokens),
        ("native.json", #"{"surface": {}}"#, .native),
        ("manifest.json", #"{"theme": {"extends": "snap"}}"#, .native),
        ("both.json", #"{"number": {}, "font": {}}"#, .native),
        ("$themes.json", "[]", .metadata),
        ("$metadata.json", #"{"tokenSetOrder": []}"#, .metadata),
        ("kit/$themes.json", #"[{"name": "a", "selectedTokenSets": {}}]"#, .metadata),
        ("x.tokens.json", "{}", .tokens),
        ("x.resolver.json", #"{"resolutionOrder": []}"#, .resolver),
    ])
    func aFileIsWhatItHolds(path: String, text: String, role: Role) throws {
        let file = ThemeFile.parse(path: path, text: text, themeName: "kit")
        #expect(file.role == role)
        #expect(file.errors == [])
    }

    /// Given a file that is none of the four kinds, want one error that names them.
    @Test(arguments: [
        #"{"colours": {"a": 1}}"#, #"{"a": {"value": 1}}"#, #"{"a": {"b": {"type": "color"}}}"#,
    ])
    func aFileOfNoKindIsAnErrorNamingTheFour(text: String) throws {
        let file = ThemeFile.parse(path: "odd.json", text: text, themeName: "kit")
        #expect(file.errors.count == 1)
        let error = try #require(file.errors.first)
        #expect(error.file == "odd.json")
        for kind in ["native", "DTCG tokens", "resolver", "Tokens Studio"] {
            #expect(error.message.contains(kind), "\(error.message)")
        }
    }

    /// A native file with a misspelled section is native: the misspelling is the native parser's error, with its
    /// suggestion.
    @Test func aMisspelledSectionBesideANativeOneIsTheNativeParsersError() throws {
        let file = ThemeFile.parse(path: "native.json", text: #"{"surface": {}, "numbr": {}}"#, themeName: "kit")
        #expect(file.role == .native)
        #expect(file.errors.count == 1)
        #expect(file.errors.first.map { $0.message.contains("numbr") && $0.message.contains("number") } == true)
    }

    /// A token file is read token by token: `$value` tokens and legacy `value`/`type` tokens in one file.
    @Test func aFileMixingBothSyntaxesIsReadTokenByToken() throws {
        let given = try Given([
            "tokens.json": #"""
            {"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
             "b": {"value": "#FF0000", "type": "color", "description": "red"},
             "c": {"value": "{b}", "type": "color"},
             "d": {"value": "{b.value}", "type": "color"},
             "e": {"$type": "color", "$value": "{b}"}}
            """#
        ])
        #expect(given.errors == [])
        #expect(try given.hex("a") == "#0066CCFF")
        for key in ["b", "c", "d", "e"] { #expect(try given.hex(key) == "#FF0000FF", "\(key)") }
        #expect(given.token("b")?.description == "red")
    }

    /// A file a resolver names is a token file, whatever its name.
    @Test func aFileTheResolverNamesIsATokenFileWhateverItsName() throws {
        let given = try Given(
            Given.Files(
                [
                    "kit.resolver.json": #"""
                    {"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "kit/colors.json"}]}]}
                    """#,
                    "kit/colors.json": #"{"x": {"$type": "number", "$value": 5}}"#,
                ], resolver: "kit.resolver.json"))
        #expect(given.errors == [])
        #expect(try given.number("x") == 5)
    }

    @Test func editingALegacyTokenCompilesAsFromScratch() throws {
        let before = Given.Files([
            "tokens.json": ##"{"b": {"value": "#FF0000", "type": "color"}, "c": {"value": "{b}", "type": "color"}}"##
        ])
        try Given.expectIncrementalEqualsFresh(
            before,
            before.with(
                "tokens.json",
                ##"{"b": {"$value": "#00FF00", "$type": "color"}, "c": {"value": "{b}", "type": "color"}}"##))
        try Given.expectIncrementalEqualsFresh(
            before,
            before.with(
                "tokens.json",
                ##"{"b": {"value": "#00FF00", "type": "color"}, "c": {"value": "{b}", "type": "color"}}"##))
    }
}
