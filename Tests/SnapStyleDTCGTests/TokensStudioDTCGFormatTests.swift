import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// docs/dtcg.md, "Tokens Studio projects": the DTCG option of Tokens Studio (`$value`/`$type` with its
/// own types, math and loose values) read as the legacy syntax is.
@Suite struct TokensStudioDTCGFormatTests {
    /// The same tokens in both syntaxes: Tokens Studio's conversion only puts `$` before `value`, `type` and
    /// `description`.
    static func tokens(dollar: Bool) -> String {
        let (v, t) = dollar ? ("$value", "$type") : ("value", "type")
        return """
            {
              "size": {
                "unit": {"\(v)": "4", "\(t)": "dimension"},
                "base": {"\(v)": "16", "\(t)": "dimension"},
                "ratio": {"\(v)": "{size.unit}", "\(t)": "number"},
                "4": {"\(v)": "floor({size.unit} * 4.5)", "\(t)": "dimension"},
                "min": {"\(v)": "min({size.base} * 0.5, {size.unit} * 3)", "\(t)": "borderRadius"},
                "step": {"\(v)": "{size.unit} / {size.base} * 32", "\(t)": "number"}
              },
              "font-size": {"9": {"\(v)": "48", "\(t)": "fontSizes"}},
              "weight": {"body": {"\(v)": "Regular italic", "\(t)": "fontWeights"}},
              "line": {"tall": {"\(v)": "150%", "\(t)": "lineHeights"}},
              "blue": {"\(v)": "#0062BA", "\(t)": "color"},
              "veil": {"\(v)": "rgba({blue}, 50%)", "\(t)": "color"},
              "gap": {"\(v)": "4px", "\(t)": "number"},
              "heading": {"\(v)": {"fontSize": "{font-size.9}", "fontWeight": "{weight.body}",
                                   "lineHeight": "{line.tall}"}, "\(t)": "typography"},
              "emphasis": {"\(v)": {"fontWeight": "{weight.body}"}, "\(t)": "typography"}
            }
            """
    }

    @Test(arguments: [false, true])
    func bothSyntaxesResolveToTheSameValues(dollar: Bool) throws {
        let given = try Given([
            "tokens.json": Self.tokens(dollar: dollar), "$metadata.json": #"{"tokenSetOrder": ["tokens"]}"#,
        ])
        #expect(given.errors == [])
        #expect(try given.number("size.4") == 18)
        #expect(try given.number("size.min") == 8)
        #expect(try given.number("size.ratio") == 4)
        #expect(try given.number("size.step") == 8)
        #expect(try given.number("gap") == 4)
        #expect(try given.value(.surface, "veil")?["hex"] == "#0062BA80")
        let heading = try #require(try given.value(.font, "heading"))
        #expect(heading["size"] == 48 && heading["weightValue"] == 400 && heading["lineHeight"] == 1.5)
        // The style of the weight token it names (`Regular italic`), as Tokens Studio splits the name.
        #expect(heading["fontStyle"] == "italic", "\(heading)")
        #expect(given.warnings.filter { $0.contains("not a DTCG type") || $0.contains("hex string") } == [])
        // A weight with a style also gives its parts, as Tokens Studio's transforms split it.
        #expect(try given.value("weight.body.weight")?["value"] == 400)
        #expect(try given.value("weight.body.style")?["value"] == "italic")
        // A typography of one member has that member only.
        let emphasis = try #require(try given.value(.token, "emphasis"))
        #expect(emphasis["value"]?["fontWeight"] == 400, "\(emphasis)")
        #expect(emphasis["value"]?["fontSize"] == nil)
    }

    @Test func aFileWithATokensStudioTypeIsReadAsTokensStudioWithoutAProjectFile() throws {
        let given = try Given(["tokens.json": Self.tokens(dollar: true)])
        #expect(given.errors == [])
        #expect(try given.number("size.4") == 18)
    }

    @Test func aFileWithOnlyDTCGTypesKeepsDTCGsStrictRules() throws {
        let strict =
            #"{"a": {"$type": "dimension", "$value": "floor({b} * 2)"}, "b": {"$type": "number", "$value": 2}}"#
        let given = try Given(["tokens.json": strict])
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.contains("tokens.json:1:2: a:") == true)
        let marked =
            #"{"a": {"$type": "dimension", "$value": "floor({b} * 2)", "$extensions": {"studio.tokens": {}}},"#
            + #" "b": {"$type": "number", "$value": 2}}"#
        let loose = try Given(["tokens.json": marked])
        #expect(loose.errors == [])
        #expect(try loose.number("a") == 4)
    }

    @Test func aLengthOverALengthIsAPlainNumberAndANumberOverALengthIsAnError() throws {
        let given = try Given([
            "tokens.json": #"""
            {"a": {"$type": "dimension", "$value": "8px"}, "b": {"$type": "dimension", "$value": "2px"},
             "ratio": {"$type": "number", "$value": "{a} / {b}"},
             "bad": {"$type": "number", "$value": "2 / {b}"}}
            """#,
            "$metadata.json": "{}",
        ])
        #expect(try given.number("ratio") == 4)
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.contains("bad: a plain number divided by a length") == true)
    }
}
