import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// docs/dtcg.md section 2, "Aliases": `{a.b}` and JSON Pointer `$ref`s, chains, aliases inside composites, resolution
/// from the top layer, and the errors of aliases (a missing target, another type, a cycle).
@Suite struct AliasTests {
    static let palette = #"""
        "color": {"$type": "color",
          "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
          "green": {"$value": {"colorSpace": "hsl", "components": [120, 100, 25]}},
          "accent": {"$root": {"$value": "{color.blue}"}}},
        "space": {"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}},
        "mid": {"$type": "color", "$value": "{color.blue}"}
        """#

    static func given(_ token: String) throws -> Given {
        try Given(["tokens.json": "{\(palette),\n \"x\": \(token)}"])
    }

    /// Given `x` in one of the supported forms, want the color it names.
    @Test(arguments: [
        #"{"$type": "color", "$value": "{color.blue}"}"#,
        #"{"$type": "color", "$value": "{mid}"}"#,
        #"{"$type": "color", "$value": "{color.accent}"}"#,
        #"{"$type": "color", "$value": "{color.accent.$root}"}"#,
        ##"{"$type": "color", "$value": {"$ref": "#/color/blue"}}"##,
        ##"{"$type": "color", "$value": {"$ref": "#/color/blue/$value"}}"##,
        ##"{"$type": "color", "$ref": "#/color/blue/$value"}"##,
        ##"{"$type": "color", "$value": {"$ref": "#/mid"}}"##,
    ])
    func anAliasIsItsTargetsValue(token: String) throws {
        let given = try Self.given(token)
        #expect(given.errors == [])
        #expect(try given.hex("x") == "#0066CCFF")
    }

    @Test func aTypelessAliasTakesItsTargetsType() throws {
        let given = try Self.given(#"{"$value": "{space.sm}"}"#)
        #expect(given.errors == [])
        #expect(given.attribute("x") == .number)
        #expect(try given.number("x") == 4)
    }

    /// A pointer into a sub-value reads the value in DTCG form: a color's sRGB components.
    @Test(arguments: [
        ("#/color/blue/$value/components/1", 0.4), ("#/color/blue/$value/components/2", 0.8),
        ("#/color/green/$value/components/1", 0.5), ("#/space/sm/$value/value", 4),
    ])
    func aPointerIntoASubValue(pointer: String, want: Double) throws {
        let given = try Self.given(#"{"$type": "number", "$value": {"$ref": "\#(pointer)"}}"#)
        #expect(given.errors == [])
        let got = try #require(try given.number("x")?.doubleValue)
        #expect(abs(got - want) < 1e-9)
    }

    /// An alias inside a composite is replaced by its target's value in DTCG form.
    @Test func anAliasInsideACompositeIsItsTargetsValue() throws {
        let given = try Self.given(
            #"{"$type": "shadow", "$value": {"color": "{color.blue}", "offsetX": {"value": 0, "unit": "px"}, "#
                + #""offsetY": "{space.sm}", "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}"#
        )
        #expect(given.errors == [])
        let shadow = try #require(try given.value(.token, "x")?["value"])
        #expect(shadow["color"]?["colorSpace"] == "srgb")
        #expect(shadow["color"]?["components"] == [0, 0.4, 0.8])
        #expect(shadow["offsetY"] == .object(["value": 4, "unit": "px"]))
        #expect(shadow["blur"] == .object(["value": 8, "unit": "px"]))
    }

    /// An alias resolves from the top layer: a layer above that redefines the target changes every alias of it.
    @Test func anAliasResolvesFromTheTopLayer() throws {
        let base = try Self.given(#"{"$type": "color", "$value": "{color.blue}"}"#)
        let top = try Given([
            "top.json":
                #"{"color": {"blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"#
        ])
        let theme = StyleTheme(
            ThemeSnapshot(name: "given", generation: 1, layers: [base.compilation.layer, top.compilation.layer]))
        for key in ["x", "mid", "color.accent", "color.blue"] {
            #expect(try theme.session().resolve(.surface, key)?.json["hex"] == "#FF0000FF", "\(key)")
        }
    }

    // MARK: Errors

    @Test func anAliasToNoTokenIsAnErrorWithASuggestion() throws {
        let given = try Self.given(#"{"$type": "color", "$value": "{color.bleu}"}"#)
        #expect(given.errors.count == 1, "\(given.errors)")
        #expect(given.errors.first?.hasPrefix("tokens.json:7:") == true)
        #expect(given.errors.first?.contains("{color.bleu}") == true)
        #expect(given.errors.first?.contains("{color.blue}") == true, "no suggestion: \(given.errors)")
        #expect(given.attribute("x") == nil)
        #expect(try given.hex("mid") == "#0066CCFF")
    }

    @Test func aRefToNoTokenIsAnError() throws {
        let given = try Self.given(##"{"$type": "color", "$value": {"$ref": "#/color/bleu"}}"##)
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.hasPrefix("tokens.json:7:") == true, "\(given.errors)")
        #expect(given.attribute("x") == nil)
    }

    @Test func anAliasToAnotherTypeIsAnError() throws {
        let given = try Self.given(#"{"$type": "dimension", "$value": "{color.blue}"}"#)
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.hasPrefix("tokens.json:7:") == true, "\(given.errors)")
        #expect(given.attribute("x") == nil)
        #expect(try given.hex("color.blue") == "#0066CCFF")
    }

    /// A cycle is one error naming every token on it; the rest loads.
    @Test(arguments: [1, 2, 3, 5])
    func aCycleIsOneErrorNamingEveryToken(length: Int) throws {
        var tokens = (0..<length).map { #""c\#($0)": {"$type": "number", "$value": "{c\#(($0 + 1) % length)}"}"# }
        tokens.append(#""ok": {"$type": "number", "$value": 7}"#)
        let given = try Given(["tokens.json": "{" + tokens.joined(separator: ",\n") + "}"])
        #expect(given.errors.count == 1, "\(given.errors)")
        for index in 0..<length { #expect(given.errors.first?.contains("c\(index)") == true, "\(given.errors)") }
        #expect(try given.number("ok") == 7)
        for index in 0..<length { #expect(given.attribute("c\(index)") == nil) }
    }

    @Test func aLongCycleNamesItsFirstTenTokensAndTheCount() throws {
        let tokens = (0..<30).map { #""t\#($0)": {"$type": "number", "$value": "{t\#(($0 + 1) % 30)}"}"# }
        let given = try Given(["tokens.json": "{" + tokens.joined(separator: ",\n") + "}"])
        #expect(given.errors.count == 1)
        let message = try #require(given.errors.first)
        let words = message.split { !$0.isLetter && !$0.isNumber }
        let named = Set(words.filter { $0.first == "t" && $0.count > 1 && $0.dropFirst().allSatisfy(\.isNumber) })
        #expect(named.count == 10, "\(message)")
        #expect(message.contains("30"), "\(message)")
    }

    /// A chain deeper than the reference limit loads with a warning; resolving it answers `referenceDepth`.
    @Test func aChainPastTheReferenceLimitLoadsAndAnswersReferenceDepth() throws {
        let count = 200
        var tokens = [#""t0": {"$type": "number", "$value": 1}"#]
        for index in 1..<count { tokens.append(#""t\#(index)": {"$type": "number", "$value": "{t\#(index - 1)}"}"#) }
        let given = try Given(["tokens.json": "{" + tokens.joined(separator: ",\n") + "}"])
        #expect(given.errors == [])
        #expect(given.warnings.contains { $0.hasPrefix("tokens.json:\(count):") && $0.contains("t\(count - 1)") })
        #expect(try given.number("t50") == 1)
        #expect {
            _ = try given.number("t\(count - 1)")
        } throws: { error in
            guard case StyleError.limitExceeded(let limit, _, _) = error else { return false }
            return limit == "referenceDepth"
        }
    }

    @Test func aChainOfTenThousandAliasesIsRead() throws {
        var tokens = [#""t0": {"$type": "number", "$value": 1}"#]
        for index in 1..<10_000 { tokens.append(#""t\#(index)": {"$type": "number", "$value": "{t\#(index - 1)}"}"#) }
        let given = try Given(["tokens.json": "{" + tokens.joined(separator: ",\n") + "}"])
        #expect(given.errors == [])
        #expect(given.compilation.tokenCount == 10_000)
        #expect(try given.number("t100") == 1)
    }

    // MARK: Incremental

    @Test func editingATargetOrAnAliasCompilesAsFromScratch() throws {
        let before = Given.Files([
            "tokens.json": "{\(Self.palette),\n \"x\": {\"$type\": \"color\", \"$value\": \"{mid}\"}}"
        ])
        let text = before.texts["tokens.json"]!
        for (old, new) in [
            ("[0, 0.4, 0.8]", "[1, 0, 0]"), (#""{mid}""#, #""{color.green}""#), (#""{mid}""#, #""{color.bleu}""#),
            (#""{color.blue}"}}}"#, #""{x}"}}}"#),
            // mid and the accent both name x, which names mid: a cycle closed through a key the edit left alone.
            (#""{color.blue}"}"#, #""{x}"}"#),
        ] {
            try Given.expectIncrementalEqualsFresh(before, before.with("tokens.json", text.replacing(old, with: new)))
        }
    }
}
