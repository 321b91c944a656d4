import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import Testing

/// The `audit` method (docs/protocol.md, docs/review.md): the report of `snapstyle audit --format json` from the
/// served themes, in every context or in one, and its errors.
@Suite struct AuditMethodTests {
    let methods = StyleMethods(store: loadedStore(), defaultTheme: "snap")

    func audit(_ params: String) throws -> AuditResult {
        let answer = try #require(try methods.handle("audit", json(params)))
        return try #require(AuditResult(json: answer), "\(Jansson.encode(answer))")
    }

    @Test func oneContextMeasuresAsTheWholeAuditDoesInThatContext() throws {
        let whole = try audit(#"{"theme": "snap", "all": true}"#)
        let context = json(#"{"colorScheme": "dark", "contrast": "high", "dynamicType": "xxxLarge"}"#)
        let one = try audit(#"{"theme": "snap", "all": true, "context": \#(Jansson.encode(context))}"#)
        let theme = try #require(one.themes.first)
        #expect(theme.theme == "snap" && theme.generation == 1)
        #expect(theme.contexts == [context])
        #expect(theme.pairs.count > 100)
        #expect(theme.pairs.allSatisfy { $0.contexts == [context] })
        // Every pair measured in that context is the whole audit's pair, with the same ratio and verdict.
        let wholePairs = (whole.themes.first?.pairs ?? []).filter { $0.contexts.contains(context) }
        #expect(wholePairs.count == theme.pairs.count)
        for pair in theme.pairs {
            let same = wholePairs.first { $0.subject == pair.subject && $0.foreground.key == pair.foreground.key }
            #expect(same?.ratio == pair.ratio && same?.passes == pair.passes, "\(pair.name)")
        }
        #expect(theme.failing == theme.pairs.filter { !$0.passes }.count)
        #expect(whole.themes.first?.contexts.count == 12)
    }

    @Test func withoutAllOnlyTheFailingPairsAreListedAndTheJSONReadsBack() throws {
        let answer = try #require(try methods.handle("audit", json(#"{"level": "AAA", "apca": true}"#)))
        let result = try #require(AuditResult(json: answer))
        #expect(result.standard == "WCAG 2.2 AAA and APCA bronze" && result.failed)
        #expect(result.themes.map(\.theme) == ["snap"], "no root: the preset")
        #expect(result.themes[0].pairs.allSatisfy { !$0.passes })
        #expect(result.json == answer, "the typed shape reads the answer whole")
    }

    @Test(
        arguments: [
            (#"{"theme": "nothing"}"#, RPCError.unknownThemeCode, nil),
            (#"{"level": "A"}"#, RPCError.invalidParamsCode, "level"),
            (#"{"theme": "snap", "themes": ["snap"]}"#, RPCError.invalidParamsCode, "themes"),
            (#"{"apca": "yes"}"#, RPCError.invalidParamsCode, "apca"),
            (#"{"context": {"colorScheme": "purple"}}"#, RPCError.invalidContextCode, "colorScheme"),
        ] as [(String, Int, String?)])
    func wrongParamsAreErrors(params: String, code: Int, field: String?) {
        do {
            _ = try methods.handle("audit", json(params))
            Issue.record("\(params) was answered")
        } catch {
            #expect(error.code == code, "\(params): \(error)")
            if let field { #expect(error.data?["field"]?.stringValue == field, "\(params): \(error)") }
        }
    }
}
