import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// docs/dtcg.md, "Tokens Studio projects": values as Tokens Studio accepts them, one token at a time, in a file of
/// Tokens Studio's DTCG option. Given a type and a value, want the resolved number (px for lengths) or token.
@Suite struct LooseValuesTests {
    static func given(_ type: String, _ value: String) throws -> Given {
        try Given([
            "tokens.json": #"{"rem": {"$type": "dimension", "$value": "1.5rem"}, "x": {"$type": "\#(type)", "$value": \#(value)}}"#,
            "$metadata.json": "{}",
        ])
    }

    @Test(arguments: [
        ("number", #""4px""#, 4.0), ("dimension", #""16""#, 16), ("spacing", #""1rem""#, 16),
        ("sizing", #""{rem} * 2""#, 48), ("borderRadius", #""min({rem}, 8px)""#, 8), ("fontSizes", "12", 12),
        ("opacity", #""50%""#, 0.5), ("lineHeights", #""150%""#, 1.5), ("fontWeights", #""Semi Bold""#, 600),
        ("number", #""roundTo(4 / 7, 1)""#, 0.6), ("dimension", #""{rem} / 2px""#, 12),
    ])
    func aLooseValueIsTheNumberTokensStudioMeans(type: String, value: String, want: Double) throws {
        let given = try Self.given(type, value)
        #expect(given.errors == [])
        let resolved = try given.value("x")
        let number = resolved?["base"]?.doubleValue ?? resolved?["value"]?.doubleValue ?? resolved?["weightValue"]?.doubleValue
        #expect(number == want, "\(String(describing: resolved))")
    }

    @Test(arguments: [
        ("other", #""-3px""#, JSONValue.string("-3px")), ("lineHeights", #""AUTO""#, .string("normal")),
        ("textCase", #""uppercase""#, .string("uppercase")),
    ])
    func textThatIsNoNumberStaysText(type: String, value: String, want: JSONValue) throws {
        let given = try Self.given(type, value)
        #expect(given.errors == [])
        #expect(try given.value(.token, "x")?["value"] == want)
    }

    @Test(arguments: [
        ("dimension", #""{rem} * {rem}""#, "x: a length times a length"),
        ("dimension", #""{rem} / 0""#, "x: a division by zero"),
        ("dimension", #""2 / {rem}""#, "x: a plain number divided by a length"),
        ("dimension", #""{rem} + 2""#, "x: a length and a plain number added together"),
    ])
    func mathTokensStudioCannotComputeIsAnErrorAtTheToken(type: String, value: String, want: String) throws {
        let given = try Self.given(type, value)
        #expect(given.errors == ["tokens.json:1:53: " + want])
        #expect(try given.number("rem") == 24)
    }
}
