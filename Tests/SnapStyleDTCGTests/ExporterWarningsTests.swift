import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// docs/dtcg.md section 2, "Warnings: accepted as real exporters write them": what the format forbids but real
/// exporters write loads, with one warning that names its file, line and token; it never stops the theme.
@Suite struct ExporterWarningsTests {
    /// A file whose second line is the token `x`.
    static func given(_ token: String) throws -> Given {
        try Given(["kit/tokens.json": #"{"ok": {"$type": "number", "$value": 1},"# + "\n" + #" "x": \#(token)}"#])
    }

    static func expectOneWarningAtX(_ given: Given, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(given.errors == [], sourceLocation: sourceLocation)
        #expect(given.warnings.count == 1, "\(given.warnings)", sourceLocation: sourceLocation)
        let warning = given.warnings.first ?? ""
        #expect(warning.hasPrefix("kit/tokens.json:2:"), "\(warning)", sourceLocation: sourceLocation)
        #expect(warning.contains(" x"), "\(warning)", sourceLocation: sourceLocation)
    }

    /// A token with no `$type` anywhere whose value has one clear shape is typed by it.
    @Test(arguments: [
        (#"{"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}"#, "color", Attribute.surface),
        (#"{"$value": {"value": 4, "unit": "px"}}"#, "dimension", .number),
        (#"{"$value": 3}"#, "number", .number),
    ])
    func anUntypedTokenIsTypedByItsShape(token: String, type: String, attribute: Attribute) throws {
        let given = try Self.given(token)
        Self.expectOneWarningAtX(given)
        #expect(given.token("x")?.type == type)
        #expect(given.attribute("x") == attribute)
    }

    /// Given an alias with no `$type` on it or its groups, want its target's type and one warning.
    @Test func anAliasWithoutATypeTakesItsTargetsTypeWithAWarning() throws {
        let given = try Self.given(#"{"$value": "{ok}"}"#)
        Self.expectOneWarningAtX(given)
        #expect(given.warnings.first?.contains("alias without $type") == true, "\(given.warnings)")
        #expect(try given.number("x") == 1)
    }

    /// A group's `$type` types its aliases: no warning.
    @Test func anAliasInATypedGroupHasNoWarning() throws {
        let given = try Given([
            "kit/tokens.json":
                #"{"ok": {"$type": "number", "$value": 1}, "g": {"$type": "number", "x": {"$value": "{ok}"}}}"#
        ])
        #expect(given.errors == [] && given.warnings == [], "\(given.warnings)")
        #expect(try given.number("g.x") == 1)
    }

    @Test func aTypeOutsideTheFormatIsAToken() throws {
        let given = try Self.given(#"{"$type": "string", "$value": "uppercase"}"#)
        Self.expectOneWarningAtX(given)
        #expect(try given.value(.token, "x") == .object(["type": "string", "value": "uppercase"]))
    }

    /// Given a member the format does not define beside `$value` (GitHub Primer's `alpha`), want it ignored.
    @Test func aMemberBesideTheValueIsIgnored() throws {
        let given = try Self.given(
            #"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}, "alpha": 0.5}"#)
        Self.expectOneWarningAtX(given)
        #expect(try given.hex("x") == "#0000FFFF")
    }

    @Test func anObjectWithATypeAndNoValueIsAnEmptyGroup() throws {
        let given = try Self.given(#"{"$type": "color"}"#)
        #expect(given.errors == [])
        #expect(given.warnings.count == 1, "\(given.warnings)")
        #expect(given.attribute("x") == nil)
        #expect(given.compilation.tokenCount == 1)
    }

    /// Given a dimension or color as exporters write it, want its value.
    @Test(arguments: [
        (#"{"$type": "dimension", "$value": "8px"}"#, 8.0),
        (#"{"$type": "dimension", "$value": "1.5rem"}"#, 24),
        (#"{"$type": "dimension", "$value": {"value": 8, "unit": "dp"}}"#, 8),
        (#"{"$type": "dimension", "$value": {"value": 8, "unit": "pt"}}"#, 8),
    ])
    func aLooseDimensionIsAccepted(token: String, points: Double) throws {
        let given = try Self.given(token)
        Self.expectOneWarningAtX(given)
        #expect(try given.number("x")?.doubleValue == points)
    }

    @Test(arguments: [("#FF0000", "#FF0000FF"), ("#00FF0080", "#00FF0080")])
    func aHexStringColorIsAccepted(hex: String, want: String) throws {
        let given = try Self.given(#"{"$type": "color", "$value": "\#(hex)"}"#)
        Self.expectOneWarningAtX(given)
        #expect(try given.hex("x") == want)
    }

    @Test func warningsComeBackWithTheSameTokensAfterAnEdit() throws {
        let before = Given.Files(["kit/tokens.json": #"{"ok": {"$type": "number", "$value": 1}, "x": {"$value": 3}}"#])
        try Given.expectIncrementalEqualsFresh(
            before, before.with("kit/tokens.json", #"{"ok": {"$type": "number", "$value": 2}, "x": {"$value": 3}}"#))
        try Given.expectIncrementalEqualsFresh(
            before,
            before.with("kit/tokens.json", ##"{"ok": {"$type": "number", "$value": 1}, "x": {"$value": "#FFFFFF"}}"##))
    }
}
