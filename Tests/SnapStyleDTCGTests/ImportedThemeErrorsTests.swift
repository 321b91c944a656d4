import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// docs/dtcg.md, "Errors": a token in error is left out with the tokens that read it; the
/// rest compiles; an error met once per mode is one message naming the modes.
@Suite struct ImportedThemeErrorsTests {
    static let themes = #"""
        [{"name": "small", "group": "Size", "selectedTokenSets": {"global": "enabled", "small": "source"}},
         {"name": "large", "group": "Size", "selectedTokenSets": {"global": "enabled", "large": "source"}},
         {"name": "plain", "group": "Look", "selectedTokenSets": {"look": "enabled"}}]
        """#

    static let files = [
        "$themes.json": themes,
        "global.json": #"""
        {"space": {"unit": {"$type": "dimension", "$value": "{base} * 2"},
                   "typo": {"$type": "dimension", "$value": "{bsae} * 3"},
                   "wide": {"$type": "dimension", "$value": "{space.typo} * 2"},
                   "wider": {"$type": "dimension", "$value": "{space.wide}"}},
         "color": {"ok": {"$type": "color", "$value": "#112233"}}}
        """#,
        "small.json": #"{"base": {"$type": "dimension", "$value": "4"}}"#,
        "large.json": #"{"base": {"$type": "dimension", "$value": "6"}}"#,
        "look.json": "{}",
    ]

    @Test func aTokenInErrorAndItsReadersAreLeftOutAndTheRestServes() throws {
        let given = try Given(Self.files)
        #expect(try given.number("space.unit", ["Size": "small"]) == 8)
        #expect(try given.number("space.unit", ["Size": "large"]) == 12)
        #expect(try given.value(.surface, "color.ok")?["hex"] == "#112233FF")
        for key in ["space.typo", "space.wide", "space.wider"] { #expect(!given.isDefined(.number, key), "\(key)") }
        #expect(
            given.errors == [
                "global.json:2:12: space.typo: alias {bsae} names no token (did you mean {base}?) "
                    + "(in Size: small, large)",
                "global.json:3:12: space.wide: reads {space.typo}, which is in error: left out",
                "global.json:4:12: space.wider: reads {space.wide}, which is in error: left out",
            ])
    }

    /// The same in a strict DTCG file: each reader of a token in error is named at its own place.
    @Test func aStrictFilesReadersOfATokenInErrorAreNamed() throws {
        let given = try Given([
            "tokens.json": #"{"bad": {"$type": "number", "$value": "abc"},"# + "\n"
                + #" "reader": {"$type": "number", "$value": "{bad}"},"# + "\n"
                + #" "ok": {"$type": "number", "$value": 2}}"#
        ])
        #expect(try given.number("ok") == 2)
        #expect(!given.isDefined(.number, "bad") && !given.isDefined(.number, "reader"))
        #expect(given.errors.count == 2, "\(given.errors)")
        #expect(given.errors.first?.hasPrefix("tokens.json:1:") == true, "\(given.errors)")
        #expect(
            given.errors.last?.hasPrefix("tokens.json:2:") == true
                && given.errors.last?.hasSuffix("reader: reads {bad}, which is in error: left out") == true,
            "\(given.errors)")
    }

    /// Causes come first, whatever the order of the files: a theme's answers carry only the first 20 errors.
    @Test func theCauseIsReportedBeforeTheTokensLeftOutWithIt() throws {
        let given = try Given([
            "a.json": #"{"reader": {"$type": "number", "$value": "{bad}"}}"#,
            "b.json": #"{"bad": {"$type": "number", "$value": "abc"}}"#,
        ])
        #expect(given.errors.count == 2, "\(given.errors)")
        #expect(given.errors.first?.hasPrefix("b.json:1:") == true, "\(given.errors)")
        #expect(given.errors.last?.hasPrefix("a.json:1:") == true, "\(given.errors)")
    }

    @Test func fixingTheTokenBringsItsReadersBack() throws {
        var files = Self.files
        var memo = TokenMemo()
        _ = try Given.compile(files, memo: &memo)
        files["global.json"] = files["global.json"]!.replacing("{bsae}", with: "{base}")
        let fixed = try Given.compile(files, memo: &memo)
        #expect(fixed.errors == [])
        for key in ["space.typo", "space.wide", "space.wider"] {
            #expect(fixed.layer.tokens.tokens[.key(.number, key)] != nil, "\(key)")
            #expect(fixed.recompiled.map { $0.contains(key) } ?? true, "\(key)")
        }
    }
}
