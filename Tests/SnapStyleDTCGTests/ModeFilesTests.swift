import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// token-files.md section 2, case 3, and docs/dtcg.md, "Mode files, without a resolver": every token file is a set
/// applied in byte order of path, except the files named for a mode, which apply on top of the others in their mode
/// only, through a modifier mapped onto the context.
@Suite struct ModeFilesTests {
    static func color(_ hex: String) -> String { #"{"x": {"$type": "color", "$value": "\#(hex)"}}"# }

    /// The four modes of the built-in context: light, dark, light at high contrast, dark at high contrast.
    static let modes = [
        "{}", #"{"colorScheme": "dark"}"#, #"{"contrast": "high"}"#, #"{"colorScheme": "dark", "contrast": "high"}"#,
    ]

    /// Given `base.json` and one more file, want the modes in which the file's value applies.
    @Test(arguments: [
        ("tokens.dark.json", [false, true, false, true]),
        ("colors-dark.json", [false, true, false, true]),
        ("dark/colors.json", [false, true, false, true]),
        ("tokens.light.json", [true, false, true, false]),
        ("tokens.hc.json", [false, false, true, true]),
        ("tokens.high-contrast.json", [false, false, true, true]),
        ("tokens.contrast.json", [false, false, true, true]),
        ("high-contrast/colors.json", [false, false, true, true]),
        ("hc/colors.json", [false, false, true, true]),
        ("tokens.dark-hc.json", [false, false, false, true]),
        ("tokens.light-hc.json", [false, false, true, false]),
        // A mode word must be a whole part of the name: these are sets, applied in every mode.
        ("darker.json", [true, true, true, true]),
        ("highlight.json", [true, true, true, true]),
        ("spotlight.json", [true, true, true, true]),
        // Words of a file name are separated by dots and dashes only.
        ("tokens_dark.json", [true, true, true, true]),
        ("colors dark.json", [true, true, true, true]),
    ])
    func aFileNamedForAModeAppliesInThatModeOnly(path: String, applies: [Bool]) throws {
        let given = try Given(["base.json": Self.color("#111111"), path: Self.color("#222222")])
        #expect(given.errors == [])
        for (mode, applies) in zip(Self.modes, applies) {
            #expect(try given.hex("x", in: mode) == (applies ? "#222222FF" : "#111111FF"), "\(path) in \(mode)")
        }
    }

    /// Given a mode file, want the modifier the theme reports: its name and contexts, the default first.
    @Test(arguments: [
        ("tokens.dark.json", "colorScheme", ["light", "dark"]),
        ("tokens.hc.json", "contrast", ["standard", "high"]),
        ("tokens.dark-hc.json", "colorScheme-contrast", ["none", "light-hc", "dark-hc"]),
    ])
    func eachKindOfModeFileIsAModifier(path: String, name: String, contexts: [String]) throws {
        let given = try Given(["tokens.json": Self.color("#111111"), path: Self.color("#222222")])
        let modifier = try #require(given.modifier(name))
        #expect(modifier.contexts == contexts)
        #expect(modifier.fallback == contexts[0])
        #expect(given.compilation.layer.tokens.modifiers.count == 1)
    }

    @Test func withoutModeFilesThereIsNoModifier() throws {
        let given = try Given(["tokens.json": Self.color("#111111"), "more.json": Self.color("#222222")])
        #expect(given.compilation.layer.tokens.modifiers.isEmpty)
    }

    static let layered = [
        "tokens.json": #"""
        {"bg": {"$type": "color", "$value": "#FFFFFF"}, "fg": {"$type": "color", "$value": "#333333"},
         "line": {"$type": "color", "$value": "#CCCCCC"}, "link": {"$type": "color", "$value": "#0000FF"}}
        """#,
        "tokens.dark.json": #"""
        {"bg": {"$type": "color", "$value": "#000000"}, "fg": {"$type": "color", "$value": "#DDDDDD"}}
        """#,
        "tokens.hc.json": #"""
        {"fg": {"$type": "color", "$value": "#0A0A0A"}, "line": {"$type": "color", "$value": "#000000"}}
        """#,
        "tokens.dark-hc.json": ##"{"link": {"$type": "color", "$value": "#99CCFF"}}"##,
    ]

    /// Modes compose: the dark file still applies at high contrast, and the contrast files apply on top of it there.
    @Test(arguments: [
        ("{}", ["#FFFFFFFF", "#333333FF", "#CCCCCCFF", "#0000FFFF"]),
        (#"{"colorScheme": "dark"}"#, ["#000000FF", "#DDDDDDFF", "#CCCCCCFF", "#0000FFFF"]),
        (#"{"contrast": "high"}"#, ["#FFFFFFFF", "#0A0A0AFF", "#000000FF", "#0000FFFF"]),
        (#"{"colorScheme": "dark", "contrast": "high"}"#, ["#000000FF", "#0A0A0AFF", "#000000FF", "#99CCFFFF"]),
        // A request's vars still choose a context themselves.
        (#"{"vars": {"colorScheme": "dark"}}"#, ["#000000FF", "#DDDDDDFF", "#CCCCCCFF", "#0000FFFF"]),
        (
            #"{"colorScheme": "dark", "vars": {"colorScheme": "light"}}"#,
            ["#FFFFFFFF", "#333333FF", "#CCCCCCFF", "#0000FFFF"]
        ),
        (#"{"vars": {"colorScheme-contrast": "dark-hc"}}"#, ["#FFFFFFFF", "#333333FF", "#CCCCCCFF", "#99CCFFFF"]),
    ])
    func modeFilesCompose(context: String, want: [String]) throws {
        let given = try Given(Self.layered)
        #expect(given.errors == [])
        let got = try ["bg", "fg", "line", "link"].map { try given.hex($0, in: context) }
        #expect(got == want, "\(context)")
    }

    /// Files that are sets apply in byte order of their paths, the later winning.
    @Test(arguments: [
        (["B.json", "a.json"], "a.json"),
        (["a.json", "a/z.json"], "a/z.json"),
        (["z.json", "core/tokens.json"], "z.json"),
        (["tokens/b.json", "tokens/a.json"], "tokens/b.json"),
    ])
    func setsApplyInByteOrderOfPath(paths: [String], winner: String) throws {
        var files: [String: String] = [:]
        for path in paths { files[path] = #"{"n": {"$type": "number", "$value": \#(path == winner ? 2 : 1)}}"# }
        let given = try Given(files)
        #expect(try given.number("n") == 2)
    }

    @Test func editingAModeFileCompilesAsFromScratch() throws {
        let before = Given.Files(Self.layered)
        try Given.expectIncrementalEqualsFresh(
            before, before.with("tokens.dark.json", ##"{"bg": {"$type": "color", "$value": "#101010"}}"##))
        try Given.expectIncrementalEqualsFresh(before, before.with("tokens.light.json", Self.color("#ABCDEF")))
        var edited = before.with(
            "tokens.dark.json",
            ##"{"bg": {"$type": "color", "$value": "#101010"}, "fg": {"$type": "color", "$value": "#DDDDDD"}}"##)
        edited.texts["tokens.hc.json"] = nil
        try Given.expectIncrementalEqualsFresh(before, edited)
        let given = try Given(edited)
        #expect(try given.hex("bg", in: #"{"colorScheme": "dark"}"#) == "#101010FF")
        #expect(try given.hex("fg", in: #"{"colorScheme": "dark", "contrast": "high"}"#) == "#DDDDDDFF")
    }
}
